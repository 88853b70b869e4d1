import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { IndexDataClient } from "../../src/client/client";
import { testConnection } from "../../src/client/connection-test";
import type { ResponseInfo } from "@index-data/wire";
import { DEMO_KEYS, FLAGSHIP, FLAVORS } from "./reference";

/** Keys, tiers, rate limits, timeouts and cancellation against the reference service at its real limits. */
describe.each(FLAVORS)("transport, %s description", (flavor) => {
  let service: RunningReferenceService;
  beforeAll(async () => {
    service = await startReferenceService({ flavor, testFaults: true });
  });
  afterEach(() => service.faults.reset());
  afterAll(() => service.close());

  const anonymousLimit = flavor === "newer" ? 60 : 100;

  it.each(["x-api-key", "bearer"] as const)(
    "sends the key as %s and is served at the key's tier",
    async (keyHeaderStyle) => {
      const seen: ResponseInfo[] = [];
      const client = new IndexDataClient({
        baseUrl: service.url,
        apiKey: DEMO_KEYS.enterprise,
        keyHeaderStyle,
        onResponse: (info) => seen.push(info),
      });
      await client.latest(FLAGSHIP);
      expect(seen).toEqual([expect.objectContaining({ status: 200, path: `/api/v1/index/${FLAGSHIP}/latest` })]);
      expect(seen[0]?.rateLimit?.limit).toBe(1000);
      expect(JSON.stringify(seen)).not.toContain(DEMO_KEYS.enterprise);
    },
  );

  it("reports the tier and limit on a connection test, or the exact failure", async () => {
    const anonymous = await testConnection({ baseUrl: service.url });
    expect(anonymous).toMatchObject({ ok: true, tier: "anonymous", rateLimit: { limit: anonymousLimit } });
    const keyed = await testConnection({ baseUrl: service.url, apiKey: DEMO_KEYS.apiKey, keyHeaderStyle: "bearer" });
    expect(keyed).toMatchObject({ ok: true, tier: "api-key", rateLimit: { limit: 100 } });
    const revoked = await testConnection({ baseUrl: service.url, apiKey: DEMO_KEYS.revoked });
    expect(revoked).toMatchObject({ ok: false, error: { name: "UnauthorizedError", code: "API_KEY_REVOKED" } });
    const unreachable = await testConnection({ baseUrl: "http://127.0.0.1:9" });
    expect(unreachable).toMatchObject({ ok: false, error: { name: "NetworkError" } });
    const wrongUrl = await testConnection({ baseUrl: "http://remote.example", apiKey: "k" });
    expect(wrongUrl).toMatchObject({ ok: false, error: { name: "ConfigurationError" } });
  });

  it("tells onResponse about error responses too, with Retry-After", async () => {
    const seen: ResponseInfo[] = [];
    const client = new IndexDataClient({ baseUrl: service.url, onResponse: (info) => seen.push(info) });
    service.faults.failNext("429", 1);
    await expect(client.listIndexes()).rejects.toMatchObject({ name: "RateLimitedError" });
    expect(seen).toEqual([expect.objectContaining({ status: 429, retryAfterSeconds: 1 })]);
  });

  it("does not fail a request because an onResponse listener throws", async () => {
    const client = new IndexDataClient({
      baseUrl: service.url,
      onResponse: () => {
        throw new Error("listener bug");
      },
    });
    await expect(client.health()).resolves.toMatchObject({ healthy: true });
  });

  it("hands back the caller's abort reason when the caller's signal aborts", async () => {
    service.faults.setLatency(2_000);
    const controller = new AbortController();
    // The cell is cancelled once its request is out (the service holds it for 2 s), not after a guessed delay.
    const cancelOnceSent: typeof fetch = (input, init) => {
      const response = fetch(input, init);
      controller.abort(new Error("cell cancelled"));
      return response;
    };
    const pending = new IndexDataClient({ baseUrl: service.url, fetch: cancelOnceSent }).call("latest", [FLAGSHIP], {
      signal: controller.signal,
    });
    await expect(pending).rejects.toThrow("cell cancelled");
    const already = AbortSignal.abort();
    await expect(
      new IndexDataClient({ baseUrl: service.url }).call("latest", [FLAGSHIP], { signal: already }),
    ).rejects.toMatchObject({
      name: "AbortError",
    });
  });
});

describe("rate limiting at a tiny limit", () => {
  let service: RunningReferenceService;
  beforeAll(async () => {
    service = await startReferenceService({ rateLimits: { anonymous: 2 }, rateLimitWindowMs: 30_000 });
  });
  afterAll(() => service.close());

  it("turns the service's own 429 into RateLimitedError with the seconds to wait", async () => {
    const client = new IndexDataClient({ baseUrl: service.url });
    await client.health();
    await client.health();
    const error: unknown = await client.latest(FLAGSHIP).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "RateLimitedError", status: 429 });
    const seconds = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(30);
  });
});

describe("the timeout covers the body, not just the headers", () => {
  // The reference service delays whole responses; this server sends headers and then stalls the body,
  // which only a small raw HTTP server can do.
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"symbol":"RTM-NWE-A-1x3",');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("rejects with TimeoutError when the body never finishes", async () => {
    const client = new IndexDataClient({ baseUrl: url, timeoutMs: 200 });
    await expect(client.latest(FLAGSHIP)).rejects.toMatchObject({ name: "TimeoutError", timeoutMs: 200 });
  });
});

describe("a service that echoes the refused key", () => {
  // The reference service never echoes a key; some services do, in text or JSON error bodies.
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const key = String(req.headers["x-api-key"]);
      if (req.url?.includes("text")) {
        res.writeHead(403, { "content-type": "text/plain" }).end(`key ${key} is not allowed`);
      } else if (req.url?.includes("escaped")) {
        // Valid JSON that spells every character of the key as \uXXXX: the raw text never contains the key.
        const spelled = [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
        res
          .writeHead(401, { "content-type": "application/json" })
          .end(`{"code":"BAD_KEY","message":"Unknown API key ${spelled}."}`);
      } else {
        res
          .writeHead(401, { "content-type": "application/json" })
          .end(JSON.stringify({ code: "BAD_KEY", message: `Unknown API key ${key}.` }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it.each([["RTM-NWE-A-1x3"], ["text"], ["escaped"]])("keeps the key out of the error for %s", async (symbol) => {
    const apiKey = "sk-live/7f3a9c21";
    const error: unknown = await new IndexDataClient({ baseUrl: url, apiKey }).latest(symbol).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "UnauthorizedError", message: expect.stringContaining("[API key]") });
    expect(JSON.stringify(error)).not.toContain(apiKey);
    expect(String((error as Error).message)).not.toContain(apiKey);
  });
});
