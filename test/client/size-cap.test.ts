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

describe("an answer is read up to a size cap, never whole", () => {
  it("an endless body is cut off at 5 MB: the request fails with a clear message and the connection is closed early", async () => {
    const service = await startLoopbackServer((_, response) => streamForever(response));
    const client = new IndexDataClient({ baseUrl: service.url, timeoutMs: 20_000 });
    const outcome = await client.latest("RTM-NWE-A-1x3").catch((error: unknown) => error as Error);
    expect(service.requests).toHaveLength(1);
    await service.closedEarly;
    expect(outcome).toMatchObject({
      name: "InvalidResponseError",
      message:
        "The answer to /api/v1/index/RTM-NWE-A-1x3/latest is larger than 5 MB, more than any answer of an Index Data Service; " +
        "it was not read. Check that the base URL points at an Index Data Service.",
    });
  });

  it("a Content-Length above the cap is refused before the body is read", async () => {
    const service = await startLoopbackServer((_, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-length": String(100 * 1024 * 1024) });
      response.write(CHUNK);
    });
    const client = new IndexDataClient({ baseUrl: service.url, timeoutMs: 20_000 });
    const outcome = await client.history("RTM-NWE-A-1x3").catch((error: unknown) => error as Error);
    expect(service.requests).toHaveLength(1);
    await service.closedEarly;
    expect(outcome).toMatchObject({
      name: "InvalidResponseError",
      message:
        "The answer to /api/v1/index/RTM-NWE-A-1x3/history is larger than 5 MB, more than any answer of an Index Data Service; " +
        "it was not read. Check that the base URL points at an Index Data Service.",
    });
  });

  it("the catalogue has its own, larger cap (20 MB): a 6 MB catalogue is read, a 21 MB one is not", async () => {
    const entry = { symbol: "X", hub: "H", grade: "A", leadTime: "1x3", description: "d".repeat(200), isActive: true };
    const padded = (megabytes: number) => {
      const count = Math.ceil((megabytes * 1024 * 1024) / JSON.stringify(entry).length);
      return JSON.stringify({ indexes: Array.from({ length: count }, (_, i) => ({ ...entry, symbol: `X-${i}` })) });
    };
    const bodies = [padded(6), padded(21)];
    const service = await startLoopbackServer((_, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(bodies.shift());
    });
    const client = new IndexDataClient({ baseUrl: service.url, timeoutMs: 20_000 });
    const six = await client.listIndexes();
    expect(six.length).toBeGreaterThan(20_000);
    const outcome = await client.listIndexes().catch((error: unknown) => error as Error);
    expect(service.requests).toHaveLength(2);
    expect(outcome).toMatchObject({
      name: "InvalidResponseError",
      message:
        "The answer to /api/v1/indexes is larger than 20 MB, more than any answer of an Index Data Service; " +
        "it was not read. Check that the base URL points at an Index Data Service.",
    });
  });
});
