import { IndexDataClient } from "../../src/client/client";
import type { ResponseInfo } from "@index-data/wire";
import { closeLoopbackServers, sendJson, startLoopbackServer } from "./loopback-server";

afterEach(closeLoopbackServers);

const FAR_FUTURE_DATE = "Fri, 31 Dec 9999 23:59:59 GMT";

/** A service that answers every request with a 429 carrying `retryAfter`. */
async function refusingWith(retryAfter: string) {
  const service = await startLoopbackServer((_, response) =>
    sendJson(response, { code: "RATE_LIMITED", message: "Too many requests" }, 429, { "retry-after": retryAfter }),
  );
  const seen: ResponseInfo[] = [];
  const client = new IndexDataClient({ baseUrl: service.url, onResponse: (info) => seen.push(info) });
  const error = (await client.systemStatus().then(
    () => new Error("answered"),
    (e: unknown) => e as Error,
  )) as Error & { retryAfterSeconds?: number };
  return { service, seen, error };
}

describe("a wait taken from a header is at most one rate window (60 s)", () => {
  it.each(["9999999999", "1e308", FAR_FUTURE_DATE])("Retry-After: %s is taken as 60 s", async (retryAfter) => {
    const { service, seen, error } = await refusingWith(retryAfter);
    expect(service.requests).toHaveLength(1);
    expect(seen).toEqual([expect.objectContaining({ status: 429, retryAfterSeconds: 60 })]);
    expect(error).toMatchObject({ name: "RateLimitedError", retryAfterSeconds: 60 });
    expect(error.message).toBe("HTTP 429 from /api/status: Too many requests.");
  });

  it.each(["-5", "NaN", "Infinity", "soon"])("Retry-After: %s is ignored, as if absent", async (retryAfter) => {
    const { service, seen, error } = await refusingWith(retryAfter);
    expect(service.requests).toHaveLength(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.retryAfterSeconds).toBeUndefined();
    expect(error).toMatchObject({ name: "RateLimitedError", retryAfterSeconds: undefined });
    expect(error.message).toBe("HTTP 429 from /api/status: Too many requests.");
  });

  it.each([
    ["9999999999", 60],
    ["1e308", 60],
    ["12", 12],
  ])("X-RateLimit-Reset: %s gives a reset of %i s", async (reset, expected) => {
    const service = await startLoopbackServer((_, response) =>
      sendJson(response, { status: "ok", timestamp: "2025-06-18T10:00:00Z" }, 200, {
        "x-ratelimit-limit": "60",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": reset,
      }),
    );
    const seen: ResponseInfo[] = [];
    await new IndexDataClient({ baseUrl: service.url, onResponse: (info) => seen.push(info) }).systemStatus();
    expect(service.requests).toHaveLength(1);
    expect(seen).toEqual([expect.objectContaining({ rateLimit: { limit: 60, remaining: 0, resetSeconds: expected } })]);
  });

  it.each(["-1", "NaN", "later"])(
    "X-RateLimit-Reset: %s is ignored; a negative or absurd limit drops the figures",
    async (reset) => {
      const service = await startLoopbackServer((request, response) => {
        const absurdLimit = request.url?.includes("absurd") === true;
        sendJson(response, { status: "ok", timestamp: "2025-06-18T10:00:00Z" }, 200, {
          "x-ratelimit-limit": absurdLimit ? "-60" : "60",
          "x-ratelimit-remaining": "3",
          "x-ratelimit-reset": reset,
        });
      });
      const seen: ResponseInfo[] = [];
      await new IndexDataClient({ baseUrl: service.url, onResponse: (info) => seen.push(info) }).systemStatus();
      expect(seen).toEqual([expect.objectContaining({ rateLimit: { limit: 60, remaining: 3 } })]);
      const absurd = new IndexDataClient({ baseUrl: `${service.url}/absurd`, onResponse: (info) => seen.push(info) });
      await absurd.systemStatus();
      expect(service.requests).toHaveLength(2);
      expect(seen[1]?.rateLimit).toBeUndefined();
    },
  );
});
