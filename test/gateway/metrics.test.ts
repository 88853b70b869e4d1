import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import { startGateway, type RunningGateway } from "../../gateway/src";
import { loopbackPeer } from "../../gateway/src/observability/metrics-route";
import { RedisStore } from "../../gateway/src/store/redis-store";
import { ReplicaStore } from "../../gateway/src/store/replica-store";
import { FakeClock } from "../support/fake-clock";
import { capturedLog, type CapturedLog } from "./support/captured-log";
import { makeDesk, startRecordingFront, type RecordingFront } from "./support/desk";
import { startRedis } from "./support/redis-server";
import { parsePrometheusText, sampleValue } from "./support/prometheus-text";
import { SERVING_CALLS } from "./support/steady-desk";

/** /metrics in the Prometheus text format, and the audit trail's lines, through one gateway in this process. */
const desk = makeDesk(["alice"]);
const LATEST = "/api/v1/index/RTM-NWE-A-1x3/latest";

let service: RunningReferenceService;
let front: RecordingFront;
beforeAll(async () => {
  service = await startReferenceService();
  front = await startRecordingFront(service.url);
});
afterAll(async () => {
  await front.close();
  await service.close();
});

/** A gateway in front of the recording front, logging at info into a log the test reads. */
async function loggedGateway(): Promise<{ gateway: RunningGateway; log: CapturedLog; clock: FakeClock }> {
  const log = capturedLog();
  // Still, so the window /metrics counts in never turns during a test.
  const clock = new FakeClock(Date.now() - 60_000);
  const gateway = await startGateway({
    upstream: front.url,
    upstreamKey: DEMO_KEYS.apiKey,
    tokens: () => desk.entries,
    logger: { level: "info", stream: log.stream },
    clock,
  });
  return { gateway, log, clock };
}

function ask(gateway: RunningGateway, path: string, token: string): Promise<Response> {
  return fetch(`${gateway.url}${path}`, { headers: { "x-api-key": token } });
}

