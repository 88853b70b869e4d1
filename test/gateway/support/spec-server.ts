import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { FakeClock } from "../../support/fake-clock";
import { SpecUpstream, type SpecUpstreamOptions } from "../../support/spec-upstream";

/** An answer as the upstream wrote it: its status and every rate-limit header it sent. */
export interface WrittenAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
}

/** The spec-keeping upstream over HTTP: what it counted, what it wrote, and what it still holds. */
export interface SpecServer {
  readonly url: string;
  /** The upstream's own books: every arrival, its windows. */
  readonly upstream: SpecUpstream;
  /** Every answer written, in order. */
  readonly written: readonly WrittenAnswer[];
  /** Requests that arrived and wait on the fake clock for their answer (their latency). */
  readonly held: number;
  close(): Promise<void>;
}

const REFUSAL = JSON.stringify({
  statusCode: 429,
  error: "Too Many Requests",
  code: "RATE_LIMITED",
  message: "Rate limit exceeded.",
});

/**
 * `SpecUpstream` (which enforces its limit for real, whatever its headers say) as an HTTP server on loopback, each
 * request answered `answerMs` of fake time (unless its own `latencyMs` says otherwise) after it arrives: `body` for every request let through, the service's
 * 429 for the others.
 */
export async function startSpecServer(
  clock: FakeClock,
  options: SpecUpstreamOptions & { readonly answerMs: number },
  body: string,
): Promise<SpecServer> {
  const upstream = new SpecUpstream(clock, options);
  const written: WrittenAnswer[] = [];
  let held = 0;
  const server = createServer((req, res) => {
    const arrived = upstream.arrive(req.url ?? "");
    held += 1;
    clock.setTimer(() => {
      held -= 1;
      const headers = Object.fromEntries(arrived.headers());
      written.push({ status: arrived.status, headers });
      res.writeHead(arrived.status, { ...headers, "content-type": "application/json" });
      res.end(arrived.status === 200 ? body : REFUSAL);
    }, arrived.latencyMs ?? options.answerMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    upstream,
    written,
    get held() {
      return held;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
