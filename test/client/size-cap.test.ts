import type { ServerResponse } from "node:http";
import { IndexDataClient } from "../../src/client/client";
import { closeLoopbackServers, startLoopbackServer } from "./loopback-server";

afterEach(closeLoopbackServers);

const CHUNK = Buffer.alloc(64 * 1024, " ");

/** Writes blank padding (valid JSON whitespace) until the client hangs up; never ends the body by itself. */
function streamForever(response: ServerResponse): void {
  const pump = (): void => {
    while (!response.destroyed && response.write(CHUNK));
    if (!response.destroyed) response.once("drain", pump);
  };
  response.writeHead(200, { "content-type": "application/json" });
  pump();
}

/** A Content-Length far above the cap, and the first bytes of that body; the rest never comes. */
function announceHundredMegabytes(response: ServerResponse): void {
  response.writeHead(200, { "content-type": "application/json", "content-length": String(100 * 1024 * 1024) });
  response.write(CHUNK);
}

/** The client's wording for an answer over its cap. */
function tooLarge(path: string, megabytes: number): string {
  return `The answer to ${path} is larger than ${megabytes} MB; it was not read`;
}

type Read = (client: IndexDataClient) => Promise<unknown>;

describe("an answer is read up to a size cap, never whole", () => {
  it.each<[string, (response: ServerResponse) => void, Read, string]>([
    [
      "an endless body is cut off at 5 MB",
      streamForever,
      (client) => client.latest("RTM-NWE-A-1x3"),
      "/api/v1/index/RTM-NWE-A-1x3/latest",
    ],
    [
      "a Content-Length above the cap is refused before the body is read",
      announceHundredMegabytes,
      (client) => client.history("RTM-NWE-A-1x3"),
      "/api/v1/index/RTM-NWE-A-1x3/history",
    ],
  ])("%s: the request fails with a clear message and the connection is closed early", async (_, answer, read, path) => {
    const service = await startLoopbackServer((_request, response) => answer(response));
    const outcome = await read(new IndexDataClient({ baseUrl: service.url, timeoutMs: 20_000 })).catch(
      (error: unknown) => error as Error,
    );
    expect(service.requests).toHaveLength(1);
    await service.closedEarly;
    expect(outcome).toMatchObject({ name: "InvalidResponseError", message: tooLarge(path, 5) });
  });

  it("the catalogue has its own, larger cap (20 MB): a 6 MB catalogue is read, a 21 MB one is not", async () => {
    const entry = { symbol: "X", hub: "H", grade: "A", leadTime: "1x3", description: "d".repeat(200), isActive: true };
    const entriesIn = (megabytes: number) => Math.ceil((megabytes * 1024 * 1024) / JSON.stringify(entry).length);
    const padded = (megabytes: number) =>
      JSON.stringify({
        indexes: Array.from({ length: entriesIn(megabytes) }, (_, i) => ({ ...entry, symbol: `X-${i}` })),
      });
    const bodies = [padded(6), padded(21)];
    const service = await startLoopbackServer((_, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(bodies.shift());
    });
    const client = new IndexDataClient({ baseUrl: service.url, timeoutMs: 20_000 });
    const six = await client.listIndexes();
    expect(six.length).toBe(entriesIn(6));
    const outcome = await client.listIndexes().catch((error: unknown) => error as Error);
    expect(service.requests).toHaveLength(2);
    expect(outcome).toMatchObject({ name: "InvalidResponseError", message: tooLarge("/api/v1/indexes", 20) });
  });
});
