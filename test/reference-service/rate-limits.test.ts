import { DEMO_KEYS, TIER_LIMITS, type Flavor, type Tier } from "../../reference-service/src/index";
import { FLAGSHIP, anonymous, get, record, serviceFor, type JsonResponse } from "./support";
import type { RunningReferenceService } from "../../reference-service/src/index";
import { FakeClock } from "../support/fake-clock";

const WINDOW_MS = 20_000;
/** The limiters' clock: it stands still while a burst is sent, however long a loaded machine takes to send it. */
const clock = new FakeClock();
const KEY_HEADERS: Readonly<Record<Tier, Record<string, string>>> = {
  anonymous: {},
  "api-key": { "X-API-Key": DEMO_KEYS.apiKey },
  enterprise: { Authorization: `Bearer ${DEMO_KEYS.enterprise}` },
};

function headerNumber(response: JsonResponse, name: string): number {
  const value = response.headers.get(name);
  if (value === null) throw new Error(`Missing header ${name}`);
  return Number(value);
}

/** Sends `count` requests as the tier, 50 at a time, and returns them in order of sending. */
async function burst(service: RunningReferenceService, tier: Tier, count: number): Promise<JsonResponse[]> {
  const responses: JsonResponse[] = [];
  for (let sent = 0; sent < count; sent += 50) {
    const batch = Array.from({ length: Math.min(50, count - sent) }, () =>
      get(service, "/api/health", KEY_HEADERS[tier]),
    );
    responses.push(...(await Promise.all(batch)));
  }
  return responses;
}

function expectRateLimited(response: JsonResponse, limit: number): void {
  expect(response.status).toBe(429);
  expect(record(response.body).code).toBe("RATE_LIMITED");
  expect(headerNumber(response, "x-ratelimit-limit")).toBe(limit);
  expect(headerNumber(response, "x-ratelimit-remaining")).toBe(0);
  const retryAfter = headerNumber(response, "retry-after");
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
  expect(headerNumber(response, "x-ratelimit-reset")).toBe(retryAfter);
}

describe.each(["newer", "older"] as Flavor[])("limits per tier, %s description", (flavor) => {
  const limits = TIER_LIMITS[flavor];

  describe.each(["anonymous", "api-key", "enterprise"] as Tier[])("%s", (tier) => {
    const service = serviceFor({ flavor, rateLimitWindowMs: WINDOW_MS, rateLimitClock: clock });

    test(`allows exactly the tier's limit, then answers 429 with Retry-After`, async () => {
      const limit = limits[tier];
      const allowed = await burst(service(), tier, limit);
      expect(allowed.every((r) => r.status === 200)).toBe(true);
      for (const response of allowed) {
        expect(headerNumber(response, "x-ratelimit-limit")).toBe(limit);
        expect(headerNumber(response, "x-ratelimit-reset")).toBeLessThanOrEqual(WINDOW_MS / 1000);
      }
      expect(Math.min(...allowed.map((r) => headerNumber(r, "x-ratelimit-remaining")))).toBe(0);
      expect(Math.max(...allowed.map((r) => headerNumber(r, "x-ratelimit-remaining")))).toBe(limit - 1);
      expectRateLimited(await get(service(), "/api/health", KEY_HEADERS[tier]), limit);
      expect(service().requests.every((r) => r.apiKeyTier === tier)).toBe(true);
    });

    test("other tiers keep their own budget", async () => {
      for (const other of (["anonymous", "api-key", "enterprise"] as Tier[]).filter((t) => t !== tier)) {
        const response = await get(service(), "/api/health", KEY_HEADERS[other]);
        expect(response.status).toBe(200);
        expect(headerNumber(response, "x-ratelimit-limit")).toBe(limits[other]);
      }
    });
  });
});

describe("both key headers count against the same key", () => {
  const service = serviceFor({ rateLimitWindowMs: WINDOW_MS, rateLimits: { "api-key": 4 }, rateLimitClock: clock });

  test("two by X-API-Key and two by Bearer exhaust a budget of 4", async () => {
    const viaHeader = { "X-API-Key": DEMO_KEYS.apiKey };
    const viaBearer = { Authorization: `Bearer ${DEMO_KEYS.apiKey}` };
    for (const headers of [viaHeader, viaBearer, viaHeader, viaBearer]) {
      expect((await get(service(), "/api/v1/indexes", headers)).status).toBe(200);
    }
    expectRateLimited(await get(service(), "/api/v1/indexes", viaBearer), 4);
  });
});

describe("the window", () => {
  const service = serviceFor({ rateLimitWindowMs: 1_000, rateLimits: { anonymous: 3 }, rateLimitClock: clock });

  test("reopens after Retry-After", async () => {
    for (let i = 0; i < 3; i += 1) expect((await get(service(), "/api/health", anonymous())).status).toBe(200);
    const limited = await get(service(), "/api/health", anonymous());
    expect(limited.status).toBe(429);
    // Just short of Retry-After the window is still closed; at it, it has reopened.
    await clock.advance(headerNumber(limited, "retry-after") * 1000 - 1);
    expect((await get(service(), "/api/health", anonymous())).status).toBe(429);
    await clock.advance(1);
    expect((await get(service(), "/api/health", anonymous())).status).toBe(200);
  });
});

describe("headers on every response, and CORS", () => {
  const service = serviceFor({});

  test("200, 400, 401 and 404 responses carry the rate-limit headers and CORS headers", async () => {
    const responses = [
      await get(service(), `/api/v1/index/${FLAGSHIP}/latest`),
      await get(service(), `/api/v1/index/${FLAGSHIP}/volatility?windowDays=0`),
      await get(service(), "/api/v1/indexes", { "X-API-Key": "wrong" }),
      await get(service(), "/api/v1/index/NOPE/latest"),
      await get(service(), "/no/such/path"),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 400, 401, 404, 404]);
    for (const response of responses) {
      for (const name of ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"]) {
        expect(response.headers.get(name)).toMatch(/^\d+$/);
      }
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("access-control-expose-headers")).toContain("retry-after");
      expect(response.headers.get("access-control-expose-headers")).toContain("x-ratelimit-remaining");
    }
  });

  test("a preflight from any origin may send X-API-Key and Authorization", async () => {
    const response = await fetch(`${service().url}/api/v1/indexes`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://localhost:3000",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "x-api-key,authorization",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const allowed = (response.headers.get("access-control-allow-headers") ?? "").toLowerCase();
    expect(allowed).toContain("x-api-key");
    expect(allowed).toContain("authorization");
  });
});