test("after one miss and one hit, /metrics shows one upstream send, one miss and one hit, and promtool reads it", async () => {
  const { gateway } = await loggedGateway();
  try {
    const sentBefore = front.seen.length;
    const miss = await ask(gateway, LATEST, desk.tokens["alice"] ?? "");
    const hit = await ask(gateway, LATEST, desk.tokens["alice"] ?? "");
    expect([miss.status, hit.status]).toEqual([200, 200]);
    expect(miss.headers.get("cache-status")).toContain("fwd=miss");
    expect(hit.headers.get("cache-status")).toContain("; hit;");
    expect(front.seen.length - sentBefore).toBe(1);

    const scrape = await fetch(`${gateway.url}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get("content-type")).toContain("text/plain; version=0.0.4");
    const text = await scrape.text();
    const samples = parsePrometheusText(text);
    const latest = { kind: "latest" };
    expect(sampleValue(samples, "index_gateway_requests_total", { ...latest, cache_status: "miss" })).toBe(1);
    expect(sampleValue(samples, "index_gateway_requests_total", { ...latest, cache_status: "hit" })).toBe(1);
    // No counter is per user: the window's requests by user are a gauge of the busiest (top-subjects.ts).
    expect(samples.filter((s) => s.name === "index_gateway_requests_total" && "user" in s.labels)).toEqual([]);
    expect(sampleValue(samples, "index_gateway_window_requests", { user: "alice" })).toBe(2);
    expect(samples.filter((s) => s.name === "index_gateway_upstream_sends_total")).toEqual([
      { name: "index_gateway_upstream_sends_total", labels: { status: "200" }, value: 1 },
    ]);
    const count = (how: string) =>
      sampleValue(samples, "index_gateway_request_duration_seconds_count", { cache_status: how });
    expect([count("hit"), count("miss")]).toEqual([1, 1]);
    expect(sampleValue(samples, "index_gateway_budget_limit", {})).toBeGreaterThan(0);
    expect(sampleValue(samples, "index_gateway_budget_remaining", {})).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, "index_gateway_waiting_requests", {})).toBe(0);
    // Without --redis there is no Redis to be up or down.
    expect(samples.some((s) => s.name === "index_gateway_redis_up")).toBe(false);
    expect(samples.some((s) => s.name === "process_cpu_seconds_total")).toBe(true);

    // promtool parses and lints the whole page: ours, and prom-client's defaults without its gauges named *_total.
    const checked = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
    expect({ status: checked.status, output: `${checked.stdout}${checked.stderr}` }).toEqual({ status: 0, output: "" });
    expect(sampleValue(samples, "index_gateway_log_lines_dropped_total", {})).toBe(0);
  } finally {
    await gateway.close();
  }
});

test("the audit trail has one line per upstream send and per refused request, never the key or a token", async () => {
  const { gateway, log, clock } = await loggedGateway();
  const wrongToken = "idg_not-a-token-of-this-desk-0123456789abcdef";
  try {
    await ask(gateway, LATEST, desk.tokens["alice"] ?? "");
    await ask(gateway, LATEST, desk.tokens["alice"] ?? "");
    const refused = await ask(gateway, `${LATEST}?secret=${wrongToken}`, wrongToken);
    expect(refused.status).toBe(401);
    const badSymbol = await ask(gateway, "/api/v1/index/not a symbol/latest", desk.tokens["alice"] ?? "");
    expect(badSymbol.status).toBe(400);
  } finally {
    await gateway.close();
  }
  const audit = log.lines.filter((line) => line["audit"] !== undefined);
  // One time per line, the gateway's (its clock stands a minute behind the real one), never a second one beside it.
  const iso = new Date(clock.now()).toISOString();
  const rawAudit = log.raw.filter((line) => line.includes('"audit":'));
  expect(rawAudit.map((line) => line.split('"time":').length - 1)).toEqual([1, 1, 1]);
  expect(audit).toEqual([
    expect.objectContaining({
      audit: "upstream-send",
      user: "alice",
      resource: LATEST,
      cacheStatus: "miss",
      status: 200,
      time: iso,
    }),
    expect.objectContaining({
      audit: "refused",
      user: null,
      resource: LATEST,
      cacheStatus: null,
      status: 401,
      code: "UNAUTHORIZED",
      time: iso,
    }),
    expect.objectContaining({ audit: "refused", user: "alice", status: 400, cacheStatus: null, time: iso }),
  ]);
  // The audit keeps a refusal's path only: not even what a client put in the query reaches it.
  const trail = JSON.stringify(audit);
  for (const secret of [DEMO_KEYS.apiKey, wrongToken, desk.tokens["alice"] ?? "?"]) expect(trail).not.toContain(secret);
  const everything = log.raw.join("\n");
  for (const secret of [DEMO_KEYS.apiKey, desk.tokens["alice"] ?? "?"]) expect(everything).not.toContain(secret);
});

test("with --metrics-token-file, /metrics answers only that token, as a Bearer token, and never a desk token", async () => {
  const token = "metrics-6b1f0c7e9a2d4c1b8e5f";
  const gateway = await startGateway({
    upstream: service.url,
    tokens: () => desk.entries,
    metricsTokenDigest: createHash("sha256").update(token).digest(),
  });
  try {
    const scrape = (authorization?: string) =>
      fetch(`${gateway.url}/metrics`, authorization === undefined ? {} : { headers: { authorization } });
    const [none, desks, wrong, right] = await Promise.all([
      scrape(),
      scrape(`Bearer ${desk.tokens["alice"] ?? ""}`),
      scrape(`Bearer ${token}x`),
      scrape(`Bearer ${token}`),
    ]);
    expect([none.status, desks.status, wrong.status, right.status]).toEqual([401, 401, 401, 200]);
    const body = (await none.json()) as { code: string; message: string };
    expect(body.code).toBe("UNAUTHORIZED");
    expect(body.message).toContain("--metrics-token-file");
    expect(await right.text()).toContain("index_gateway_upstream_sends_total");
  } finally {
    await gateway.close();
  }
});

test("without a metrics token, /metrics is for this machine's scrapers only", () => {
  expect(["127.0.0.1", "127.3.2.1", "::1", "::ffff:127.0.0.1"].map(loopbackPeer)).toEqual([true, true, true, true]);
  expect(["10.0.0.7", "::ffff:192.168.1.4", "fe80::1", undefined].map(loopbackPeer)).toEqual([
    false,
    false,
    false,
    false,
  ]);
});

test("without a metrics token, a desk member on this machine reads neither /metrics nor the desk's health page", async () => {
  const gateway = await startGateway({ upstream: service.url, tokens: () => desk.entries });
  try {
    const token = { "x-api-key": desk.tokens["alice"] ?? "" };
    const [scraper, member] = await Promise.all([
      fetch(`${gateway.url}/metrics`),
      fetch(`${gateway.url}/metrics`, { headers: token }),
    ]);
    expect([scraper.status, member.status]).toEqual([200, 403]);
    expect(((await member.json()) as { code: string }).code).toBe("METRICS_LOOPBACK_ONLY");
    const health = (await (await fetch(`${gateway.url}/gateway/health`, { headers: token })).json()) as object;
    expect(health).not.toHaveProperty("budget.sendableNow");
    expect(health).toHaveProperty("requestsByUser", { alice: 0 });
  } finally {
    await gateway.close();
  }
});

/** The store's calls that reach Redis (the heartbeat runs on its own timer, never for a scrape). */
const REDIS_CALLS = ["readAnswer", ...SERVING_CALLS, "record", "snapshot", "addUsage", "requestsByUser"] as const;

test("a scrape costs at most one Redis call, and shows Redis up", async () => {
  const redis = await startRedis();
  const clock = new FakeClock(Date.now());
  let gateway: RunningGateway | undefined;
  try {
    gateway = await startGateway({ upstream: service.url, tokens: () => desk.entries, redisUrl: redis.url, clock });
    const spies = REDIS_CALLS.map((name) => jest.spyOn(RedisStore.prototype, name));
    const calls = () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    const texts: string[] = [];
    for (let scrape = 1; scrape <= 3; scrape += 1) {
      texts.push(await (await fetch(`${gateway.url}/metrics`)).text());
      expect(calls()).toBeLessThanOrEqual(scrape);
    }
    // It did read the budget from Redis: the fault this test guards against is more calls, not none.
    expect(calls()).toBeGreaterThan(0);
    expect(sampleValue(parsePrometheusText(texts[2] ?? ""), "index_gateway_redis_up", {})).toBe(1);
  } finally {
    jest.restoreAllMocks();
    await gateway?.close();
    await redis.kill();
  }
});

test("a scrape whose read of the shared budget fails shows this replica's own, and keeps the failure", async () => {
  const { gateway } = await loggedGateway();
  const read = jest.spyOn(ReplicaStore.prototype, "snapshot").mockRejectedValueOnce(new Error("Redis stalled"));
  try {
    const answer = await fetch(`${gateway.url}/metrics`);
    // The fault happened: the scrape asked the shared budget, and the read failed.
    expect(read).toHaveBeenCalledTimes(1);
    await expect(read.mock.results[0]?.value).rejects.toThrow("Redis stalled");
    expect(answer.status).toBe(200);
    expect(sampleValue(parsePrometheusText(await answer.text()), "index_gateway_budget_limit", {})).toBeGreaterThan(0);
    expect(gateway.diagnostics.recent()).toEqual([
      expect.objectContaining({
        where: "metrics: shared budget read",
        message: expect.stringContaining("Redis stalled"),
      }),
    ]);
  } finally {
    read.mockRestore();
    await gateway.close();
  }
});
