import { startReferenceService } from "../../reference-service/src";
import { startGateway, type RunningGateway } from "../../gateway/src";
import { FakeClock } from "../support/fake-clock";
import { DOTTED, FLAGSHIP } from "../support/reference-symbols";
import type { UpstreamForm } from "../support/spec-upstream";
import { makeDesk } from "./support/desk";
import { startRedis, type TestRedis } from "./support/redis-server";
import { startSpecServer, type SpecServer, type WrittenAnswer } from "./support/spec-server";
import { SteadyDesk, type DeskAsk } from "./support/steady-desk";

/*
 * The gateway as the desk meets it, over HTTP, in front of an upstream that lets 60 a minute through for real while
 * its headers lie (spec-upstream.ts's hostile forms), with the memory store and with a real Redis. Three traders ask
 * a new resource each every 2.5 s (72 a minute, more than the upstream lets through) for five windows, on a fake
 * clock that moves only when the gateway is still (steady-desk.ts). The gateway must forward at least 80% of the real
 * limit a window, take at most 5 x 429 a window, and refuse the desk only while the upstream's window is spent.
 */
const LIMIT = 60;
const WINDOW_MS = 60_000;
const WINDOWS = 5;
const START = Date.UTC(2025, 5, 18, 10, 30, 7, 250);
const LATENCY_MS = 50;
const EVERY_MS = 2500;
/** A refusal is for room the upstream lacks when, while the request waited, its window had less than this left. */
const SPENT = 0.8 * LIMIT;

const desk = makeDesk(["alice", "bob", "carol"]);
const SYMBOLS = [FLAGSHIP, DOTTED];
const volatility = (n: number) =>
  `/api/v1/index/${SYMBOLS[n % SYMBOLS.length] ?? FLAGSHIP}/volatility?windowDays=${2 + Math.floor(n / SYMBOLS.length)}`;

let body: string;
let redis: TestRedis;
beforeAll(async () => {
  const service = await startReferenceService();
  body = await (await fetch(`${service.url}${volatility(28)}`)).text();
  await service.close();
  redis = await startRedis();
});
afterAll(() => redis.kill());

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const part of running.splice(0).reverse()) await part.close();
});

/** Whether an answer's headers tell `form`'s lie. */
function lies(form: UpstreamForm, { status, headers }: WrittenAnswer): boolean {
  const x = (name: string) => Number(headers[`x-ratelimit-${name}`]);
  const ietf = (field: string, header: string) =>
    Number(new RegExp(`${field}=(\\d+)`).exec(headers[header] ?? "")?.[1]);
  switch (form) {
    case "flapping":
      return x("remaining") === LIMIT - 1 || x("remaining") === 0;
    case "hourly":
      return x("limit") === 1000;
    case "tiny-waits":
      return headers["x-ratelimit-reset"] === "0.5" && (status !== 429 || headers["retry-after"] === "0.001");
    case "over-limit":
      return x("remaining") > x("limit");
    case "r-over-q":
      return ietf("r", "ratelimit") > ietf("q", "ratelimit-policy");
    default:
      return false;
  }
}

/** The upstream's real windows: when each began, what it let through and refused, and by when it had let 48 in. */
function windowsOf(server: SpecServer) {
  const { arrivals, windowStarts } = server.upstream;
  return windowStarts.map((start) => {
    const inside = arrivals.filter((a) => a.at >= start && a.at < start + WINDOW_MS);
    const ok = inside.filter((a) => a.status === 200);
    return { start, accepted: ok.length, refused: inside.length - ok.length, spentAt: ok[SPENT - 1]?.at ?? Infinity };
  });
}

/** Whether the upstream's window was spent (less than a fifth left) at some moment while `ask` waited. */
function spentWhileWaiting(ask: DeskAsk, windows: ReturnType<typeof windowsOf>): boolean {
  const until = ask.answeredAt ?? Infinity;
  return windows.some(
    (w) => w.spentAt <= until && w.start + WINDOW_MS > ask.askedAt && w.spentAt < w.start + WINDOW_MS,
  );
}

