import { IndexDataClient } from "../../src/client/client";
import { RequestEngine } from "../../src/engine/request-engine";
import type { ResponseInfo } from "@index-data/wire";
import { MemoryStorage } from "../../src/settings/storage";
import { closeLoopbackServers, sendJson, startLoopbackServer } from "./loopback-server";

/**
 * The IETF rate-limit fields (draft-ietf-httpapi-ratelimit-headers), which the desk gateway sends beside the
 * service's own X-RateLimit-*: RateLimit-Policy names each quota, RateLimit says what remains of it. The client reads
 * them as structured fields (RFC 9651) into the same figures, through the same gates (issue 26, item 3).
 */
afterEach(closeLoopbackServers);
const STATUS = { status: "ok", timestamp: "2025-06-18T10:00:00Z" };

/** What onResponse hears of one answer carrying `headers`. */
async function heard(headers: Record<string, string>): Promise<ResponseInfo> {
  const service = await startLoopbackServer((_, response) => sendJson(response, STATUS, 200, headers));
  const seen: ResponseInfo[] = [];
  await new IndexDataClient({ baseUrl: service.url, onResponse: (info) => seen.push(info) }).systemStatus();
  expect(service.requests).toHaveLength(1);
  expect(seen).toHaveLength(1);
  return seen[0] as ResponseInfo;
}

const POLICY = { "ratelimit-policy": '"default";q=100;w=60' };

test.each([
  [
    "one policy and what remains of it",
    { ...POLICY, ratelimit: '"default";r=50;t=30' },
    { limit: 100, remaining: 50, resetSeconds: 30 },
  ],
  ["without a reset", { ...POLICY, ratelimit: '"default";r=7' }, { limit: 100, remaining: 7 }],
  [
    "several policies: the one with least left binds, its reset clamped to one window",
    {
      "ratelimit-policy": '"burst";q=100;w=60, "daily";q=1000;w=86400',
      ratelimit: '"burst";r=80;t=30, "daily";r=20;t=3600',
    },
    { limit: 1000, remaining: 20, resetSeconds: 60 },
  ],
  [
    "a policy named as a token",
    { "ratelimit-policy": "default;q=100;w=60", ratelimit: "default;r=9;t=1" },
    { limit: 100, remaining: 9, resetSeconds: 1 },
  ],
  [
    "the service's own X-RateLimit-* before them",
    { ...POLICY, ratelimit: '"default";r=50;t=30', "x-ratelimit-limit": "60", "x-ratelimit-remaining": "12" },
    { limit: 60, remaining: 12 },
  ],
] as const)("%s", async (_name, headers, expected) => {
  expect((await heard(headers)).rateLimit).toEqual(expected);
});

test.each([
  ["a RateLimit whose policy is not named", { ...POLICY, ratelimit: '"other";r=50;t=30' }],
  ["no RateLimit-Policy", { ratelimit: '"default";r=50;t=30' }],
  ["a remaining that is a decimal", { ...POLICY, ratelimit: '"default";r=5.5' }],
  ["a negative remaining", { ...POLICY, ratelimit: '"default";r=-1' }],
  ["a remaining given as text", { ...POLICY, ratelimit: '"default";r="50"' }],
  ["a quota given as text", { "ratelimit-policy": '"default";q="100"', ratelimit: '"default";r=50' }],
  ["a field that is not a structured list", { ...POLICY, ratelimit: "limit=100, remaining=50, reset=30" }],
  ["a policy that is not one", { "ratelimit-policy": '"default";q=100;w=60, ((', ratelimit: '"default";r=50' }],
] as const)("%s gives no figures", async (_name, headers) => {
  expect((await heard(headers)).rateLimit).toBeUndefined();
});

test("the engine learns the limit from them, as from the service's own headers", async () => {
  const service = await startLoopbackServer((_, response) =>
    sendJson(response, STATUS, 200, { "ratelimit-policy": '"default";q=1000;w=60', ratelimit: '"default";r=990;t=40' }),
  );
  const engine = new RequestEngine({ baseUrl: service.url }, { storage: new MemoryStorage(), budgetChannel: null });
  try {
    await engine.systemStatus();
    expect(service.requests).toHaveLength(1);
    expect(engine.snapshot().limitPerMinute).toBe(1000);
  } finally {
    engine.close();
  }
});
