import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { readResource } from "./resource-reader";
import type { ToolDeps } from "./tool-deps";

/** The documents an agent may read whole: the methodology and the catalogue, through the same cache as the tools. */
const DOCUMENTS = [
  {
    name: "methodology",
    uri: "index-data://methodology",
    resource: "methodology",
    description: "The index methodology: product definition, calculation, normalisation and confidence scoring.",
  },
  {
    name: "catalogue",
    uri: "index-data://catalogue",
    resource: "listIndexes",
    description: "Every published index: symbol, hub, grade, lead time, description, whether active, latest value.",
  },
] as const;

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
        const read = await readResource(deps.source, account, document.resource, []);
        return { contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(read.data) }] };
      },
    );
  }
}
