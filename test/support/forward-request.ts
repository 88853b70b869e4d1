import { request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";

/** Passes a request on to `target` (same path and headers, its host) and its answer back as it comes. */
export function forwardRequest(req: IncomingMessage, res: ServerResponse, target: string): void {
  const upstream = new URL(req.url ?? "/", target);
  const forward = httpRequest(
    upstream,
    { method: req.method, headers: { ...req.headers, host: upstream.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  // An upstream that drops the connection shows up to the caller as a dropped connection too.
  forward.on("error", () => res.destroy());
  req.pipe(forward);
}
