import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

/** The upstream's window as the front reports it: it counts each request as it arrives, as the service does. */
export interface FrontWindow {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/**
 * An upstream whose budget the test writes: a pass-through to the reference service (its bodies, so every answer
 * passes the wire schemas) that replaces the rate-limit headers with `window`'s figures, and refuses on demand
 * with 429. The reference service's own window runs on real time; this one moves only when the test says so.
 */
export interface ScriptedFront {
  readonly url: string;
  /** Path and query of every request that arrived, in order, and the status it was answered with. */
  readonly seen: ReadonlyArray<{ readonly path: string; readonly status: number }>;
  readonly window: FrontWindow;
  /** The next `count` requests are answered 429 with `Retry-After: retryAfterSeconds` and no other figures. */
  refuseNext(count: number, retryAfterSeconds: number): void;
  close(): Promise<void>;
}

const RATE_HEADERS = ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "retry-after"];

export async function startScriptedFront(target: string, window: FrontWindow): Promise<ScriptedFront> {
  const seen: Array<{ path: string; status: number }> = [];
  let refusals = 0;
  let retryAfter = 1;
  const server = createServer((req, res) => {
    const entry = { path: req.url ?? "", status: 0 };
    seen.push(entry);
    if (refusals > 0) {
      refusals -= 1;
      entry.status = 429;
      res.writeHead(429, { "content-type": "application/json", "retry-after": String(retryAfter) });
      res.end('{"statusCode":429,"error":"Too Many Requests","code":"RATE_LIMITED","message":"Slow down."}');
      return;
    }
    window.remaining = Math.max(0, window.remaining - 1);
    const figures = {
      "x-ratelimit-limit": String(window.limit),
      "x-ratelimit-remaining": String(window.remaining),
      "x-ratelimit-reset": String(window.resetSeconds),
    };
    const upstream = new URL(req.url ?? "/", target);
    const forward = httpRequest(upstream, { headers: { ...req.headers, host: upstream.host } }, (answer) => {
      const headers = { ...answer.headers };
      for (const name of RATE_HEADERS) delete headers[name];
      entry.status = answer.statusCode ?? 502;
      res.writeHead(entry.status, { ...headers, ...figures });
      answer.pipe(res);
    });
    forward.on("error", () => res.destroy());
    forward.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    window,
    refuseNext: (count, seconds) => {
      refusals = count;
      retryAfter = seconds;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
