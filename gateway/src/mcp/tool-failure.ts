import type { CallToolResult } from "@modelcontextprotocol/server";
import { GatewayError } from "../answers/gateway-error";
import { ServiceAnswerError } from "./resource-reader";
import { ToolArgumentError } from "./tool-dates";
import type { ToolOutcome } from "./tool-metrics";
import { ours, said, type ToolText } from "./tool-text";

/** An error result a model can act on; never a transport failure. */
export function errorResult(text: ToolText): CallToolResult {
  return { isError: true, content: [{ type: "text", text: text.text }] };
}

/** When to retry a refusal: its Retry-After, in seconds and as a time. */
function retryText(error: GatewayError, now: number): ToolText {
  const seconds = Number(error.headers["retry-after"] ?? "1");
  const wait = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 1;
  return said`Retry after ${wait} s (at ${ours(new Date(now + wait * 1000).toISOString())}).`;
}

/** How a failed call or read ended, and what to tell the agent: the words a model can act on. */
export function failure(error: unknown, now: number): { outcome: ToolOutcome; text: ToolText } {
  if (error instanceof ToolArgumentError) return { outcome: "invalid", text: error.text };
  if (error instanceof GatewayError) {
    if (error.statusCode === 429 || error.statusCode === 503)
      return {
        outcome: "refused",
        text: said`The desk's budget for the Index Data Service has no room now. ${retryText(error, now)}`,
      };
    // The gateway's own refusal: its words, with whatever of the request it quotes already made safe.
    return { outcome: error.statusCode < 500 ? "invalid" : "error", text: said`The gateway refused: ${error.message}` };
  }
  if (error instanceof ServiceAnswerError)
    return {
      outcome: error.status === 404 ? "not_found" : "service_error",
      text: said`The Index Data Service answered ${error.status}: ${error.message}`,
    };
  return {
    outcome: "error",
    text: said`The Index Data Service's answer could not be read; the gateway's log has the details.`,
  };
}
