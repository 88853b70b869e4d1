import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import type { RunningGateway } from "../../gateway/src";
import { RequestEngine } from "../../src/engine/request-engine";
import { MemoryStorage } from "../../src/settings/storage";
import { indexHistory, indexLatest, type FormulaEnv } from "../../src/formulas";
import { DAY_MS } from "@index-data/wire/time";
import { FakeClock } from "../support/fake-clock";
import { makeDesk, responseText, startRecordingFront, type RecordingFront } from "./support/desk";
import { startDeskGateway } from "./support/desk-gateway";

/**
 * One gateway in this process (memory store, a fake clock for its freshness and queue) in front of the reference
 * service (its own clock real) through a front that records what reaches it.
 */
const FLAGSHIP = "RTM-NWE-A-1x3";
const ORIGIN = "https://addin.example.com";
const desk = makeDesk(["alice", "bob", "carol"]);

let service: RunningReferenceService;
let front: RecordingFront;
let gateway: RunningGateway;
let clock: FakeClock;

/** `limit`: the upstream's for the key; above what a test sends unless it is about the budget. */
async function startDesk(
  upstreamKey: string = DEMO_KEYS.apiKey,
  options: { maxQueueWaitMs?: number; metricsTokenDigest?: Buffer } = {},
  limit = 1000,
): Promise<void> {
  service = await startReferenceService({ testFaults: true, rateLimits: { "api-key": limit } });
  front = await startRecordingFront(service.url);
  ({ gateway, clock } = await startDeskGateway(desk, front.url, {
    upstreamKey,
    allowOrigins: [ORIGIN],
    // Its days pass on the fake clock: no corrections sweep sending beside the requests counted here.
    correctionsEveryMs: false,
    ...options,
  }));
}

afterEach(async () => {
  await gateway.close();
  await front.close();
  await service.close();
});

