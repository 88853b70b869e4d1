import type { FaultKind, RequestLogEntry } from "../../reference-service/src";

/*
 * What a cell shows under each injected fault, word for word: the client's message for the failure
 * (src/client/errors/from-response.ts, src/client/http.ts) as passed on by the error table of
 * src/excel/service-errors.ts, which rewrites only a 429 that carries Retry-After. Written out here, not
 * computed by the code under test, so a change of wording fails the test.
 */

/** The status the service's request log shows for a request answered with the fault (0: dropped). */
export const LOGGED_STATUS: Readonly<Record<FaultKind, number>> = {
  "500": 500,
  "503": 503,
  malformed: 200,
  "wrong-shape": 200,
  drop: 0,
  "429": 429,
  "429-no-retry-after": 429,
};

/** The cell's message for a request to `path` on `origin` that met the fault; undefined for wrong-shape (values vary). */
export function faultWording(kind: FaultKind, origin: string, path: string): string | undefined {
  switch (kind) {
    case "500":
      return "Internal server error (injected by the test harness). The service failed; try again later, and report it if it persists.";
    case "503":
      return "Service unavailable (injected by the test harness). The service is degraded or down; try again later.";
    case "malformed":
      return `The answer to ${path} is not JSON; check that the base URL points at an Index Data Service.`;
    case "drop":
      return `Could not reach ${origin} (UND_ERR_SOCKET) for ${path}; check the base URL and the network connection.`;
    case "429":
      return "rate limited by the service; try again in 1 s (Refresh)";
    case "429-no-retry-after":
      return "Rate limit exceeded (injected by the test harness). Too many requests for this tier; try again in a minute, or use an API key for a higher limit.";
    case "wrong-shape":
      return undefined;
  }
}

/** The cell's message when the service holds every answer longer than the client's timeout. */
export function timeoutWording(origin: string, timeoutSeconds: number, path: string): string {
  return `No complete answer from ${origin} within ${timeoutSeconds} s (${path}); try again, or raise the timeout.`;
}

/** Paths the service answered with the fault. */
export function faultedPaths(log: readonly RequestLogEntry[], kind: FaultKind): string[] {
  return log.filter((entry) => entry.status === LOGGED_STATUS[kind]).map((entry) => entry.path);
}
