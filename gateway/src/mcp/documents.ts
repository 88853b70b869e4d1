import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { userOfAccount } from "../tenancy/account";
import { DOCUMENTS } from "./document-table";
import { readResource } from "./resource-reader";
import type { ToolDeps } from "./tool-deps";
import { failure } from "./tool-failure";

/** Registers the documents; a read is the caller's, counted and audited as a tool call of the document's name. */
export function registerDocuments(server: McpServer, deps: ToolDeps): void {
  for (const document of DOCUMENTS) {
    server.registerResource(
      document.name,
      document.uri,
      { description: document.description, mimeType: "application/json" },
      async (uri, extra): Promise<ReadResourceResult> => {
        const account = extra.authInfo?.extra?.["account"];
        if (typeof account !== "string") throw new Error("Not signed in to the gateway.");
        const { source, audit, metrics } = deps;
        const user = userOfAccount(account);
        try {
          const read = await readResource(source, account, document.resource, []);
          metrics.read(document.name, read.how);
          audit.toolCall(user, document.uri, read.path, read.how);
          return { contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(read.data) }] };
        } catch (error) {
          // A document has no error result: the SDK answers the thrown error as the read's JSON-RPC error.
          const { outcome, text } = failure(error, source.now());
          metrics.read(document.name, outcome);
          audit.toolCall(user, document.uri, document.uri, outcome);
          throw new Error(text, { cause: error });
        }
      },
    );
  }
}
