import { ResourceTemplate, type McpServer, type ReadResourceResult } from "@modelcontextprotocol/server";
import type { DataOf } from "@index-data/wire";
import { firstFitting, kb, MCP_ANSWER_BYTES, quotedJsonBytes } from "./answer-room";
import { DOCUMENTS } from "./document-table";
import type { McpCaller } from "./caller";
import type { ToolDeps } from "./tool-deps";
import { failure } from "./tool-failure";
import { userOfAccount } from "../tenancy/account";

type Document = (typeof DOCUMENTS)[number];

/** Bytes of a page's own fields beside its items (document, from, total, next, note). */
const PAGE_FIELDS_BYTES = 512;

/** The page of `items` from `from` that fits `room`; an item too large for the room alone is named, not sent. */
function page(document: Document, items: readonly unknown[], from: number, room: number): Record<string, unknown> {
  const fitting = firstFitting(items, from, room - PAGE_FIELDS_BYTES, Number.POSITIVE_INFINITY, quotedJsonBytes);
  const kept: unknown[] =
    fitting.length > 0 || from >= items.length
      ? fitting
      : [
          {
            omitted: `item ${from} is ${kb(quotedJsonBytes(items[from]))}, more than this answer's room (${kb(room)}): read ${document.uri}?from=${from} alone, not in a batch (up to ${kb(MCP_ANSWER_BYTES)}).`,
          },
        ];
  const next = from + kept.length < items.length ? `${document.uri}?from=${from + kept.length}` : null;
  return {
    document: document.name,
    from,
    total: items.length,
    items: kept,
    next,
    ...(next !== null
      ? { note: `Items ${from} to ${from + kept.length - 1} of ${items.length}: read next for more.` }
      : {}),
  };
}

/** `from` of a page's URI: a whole number, 0 when absent. */
function fromOf(variables: Record<string, string | string[]>): number {
  const given = variables["from"];
  const text = Array.isArray(given) ? given[0] : given;
  return text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : 0;
}

/**
 * Registers the documents, each whole at its URI and page by page at `…?from=N`; a read is the caller's, counted and
 * audited as a tool call of the document's name, and fits the caller's room (answer-room.ts).
 */
export function registerDocuments(server: McpServer, deps: ToolDeps, caller: McpCaller): void {
  const user = userOfAccount(caller.account);
  for (const document of DOCUMENTS) {
    const read = async (uri: URL, from: number): Promise<ReadResourceResult> => {
      const { reader, audit, metrics } = deps;
      const now = () => reader.source.now();
      try {
        const answer = await reader.read(caller.account, document.resource, []);
        metrics.read(document.name, answer.how);
        audit.toolCall(user, document.uri, answer.path, answer.how);
        const items = document.items(answer.data as DataOf<"methodology"> & DataOf<"listIndexes">);
        const text = JSON.stringify(page(document, items, from, caller.room));
        return { contents: [{ uri: uri.href, mimeType: "application/json", text }] };
      } catch (error) {
        // A document has no error result: the SDK answers the thrown error as the read's JSON-RPC error.
        const { outcome, text } = failure(error, now());
        metrics.read(document.name, outcome);
        audit.toolCall(user, document.uri, document.uri, outcome);
        throw new Error(text.text, { cause: error });
      }
    };
    const about = { description: document.description, mimeType: "application/json" };
    server.registerResource(document.name, document.uri, about, (uri) => read(uri, 0));
    server.registerResource(
      `${document.name}-page`,
      new ResourceTemplate(`${document.uri}{?from}`, { list: undefined }),
      { ...about, description: `${document.description} One page from item "from" on.` },
      (uri, variables) => read(uri, fromOf(variables)),
    );
  }
}