async function runDesk(form: UpstreamForm, redisUrl: string | undefined) {
  const clock = new FakeClock(START);
  const server = await startSpecServer(
    clock,
    { limit: LIMIT, windowMs: WINDOW_MS, window: "first-request", form, answerMs: LATENCY_MS },
    body,
  );
  running.push(server);
  const gateway: RunningGateway = await startGateway({
    upstream: server.url,
    tokens: () => desk.entries,
    clock,
    logger: false,
    correctionsEveryMs: false,
    redisUrl,
  });
  running.push(gateway);
  const steady = new SteadyDesk({
    desk,
    gateway,
    clock,
    everyMs: EVERY_MS,
    path: volatility,
    upstream: {
      get held() {
        return server.held;
      },
      get arrived() {
        return server.upstream.arrivals.length;
      },
      get written() {
        return server.written.length;
      },
    },
  });
  await steady.run(START + WINDOWS * WINDOW_MS, START + WINDOWS * WINDOW_MS + 10_000);
  // The Redis runs ran on Redis throughout (no store command failed and was answered from memory).
  expect(gateway.store.sharedState()).toBe(redisUrl === undefined ? undefined : "up");
  expect(gateway.diagnostics.recent()).toEqual([]);
  return { server, asks: steady.asks };
}

/** Each form's run its own database: an upstream port used again must not find the last run's answers or budget. */
const FORM_DATABASES = { flapping: 1, hourly: 2, "tiny-waits": 3, "over-limit": 4, "r-over-q": 5 } as const;
const STORES: ReadonlyArray<readonly [string, (form: keyof typeof FORM_DATABASES) => string | undefined]> = [
  ["memory", () => undefined],
  ["redis", (form) => `${redis.url}/${FORM_DATABASES[form]}`],
];
const FORMS = Object.keys(FORM_DATABASES) as Array<keyof typeof FORM_DATABASES>;

describe.each(STORES)("through the gateway (%s store)", (store, redisUrl) => {
  test.each(FORMS)(
    "headers that lie (%s): 80%% of the real limit a window, at most 5 x 429 a window, no refusal while there is room",
    async (form) => {
      const { server, asks } = await runDesk(form, redisUrl(form));
      // The fault happened: the upstream saw the desk's requests and told its lie in every answer.
      expect(server.upstream.arrivals.length).toBeGreaterThan(WINDOWS * 10);
      expect(server.written.filter((w) => !lies(form, w))).toEqual([]);
      if (form === "flapping")
        expect(new Set(server.written.map((w) => w.headers["x-ratelimit-remaining"]))).toEqual(
          new Set([String(LIMIT - 1), "0"]),
        );
      const windows = windowsOf(server);
      const at = (t: number | undefined) => (t === undefined ? undefined : (t - START) / 1000);
      // Every window the desk asked throughout (all but the last, which the asking stops in): 48 of 60 at least.
      const whole = windows.filter((w) => w.start + WINDOW_MS <= START + WINDOWS * WINDOW_MS);
      expect(whole.length).toBeGreaterThanOrEqual(WINDOWS - 1);
      const short = whole.filter((w) => w.accepted < SPENT).map((w) => ({ from: at(w.start), accepted: w.accepted }));
      expect({ form, store, short }).toEqual({ form, store, short: [] });
      expect(server.upstream.worstRefusalsPerWindow()).toBeLessThanOrEqual(5);
      // The desk is refused only for room the upstream lacks: its window was spent while the request waited.
      const refused = asks.filter((a) => a.status !== 200);
      const withRoom = refused
        .filter((a) => !spentWhileWaiting(a, windows))
        .map((a) => ({ asked: at(a.askedAt), answered: at(a.answeredAt), status: a.status }));
      expect({ form, store, withRoom }).toEqual({ form, store, withRoom: [] });
      // The desk asked more than the upstream lets through: some were refused, for want of room alone.
      expect(refused.length).toBeGreaterThan(0);
    },
  );
});
