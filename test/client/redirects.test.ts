import { IndexDataClient } from "../../src/client/client";
import { closeLoopbackServers, sendJson, startLoopbackServer } from "./loopback-server";
import { LATEST_FIX } from "./wire-fixtures";

const KEY = "secret-key-123";
const FIX = LATEST_FIX;

afterEach(closeLoopbackServers);

describe("redirects never carry the API key to another origin", () => {
  it.each([301, 302, 307, 308])(
    "a %i to another origin is refused, names that origin, and the key never reaches it",
    async (status) => {
      const elsewhere = await startLoopbackServer((_, response) => sendJson(response, FIX));
      const service = await startLoopbackServer((request, response) => {
        response.writeHead(status, { location: `${elsewhere.origin}${request.url ?? "/"}` });
        response.end();
      });
      const client = new IndexDataClient({ baseUrl: service.url, apiKey: KEY });
      const outcome = await client.latest(FIX.symbol).then(
        () => undefined,
        (error: unknown) => error as Error,
      );
      expect(service.requests).toHaveLength(1);
      expect(service.requests[0]?.headers["x-api-key"]).toBe(KEY);
      expect(elsewhere.requests).toEqual([]);
      expect(outcome?.name).toBe("ConfigurationError");
      expect(outcome?.message).toBe(
        `The service redirected /api/v1/index/${FIX.symbol}/latest to another origin, ${elsewhere.origin}; not followed`,
      );
      expect(outcome).toMatchObject({ problem: "redirect-elsewhere", redirectedTo: elsewhere.origin });
      expect(outcome?.message).not.toContain(KEY);
    },
  );

  it("a redirect within the same origin is followed, with the key", async () => {
    const service = await startLoopbackServer((request, response) => {
      if (request.url?.startsWith("/old/") === true) {
        response.writeHead(302, { location: request.url.slice("/old".length) });
        response.end();
        return;
      }
      if (request.url?.startsWith("/api/") === true && !request.url.includes("moved")) {
        response.writeHead(307, { location: `/old${request.url.replace("/latest", "/latest?moved=1")}` });
        response.end();
        return;
      }
      sendJson(response, FIX);
    });
    const client = new IndexDataClient({ baseUrl: service.url, apiKey: KEY });
    await expect(client.latest(FIX.symbol)).resolves.toMatchObject({ symbol: FIX.symbol, value: 1.8342 });
    expect(service.requests.map((r) => r.url)).toEqual([
      `/api/v1/index/${FIX.symbol}/latest`,
      `/old/api/v1/index/${FIX.symbol}/latest?moved=1`,
      `/api/v1/index/${FIX.symbol}/latest?moved=1`,
    ]);
    expect(service.requests.every((r) => r.headers["x-api-key"] === KEY)).toBe(true);
  });

  it("a same-origin redirect loop stops after 5 hops with a clear error", async () => {
    let hop = 0;
    const service = await startLoopbackServer((_, response) => {
      hop += 1;
      response.writeHead(302, { location: `/api/v1/indexes?hop=${hop}` });
      response.end();
    });
    const client = new IndexDataClient({ baseUrl: service.url });
    const outcome = await client.listIndexes().catch((error: unknown) => error as Error);
    expect(service.requests).toHaveLength(6);
    expect(outcome).toMatchObject({
      name: "InvalidResponseError",
      message: "The service redirected /api/v1/indexes more than 5 times",
      problem: "redirect-loop",
    });
  });

  it("a browser's opaque redirect (fetch with redirect: manual) is refused with a clear message", async () => {
    const fakeFetch: typeof fetch = (_input, init) => {
      expect(init?.redirect).toBe("manual");
      return Promise.resolve(Object.assign(new Response(null, { status: 200 }), {}) as Response).then((r) =>
        Object.defineProperties(r, { type: { value: "opaqueredirect" }, status: { value: 0 } }),
      );
    };
    const client = new IndexDataClient({ baseUrl: "https://indexes.example.com", apiKey: KEY, fetch: fakeFetch });
    const outcome = await client.latest(FIX.symbol).catch((error: unknown) => error as Error);
    expect(outcome).toMatchObject({
      name: "ConfigurationError",
      message: `The service redirected /api/v1/index/${FIX.symbol}/latest, and the browser does not say where to; not followed`,
      problem: "redirect-hidden",
    });
  });
});
