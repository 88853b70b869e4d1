import type { FaultKind, RequestLogEntry } from "../../reference-service/src";

/*
 * What a cell shows under each injected fault, word for word: the facts the client carries (status, path, the
 * service's words, origin, the socket's reason, the timeout) worded by the error table of
 * src/formulas/service-errors.ts. Written out here, not computed by the code under test, so a change of wording
 * fails the test.
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
      return `The answer to ${path} is not JSON. Check that the service URL in the taskpane settings points at an Index Data Service.`;
    case "drop":
      return `Could not reach ${origin} (UND_ERR_SOCKET) for ${path}; check the service URL in the taskpane settings and the network connection.`;
    // A 429 that reaches a cell (a source without the engine, which queues it again) is a turn to wait, not a fault.
    case "429":
      return "waiting for its turn under the service's rate limit; Refresh in about 1 s asks again";
    case "429-no-retry-after":
      return "waiting for its turn under the service's rate limit; Refresh in a minute asks again, or use an API key for a higher limit";
    case "wrong-shape":
      return undefined;
  }
}

/**
 * What a cell of the request engine shows when the service refuses its request with 429 until the request's bound
 * passes: it waited its turn (the engine queued it again after each 429), and says when asking again finds room.
 */
export const STILL_WAITING =
  /^waiting for its turn under the service's rate limit \(more than \d+ s of requests queued\); Refresh in about \d+ s asks again$/;

/** The cell's message when the service holds every answer longer than the client's timeout. */
export function timeoutWording(origin: string, timeoutSeconds: number, path: string): string {
  return `No complete answer from ${origin} within ${timeoutSeconds} s (${path}); the service may be busy: Refresh in a moment.`;
}

/** Paths the service answered with the fault. */
export function faultedPaths(log: readonly RequestLogEntry[], kind: FaultKind): string[] {
  return log.filter((entry) => entry.status === LOGGED_STATUS[kind]).map((entry) => entry.path);
}
