import { Counter, type Registry } from "prom-client";
import { DOCUMENTS } from "./document-table";
import { TOOL_NAMES, type ToolName } from "./schemas";

/** How a tool call ended: how its answer was served, or why it was not. A fixed set: bounded label values. */
export type ToolOutcome =
  "hit" | "miss" | "collapsed" | "stale" | "passed" | "refused" | "invalid" | "not_found" | "service_error" | "error";

/** The documents' names: the only values the document label takes. */
type DocumentName = (typeof DOCUMENTS)[number]["name"];
const DOCUMENT_NAMES: readonly string[] = DOCUMENTS.map((document) => document.name);

/**
 * `index_gateway_mcp_tool_calls_total{tool, outcome}` and `index_gateway_mcp_document_reads_total{document, outcome}`,
 * in the gateway's registry: the tool label takes only the tools' names (an unknown tool never reaches a handler), the
 * document label only the documents', the outcome only ToolOutcome's values.
 */
export class ToolMetrics {
  private readonly calls: Counter<"tool" | "outcome">;
  private readonly reads: Counter<"document" | "outcome">;

  constructor(registry: Registry) {
    this.calls = new Counter({
      name: "index_gateway_mcp_tool_calls_total",
      help: "MCP tool calls (/mcp), by tool and outcome (the cache's hit, miss, collapsed, stale, passed; or refused, invalid, not_found, service_error, error).",
      labelNames: ["tool", "outcome"] as const,
      registers: [registry],
    });
    this.reads = new Counter({
      name: "index_gateway_mcp_document_reads_total",
      help: "MCP document reads (/mcp resources: methodology, catalogue), by document and outcome (as the tool calls').",
      labelNames: ["document", "outcome"] as const,
      registers: [registry],
    });
  }

  called(tool: ToolName, outcome: ToolOutcome): void {
    if (TOOL_NAMES.includes(tool)) this.calls.inc({ tool, outcome });
  }

  read(document: DocumentName, outcome: ToolOutcome): void {
    if (DOCUMENT_NAMES.includes(document)) this.reads.inc({ document, outcome });
  }
}