function ask(path: string, who = "alice", headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${gateway.url}${path}`, { headers: { "x-api-key": desk.tokens[who] ?? "", ...headers } });
}

function direct(path: string): Promise<string> {
  return fetch(`${service.url}${path}`, { headers: { "x-api-key": DEMO_KEYS.apiKey } }).then((r) => r.text());
}

/** Waits (on real time: the requests cross real sockets) until the gateway's queue holds `count` (or more) for `user`. */
async function queued(user: string, count: number, orMore = false): Promise<void> {
  // The bound only stops a hang: on two busy cores the requests may take seconds to reach the queue.
  for (let attempt = 0; attempt < 5000; attempt += 1) {
    // The desk-wide view: this machine, no token (a desk member's token reads only their own figures).
    const health = (await (await fetch(`${gateway.url}/gateway/health`)).json()) as {
      waitingByUser: Record<string, number>;
    };
    const waiting = health.waitingByUser[user] ?? 0;
    if (waiting === count || (orMore && waiting > count)) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`${user} never had ${count} waiting`);
}

test("answers with the upstream's own bytes once, then from the cache, saying which in Cache-Status and Age", async () => {
  await startDesk();
  const path = `/api/v1/index/${FLAGSHIP}/latest`;
  const first = await ask(path);
  expect(first.status).toBe(200);
  expect(first.headers.get("cache-status")).toBe("IndexDataGateway; fwd=miss; fwd-status=200; stored; ttl=30");
  expect(first.headers.get("age")).toBe("0");
  const body = await first.text();
  expect(body).toBe(await direct(path));
  await clock.advance(12_000);
  const second = await ask(path, "bob");
  expect(second.headers.get("cache-status")).toBe("IndexDataGateway; hit; ttl=18");
  expect(second.headers.get("age")).toBe("12");
  expect(second.headers.get("cache-control")).toBe("private, max-age=18, stale-if-error=86400");
  expect(await second.text()).toBe(body);
  expect(front.seen.map((r) => r.path)).toEqual([path]);
});

test("keeps past history for good, and asks again for history reaching today once it has aged", async () => {
  await startDesk();
  // Sent upstream with its parameters in one order, whichever order the caller used.
  const past = `/api/v1/index/${FLAGSHIP}/history?endDate=2025-01-10&startDate=2025-01-06`;
  const today = new Date(Date.now()).toISOString().slice(0, 10);
  const current = `/api/v1/index/${FLAGSHIP}/history?endDate=${today}&startDate=2025-01-06`;
  await Promise.all([ask(`/api/v1/index/${FLAGSHIP}/history?startDate=2025-01-06&endDate=2025-01-10`), ask(current)]);
  await clock.advance(2 * 86_400_000);
  const [again, currentAgain] = await Promise.all([ask(past), ask(current)]);
  expect(again.headers.get("cache-status")).toBe("IndexDataGateway; hit; ttl=43200");
  expect(currentAgain.headers.get("cache-status")).toMatch(/^IndexDataGateway; fwd=miss; fwd-status=200; stored/);
  expect(front.seen.map((r) => r.path)).toEqual([past, current, current]);
});

test("sends upstream only the gateway's key: never a desk token, never the caller's headers", async () => {
  await startDesk();
  await ask(`/api/v1/index/${FLAGSHIP}/forward`, "alice", { cookie: "session=1", "x-forwarded-for": "10.1.2.3" });
  await fetch(`${gateway.url}/api/v1/indexes`, { headers: { authorization: `Bearer ${desk.tokens["bob"]}` } });
  expect(front.seen).toHaveLength(2);
  for (const { headers } of front.seen) {
    expect(headers["x-api-key"]).toBe(DEMO_KEYS.apiKey);
    expect(Object.keys(headers).sort()).toEqual([
      "accept",
      "accept-encoding",
      "accept-language",
      "connection",
      "host",
      "sec-fetch-mode",
      "user-agent",
      "x-api-key",
    ]);
    expect(JSON.stringify(headers)).not.toMatch(new RegExp(Object.values(desk.tokens).join("|")));
  }
  expect(service.requests.map((r) => r.apiKeyTier)).toEqual(["api-key", "api-key"]);
});

test("refuses a missing or wrong token with 401 in the service's error shape, with CORS, and spends nothing", async () => {
  await startDesk();
  const missing = await fetch(`${gateway.url}/api/v1/indexes`, { headers: { origin: ORIGIN } });
  expect(missing.status).toBe(401);
  expect(missing.headers.get("access-control-allow-origin")).toBe(ORIGIN);
  expect(await missing.json()).toEqual({
    statusCode: 401,
    error: "Unauthorized",
    code: "UNAUTHORIZED",
    message:
      "This is the desk's Index Data gateway: enter your desk token as the API key in Settings (or ask the desk's administrator for one).",
  });
  const wrong = await fetch(`${gateway.url}/api/v1/indexes`, {
    headers: { origin: ORIGIN, "x-api-key": `${desk.tokens["alice"]}x` },
  });
  expect(wrong.status).toBe(401);
  expect(((await wrong.json()) as { message: string }).message).toBe(
    "Unknown desk token. Check the API key in Settings; the desk's administrator can issue a new token.",
  );
  const upstreamKey = await fetch(`${gateway.url}/api/v1/indexes`, { headers: { "x-api-key": DEMO_KEYS.apiKey } });
  expect(upstreamKey.status).toBe(401);
  const preflight = await fetch(`${gateway.url}/api/v1/indexes`, {
    method: "OPTIONS",
    headers: { origin: ORIGIN, "access-control-request-method": "GET", "access-control-request-headers": "x-api-key" },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get("access-control-allow-headers")).toMatch(/X-API-Key/i);
  const elsewhere = await fetch(`${gateway.url}/api/v1/indexes`, {
    headers: { origin: "https://evil.example.com", "x-api-key": desk.tokens["alice"] ?? "" },
  });
  expect(elsewhere.headers.get("access-control-allow-origin")).toBeNull();
  expect(front.seen.map((r) => r.path)).toEqual(["/api/v1/indexes"]);
});

test("refuses a symbol no index can have, a repeated parameter and an unknown path itself, spending nothing", async () => {
  await startDesk();
  const symbol = await ask("/api/v1/index/RTM%20NWE/latest");
  expect(symbol.status).toBe(400);
  expect(((await symbol.json()) as { code: string }).code).toBe("INVALID_SYMBOL");
  const repeated = await ask(`/api/v1/index/${FLAGSHIP}/volatility?windowDays=30&windowDays=90`);
  expect(await repeated.json()).toEqual({
    statusCode: 400,
    error: "Bad Request",
    code: "BAD_REQUEST",
    message: 'Query parameter "windowDays" is given 2 times; give it once.',
  });
  const unknown = await ask("/api/v2/anything");
  expect(unknown.status).toBe(404);
  expect(((await unknown.json()) as { code: string }).code).toBe("NOT_FOUND");
  expect(front.seen).toEqual([]);
});

test("the upstream down: last-known answers, marked stale with Cache-Status and Age; nothing known: its own failure", async () => {
  await startDesk();
  const path = `/api/v1/index/${FLAGSHIP}/capacity-metrics`;
  const known = await (await ask(path)).text();
  await clock.advance(75_000);
  service.faults.failNext("503", Infinity);
  service.resetRequestLog();
  const stale = await ask(path);
  expect(service.requests).toEqual([expect.objectContaining({ path, status: 503 })]);
  expect(stale.status).toBe(200);
  expect(stale.headers.get("cache-status")).toBe(
    "IndexDataGateway; fwd=stale; fwd-status=503; ttl=-15; detail=stale-if-error",
  );
  expect(stale.headers.get("age")).toBe("75");
  expect(stale.headers.get("cache-control")).toBe("private, max-age=0, stale-if-error=86400");
  expect(await stale.text()).toBe(known);
  const never = await ask(`/api/v1/index/${FLAGSHIP}/forward`);
  expect(never.status).toBe(503);
  expect(never.headers.get("cache-status")).toBe("IndexDataGateway; fwd=miss; fwd-status=503");
  expect(((await never.json()) as { code: string }).code).toBe("SERVICE_UNAVAILABLE");
  service.faults.reset();
  service.faults.failNext("drop", Infinity);
  const dropped = await ask("/api/v1/methodology");
  expect(dropped.status).toBe(503);
  expect(((await dropped.json()) as { message: string }).message).toBe(
    "The gateway could not get an answer from the Index Data Service (unreachable (UND_ERR_SOCKET)). Try again shortly.",
  );
});

test("a flood from one user: what the window has room for goes at once; past the bound, 429 with a true Retry-After", async () => {
  await startDesk(DEMO_KEYS.apiKey, { maxQueueWaitMs: 20_000 }, 12);
  // The limit (12) is learned from the first answer: 11 are left in the upstream's window.
  await ask(`/api/v1/index/${FLAGSHIP}/latest`, "carol");
  const flood = Array.from({ length: 14 }, (_, i) => ask(`/api/v1/index/${FLAGSHIP}/volatility?windowDays=${10 + i}`));
  await queued("alice", 3, true);
  const bobs = ask(`/api/v1/index/${FLAGSHIP}/forward`, "bob");
  await queued("bob", 1);
  await clock.advance(20_000);
  const answers = await Promise.all([...flood, bobs]);
  // What the window had room for went at once (requests may reach the upstream out of order, and the count each
  // answer gives then errs on the side of fewer sends); the rest waited past the bound.
  const sent = answers.filter((r) => r.status === 200).length;
  expect(sent).toBeGreaterThanOrEqual(10);
  expect(sent).toBeLessThanOrEqual(11);
  expect(service.requests).toHaveLength(1 + sent);
  const refused = answers.filter((r) => r.status === 429);
  expect(refused).toHaveLength(15 - sent);
  for (const answer of refused) {
    // The upstream's window resets about 60 s after it opened, 20 s ago: that is when these lines are served.
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(35);
    expect(((await answer.json()) as { message: string }).message).toMatch(
      /^Not sent: the desk's budget had no room within 20 s\. Retry in \d+ s\.$/,
    );
  }
  expect(service.requests.filter((r) => r.status === 429)).toEqual([]);
});

test("a refused upstream key is the administrator's problem, said so, never the trader's token", async () => {
  await startDesk(DEMO_KEYS.revoked);
  const answer = await ask("/api/v1/indexes");
  expect(service.requests).toEqual([expect.objectContaining({ status: 401 })]);
  expect(answer.status).toBe(502);
  const text = await responseText(answer);
  expect(text).toContain(
    "The Index Data Service refused the gateway's own key (HTTP 401). Your desk token is fine: tell the gateway's administrator.",
  );
  expect(text).not.toContain(DEMO_KEYS.revoked);
});

test("GET /gateway/health: the state for anyone, a desk member's own figures, the desk's with the metrics token", async () => {
  const metricsToken = "metrics-0f3c9a7e51b24d68";
  await startDesk(DEMO_KEYS.apiKey, { metricsTokenDigest: createHash("sha256").update(metricsToken).digest() });
  await ask(`/api/v1/index/${FLAGSHIP}/latest`);
  await ask(`/api/v1/index/${FLAGSHIP}/latest`, "bob");
  const read = async (headers: Record<string, string>) =>
    (await (await fetch(`${gateway.url}/gateway/health`, { headers })).json()) as Record<string, unknown>;
  const state = {
    status: "ok",
    reasons: [],
    store: { kind: "memory" },
    upstream: { origin: front.url },
    budget: { limit: 1000, windowSeconds: 60 },
    window: { start: expect.any(String), seconds: 60 },
  };
  expect(await read({ authorization: `Bearer ${metricsToken}` })).toEqual({
    ...state,
    upstream: { origin: front.url, lastStatus: 200, lastAt: expect.any(String) },
    budget: { limit: 1000, windowSeconds: 60, sendableNow: 999, upstreamRemaining: 999, pausedForSeconds: 0 },
    requestsByUser: { alice: 1, bob: 1 },
    waitingByUser: {},
  });
  // Alice sees her own figures (and her share, as her answers' headers tell it), nothing of bob's.
  expect(await read({ "x-api-key": desk.tokens["alice"] ?? "" })).toEqual({
    ...state,
    requestsByUser: { alice: 1 },
    waitingByUser: { alice: 0 },
    share: { limit: 500, remaining: 499, resetSeconds: expect.any(Number), windowSeconds: 60 },
  });
  expect(await read({})).toEqual(state);
});

test("an upstream that echoes the key in its answers never gets it past the gateway, however it spells it", async () => {
  const key = "desk-key-7f3a9c";
  const escaped = [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
  const echo = createServer((req, res) => {
    const status = req.url?.includes("/latest") ? 500 : 404;
    res.writeHead(status, { "content-type": "application/json" });
    res.end(
      `{"statusCode":${status},"code":"X","message":"refused key ${status === 500 ? key : escaped}","raw":"${key}"}`,
    );
  });
  await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
  service = await startReferenceService();
  front = await startRecordingFront(service.url);
  const echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  ({ gateway, clock } = await startDeskGateway(desk, echoUrl, { upstreamKey: key }));
  try {
    for (const path of [`/api/v1/index/${FLAGSHIP}/latest`, `/api/v1/index/${FLAGSHIP}/forward`]) {
      const answer = await ask(path);
      const text = await responseText(answer);
      expect(text).toContain("[upstream key]");
      expect(text).not.toContain(key);
      expect(JSON.stringify(JSON.parse(text.slice(text.indexOf("\n\n") + 2)))).not.toContain(key);
    }
  } finally {
    echo.closeAllConnections();
    await new Promise((resolve) => echo.close(resolve));
  }
});

test("the add-in shows an answer the gateway served stale as a last-known value, with its real age, in a cell and in a history", async () => {
  await startDesk();
  const engineClock = new FakeClock(Date.now());
  const engine = new RequestEngine(
    // The settings say this URL is the desk's gateway: only then are its stale marks believed.
    { baseUrl: gateway.url, apiKey: desk.tokens["alice"] ?? "", gateway: true },
    { storage: new MemoryStorage(), clock: engineClock, batchWindowMs: 5, budgetChannel: null },
  );
  const env: FormulaEnv = {
    source: engine,
    caps: { formattedNumbers: false },
    clock: engineClock,
    now: () => new Date(engineClock.now()),
    settleMs: engine.options.settleBoundMs,
  };
  const settle = async <T>(work: Promise<T>): Promise<T> => {
    let done: { value: T } | undefined;
    void work.then((value) => (done = { value }));
    while (done === undefined) await engineClock.advance(5);
    return done.value;
  };
  // A history reaching today: the gateway keeps it as briefly as a latest fix (past history it keeps for good).
  const today = new Date(engineClock.now()).toISOString().slice(0, 10);
  const tenDaysAgo = new Date(engineClock.now() - 10 * DAY_MS).toISOString().slice(0, 10);
  const history = () => settle(indexHistory(env, [FLAGSHIP, tenDaysAgo, today, "daily", false, "asc", "status"]));
  try {
    expect(await settle(indexLatest(env, FLAGSHIP, "stale"))).toBe(false);
    const fresh = await history();
    expect(engine.snapshot().staleCells).toBe(0);

    // What the engine holds expires, and so does the gateway's copy; then the service fails.
    await engineClock.advance(75_000);
    await clock.advance(75_000);
    service.faults.failNext("503", Infinity);
    service.resetRequestLog();
    const shown = await settle(indexLatest(env, FLAGSHIP, "stale"));
    const again = await history();
    // The fault happened: the service was asked through the gateway and answered 503 ...
    expect(service.requests.length).toBeGreaterThan(0);
    expect(service.requests.every((r) => r.status === 503)).toBe(true);
    const marked = await ask(`/api/v1/index/${FLAGSHIP}/latest`);
    expect(marked.headers.get("cache-status")).toMatch(/fwd=stale.*ttl=-\d+/);
    // ... and the cells show the gateway's old answers as last-known values, the same figures as before.
    expect(shown).toBe(true);
    expect(Array.isArray(fresh) && fresh.length).toBeGreaterThan(1);
    expect(again).toEqual(fresh);
    expect(engine.snapshot().staleCells).toBe(2);
    const served = await engine.latest(FLAGSHIP);
    expect(served.meta.servedStale).toBe(true);
    expect(engineClock.now() - Date.parse(served.meta.producedAt)).toBeGreaterThanOrEqual(75_000);
  } finally {
    engine.close();
  }
});
