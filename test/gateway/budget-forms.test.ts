import {
  RATE_HEADER_FORMS,
  RATE_WINDOWS,
  startReferenceService,
  type RateHeaders,
  type RateWindow,
  type RunningReferenceService,
} from "../../reference-service/src";
import { startGateway, type RunningGateway } from "../../gateway/src";
import { FakeClock } from "../support/fake-clock";
import { makeDesk } from "./support/desk";

/*
 * Issue 37: the gateway's budget in front of the reference service itself, whatever the service says of its limit
 * (full, partial, ietf, none) and however it counts its window (from the first request, on the minute, sliding).
 * The service's window and the gateway's clock are one fake clock: nothing here waits on real time but sockets.
 * Anonymous upstream: 60 a minute, which the gateway knows from the tier table before any answer.
 */
const desk = makeDesk(["alice", "bob", "carol"]);
const USERS = ["alice", "bob", "carol"];
const SYMBOLS = ["RTM-NWE-A-1x3", "RTM-NWE-B-1x3", "RTM-NWE-A-4x6", "RTM-MED-A-1x3"];
/** More distinct resources than one window holds: 84 against 60. */
const RESOURCES = Array.from(
  { length: 84 },
  (_, i) => `/api/v1/index/${SYMBOLS[i % SYMBOLS.length] ?? ""}/volatility?windowDays=${10 + i}`,
);
/** The fair queue's bound (the gateway's default): a request waiting longer is refused, with a Retry-After. */
const QUEUE_WAIT_MS = 4000;

let service: RunningReferenceService | undefined;
let gateway: RunningGateway | undefined;
afterEach(async () => {
  await gateway?.close();
  await service?.close();
});

async function deskOn(rateHeaders: RateHeaders, rateWindow: RateWindow) {
  const clock = new FakeClock(Date.now());
  service = await startReferenceService({ rateHeaders, rateWindow, rateLimitClock: clock });
  // The upstream's answers are local, yet a busy machine can hold one past the 5 s default, which is real time: a
  // bound far above it keeps this suite about the budget.
  gateway = await startGateway({ upstream: service.url, tokens: () => desk.entries, clock, upstreamTimeoutMs: 60_000 });
  const url = gateway.url;
  const ask = (path: string, i: number) =>
    fetch(`${url}${path}`, { headers: { "x-api-key": desk.tokens[USERS[i % USERS.length] ?? ""] ?? "" } });
  return { clock, service, ask };
}

/** Requests waiting in the gateway's fair queue: each user's own, as their health page shows it to them. */
async function waitingNow(url: string): Promise<number> {
  let waiting = 0;
  for (const user of USERS) {
    const health = await fetch(`${url}/gateway/health`, { headers: { "x-api-key": desk.tokens[user] ?? "" } });
    const { waitingByUser } = (await health.json()) as { waitingByUser: Record<string, number> };
    waiting += Object.values(waitingByUser).reduce((sum, n) => sum + n, 0);
  }
  return waiting;
}

/** Resolves once every ask is either answered or waiting in the queue (real polling; its bound only stops a hang). */
async function settledOrQueued(url: string, answers: ReadonlyArray<{ done: boolean }>): Promise<void> {
  for (let i = 0; i < 2000; i += 1) {
    if (answers.filter((a) => a.done).length + (await waitingNow(url)) === answers.length) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(
    `the asks never settled into answers and a queue: ${answers.filter((a) => a.done).length} answered, ${await waitingNow(url)} waiting`,
  );
}

describe.each(RATE_HEADER_FORMS.flatMap((form) => RATE_WINDOWS.map((window) => [form, window] as const)))(
  "the upstream's headers %s, its window counted %s",
  (rateHeaders, rateWindow) => {
    test("a window's worth goes at once, the rest is refused with a Retry-After that holds true: no upstream 429", async () => {
      const { clock, service: upstream, ask } = await deskOn(rateHeaders, rateWindow);
      const tracked = RESOURCES.map((path, i) => {
        const entry = { done: false, response: ask(path, i) };
        void entry.response.then(() => (entry.done = true));
        return entry;
      });
      // What the window holds goes (the opening burst, then the rest as the first answers come); the others wait.
      await settledOrQueued(gateway?.url ?? "", tracked);
      await clock.advance(QUEUE_WAIT_MS);
      const first = await Promise.all(tracked.map((t) => t.response));
      const sent = first.filter((r) => r.status === 200).length;
      expect(sent).toBeGreaterThanOrEqual(50);
      expect(sent).toBeLessThanOrEqual(60);
      const refused = first.filter((r) => r.status !== 200);
      expect(refused.map((r) => r.status)).toEqual(Array(84 - sent).fill(429));
      expect(upstream.requests.map((r) => r.status)).toEqual(Array(sent).fill(200));
      // What the gateway tells its clients is true: after its Retry-After every refused request is answered.
      const retryAfter = Math.max(...refused.map((r) => Number(r.headers.get("retry-after"))));
      for (const r of refused) expect(r.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(62);
      await clock.advance(retryAfter * 1000);
      const again = RESOURCES.filter((_, i) => first[i]?.status !== 200);
      const second = await Promise.all(again.map((path, i) => ask(path, i)));
      expect(second.map((r) => r.status)).toEqual(Array(84 - sent).fill(200));
      expect(upstream.requests.filter((r) => r.status === 429)).toEqual([]);
      expect(upstream.requests).toHaveLength(84);
    });
  },
);

describe.each(["none", "partial"] as const)("a window a stranger spent, headers %s", (rateHeaders) => {
  test("its first sends meet 429s; every request then waits the window out, told the truth, and no more 429", async () => {
    const { clock, service: upstream, ask } = await deskOn(rateHeaders, "first-request");
    // Someone behind the same address spends the whole window first.
    const spent = await Promise.all(Array.from({ length: 60 }, () => fetch(`${upstream.url}/api/status`)));
    expect(spent.map((r) => r.status)).toEqual(Array(60).fill(200));
    upstream.resetRequestLog();
    const tracked = RESOURCES.slice(0, 12).map((path, i) => {
      const entry = { done: false, response: ask(path, i) };
      void entry.response.then(() => (entry.done = true));
      return entry;
    });
    // The fault happened: the upstream refused what the gateway sent first, its opening burst at most.
    for (let i = 0; i < 2000 && upstream.requests.length === 0; i += 1) await new Promise((r) => setImmediate(r));
    await settledOrQueued(gateway?.url ?? "", tracked);
    const refusedFirst = upstream.requests.length;
    expect(refusedFirst).toBeGreaterThan(0);
    expect(refusedFirst).toBeLessThanOrEqual(5);
    expect(upstream.requests.map((r) => r.status)).toEqual(Array(refusedFirst).fill(429));
    await clock.advance(QUEUE_WAIT_MS);
    const first = await Promise.all(tracked.map((t) => t.response));
    expect(first.map((r) => r.status)).toEqual(Array(12).fill(429));
    const retryAfter = Math.max(...first.map((r) => Number(r.headers.get("retry-after"))));
    expect(retryAfter).toBeGreaterThanOrEqual(56);
    expect(retryAfter).toBeLessThanOrEqual(62);
    await clock.advance(retryAfter * 1000);
    // The stranger is gone: past the opening burst, nothing holds the desk to a share it never had.
    const second = await Promise.all(RESOURCES.slice(0, 12).map((path, i) => ask(path, i)));
    expect(second.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(upstream.requests.filter((r) => r.status === 429)).toHaveLength(refusedFirst);
  });
});
