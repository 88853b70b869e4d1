import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request a hostile test server received. */
export interface SeenRequest {
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}

/** A tiny node:http server on 127.0.0.1 for behaviour the reference service never shows (redirects, huge bodies). */
export interface LoopbackServer {
  readonly url: string;
  readonly origin: string;
  readonly requests: SeenRequest[];
  /** Resolves when a response was closed before the handler ended it (the client hung up early). */
  readonly closedEarly: Promise<void>;
  close(): Promise<void>;
}

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const open: LoopbackServer[] = [];

export async function startLoopbackServer(handler: Handler): Promise<LoopbackServer> {
  const requests: SeenRequest[] = [];
  let hungUp: () => void = () => undefined;
  const closedEarly = new Promise<void>((resolve) => (hungUp = resolve));
  const server = createServer((request, response) => {
    requests.push({ url: request.url ?? "", headers: request.headers });
    response.on("close", () => {
      if (!response.writableEnded) hungUp();
    });
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const running: LoopbackServer = {
    url: origin,
    origin,
    requests,
    closedEarly,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  open.push(running);
  return running;
}

/** Closes every server started since the last call (use in afterEach). */
export async function closeLoopbackServers(): Promise<void> {
  await Promise.all(open.splice(0).map((s) => s.close()));
}

/** Answers with JSON and the given status and headers. */
export function sendJson(
  response: ServerResponse,
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}
