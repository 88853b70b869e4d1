import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { GatewayError } from "../gateway-error";
import { ServiceAnswerError } from "./resource-reader";
import { ToolArgumentError } from "./tool-dates";
import type { ToolOutcome } from "./tool-metrics";

/** An error result a model can act on; never a transport failure. */
export function errorResult(text: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text }] };
}

/** When to retry a refusal: its Retry-After, in seconds and as a time. */
function retryText(error: GatewayError, now: number): string {
  const seconds = Number(error.headers["retry-after"] ?? "1");
  const wait = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 1;
  return `Retry after ${wait} s (at ${new Date(now + wait * 1000).toISOString()}).`;
}

/** How a failed call or read ended, and what to tell the agent: the words a model can act on. */
export function failure(error: unknown, now: number): { outcome: ToolOutcome; text: string } {
  if (error instanceof ToolArgumentError) return { outcome: "invalid", text: error.message };
  if (error instanceof GatewayError) {
    if (error.statusCode === 429 || error.statusCode === 503)
      return {
        outcome: "refused",
        text: `The desk's budget for the Index Data Service has no room now. ${retryText(error, now)}`,
      };
    return { outcome: error.statusCode < 500 ? "invalid" : "error", text: error.message };
  }
  if (error instanceof ServiceAnswerError)
    return {
      outcome: error.status === 404 ? "not_found" : "service_error",
      text: `${error.message} (the Index Data Service answered ${error.status}).`,
    };
  return {
    outcome: "error",
    text: "The Index Data Service's answer could not be read; the gateway's log has the details.",
  };
}
