import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the hostile upstream answers one request with. */
export interface Scripted {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

/**
 * An upstream that answers whatever the test wants, and records what reached it: a plain node:http server on
 * loopback, as a hostile (or broken) Index Data Service would be.
 */
export interface HostileUpstream {
  readonly url: string;
  /** The path and query of every request, in order. */
  readonly seen: string[];
  /** From now on, answer every request with what `script` says for it. */
  answer(script: (path: string) => Scripted): void;
  close(): Promise<void>;
}

export async function startHostileUpstream(script: (path: string) => Scripted): Promise<HostileUpstream> {
  const seen: string[] = [];
  let current = script;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? "";
    seen.push(path);
    const { status, headers = { "content-type": "application/json" }, body = "" } = current(path);
    res.writeHead(status, headers);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    answer: (next) => (current = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The reference service's JSON error body. */
export function serviceError(statusCode: number, code: string, message: string): string {
  const phrases: Record<number, string> = { 400: "Bad Request", 404: "Not Found", 500: "Internal Server Error" };
  return JSON.stringify({ statusCode, error: phrases[statusCode] ?? "Error", code, message });
}
