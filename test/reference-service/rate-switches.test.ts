import { startReferenceService, type RateCount, type RateWindow } from "../../reference-service/src/index";
import type { ReferenceServiceOptions, RunningReferenceService } from "../../reference-service/src/index";
import { FakeClock } from "../support/fake-clock";
import { FakeLatencyTimer, type HeldTimer } from "./fake-latency-timer";
import { anonymous, get, type JsonResponse } from "./support";

/*
 * How the service counts, set by the test: when a request counts (as it arrives, or once answered), answers held back
 * a seeded while so they come back out of order, where a `minute` window turns (its phase), and a control that turns
 * the window now. The windows move on a fake clock and every hold on a fake timer, so the test alone says when.
 */
const WINDOW_MS = 10_000;
const LIMIT = 3;
const JITTER_MS = 50;

const running: RunningReferenceService[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((service) => service.close()));
});

async function serviceWith(options: ReferenceServiceOptions, start = 0) {
  const clock = new FakeClock(start);
  const timer = new FakeLatencyTimer();
  const service = await startReferenceService({
    testFaults: true,
    rateLimitWindowMs: WINDOW_MS,
    rateLimits: { anonymous: LIMIT },
    rateLimitClock: clock,
    latencyTimer: timer.timer,
    ...options,
  });
  running.push(service);
  const ask = (path = "/api/health") => get(service, path, anonymous());
  return { clock, timer, service, ask };
}

/** Sends `count` requests, each once the one before is held: the order they arrive in is the order they were sent. */
async function sendHeld(
  ask: (path?: string) => Promise<JsonResponse>,
  timer: FakeLatencyTimer,
  count: number,
): Promise<Array<{ answer: Promise<JsonResponse>; held: HeldTimer }>> {
  const sent: Array<{ answer: Promise<JsonResponse>; held: HeldTimer }> = [];
  for (let i = 0; i < count; i += 1) {
    const answer = ask();
    sent.push({ answer, held: await timer.nextScheduled() });
  }
  return sent;
}

/** Releases the held answers in the order given (indexes into `sent`); their answers in that order. */
async function release(
  sent: ReadonlyArray<{ answer: Promise<JsonResponse>; held: HeldTimer }>,
  order: readonly number[],
): Promise<JsonResponse[]> {
  const answers: JsonResponse[] = [];
  for (const i of order) {
    const one = sent[i];
    if (one === undefined) throw new Error(`no request ${i} was sent`);
    one.held.fire();
    answers.push(await one.answer);
  }
  return answers;
}

const remainingOf = (answers: readonly JsonResponse[]) => answers.map((a) => a.headers.get("x-ratelimit-remaining"));

describe("when a request counts", () => {
  /** One request more than the limit, sent under `rateCount`, answered third, first, second, fourth: the statuses. */
  async function burstOutOfOrder(rateCount: RateCount) {
    const { timer, ask } = await serviceWith({ rateCount, answerJitterMs: JITTER_MS });
    const answers = await release(await sendHeld(ask, timer, LIMIT + 1), [2, 0, 1, 3]);
    return { statuses: answers.map((a) => a.status), remaining: remainingOf(answers), timer, ask };
  }

  test("arrival: an answer counts every request that arrived before it, those still held too", async () => {
    const { statuses, remaining } = await burstOutOfOrder("arrival");
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Out of order: the third to arrive answers first, already counting the two still held.
    expect(remaining).toEqual(["0", "2", "1", "0"]);
  });

  test("answered: an answer counts only what was answered before it, and a burst in flight passes the limit", async () => {
    const { statuses, remaining, timer, ask } = await burstOutOfOrder("answered");
    // None had been answered when each arrived, so all four were let through; each answer counts itself and those before.
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(remaining).toEqual(["2", "1", "0", "0"]);
    const [after] = await release(await sendHeld(ask, timer, 1), [0]);
    expect(after?.status).toBe(429);
    expect(after?.headers.get("retry-after")).toBe("10");
  });

  test("answered: a refused request counts once answered, so its answer says none is left", async () => {
    const { timer, ask } = await serviceWith({ rateCount: "answered", answerJitterMs: JITTER_MS, rateHeaders: "ietf" });
    await release(await sendHeld(ask, timer, LIMIT), [0, 1, 2]);
    const [refused] = await release(await sendHeld(ask, timer, 1), [0]);
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get("ratelimit")).toBe('"default";r=0;t=10');
  });
});

describe("answers out of order", () => {
  /** The holds of the first `count` requests to arrive, in arrival order. */
  async function holdsWith(seed: number, count = 8): Promise<number[]> {
    const { timer, ask } = await serviceWith({ answerJitterMs: JITTER_MS, jitterSeed: seed, rateLimits: {} });
    const sent = await sendHeld(ask, timer, count);
    await release(
      sent,
      sent.map((_, i) => i),
    );
    return sent.map((one) => one.held.ms);
  }

  test("each answer is held from 1 ms to the jitter, the same seed the same way every run, another seed otherwise", async () => {
    const first = await holdsWith(45);
    expect(await holdsWith(45)).toEqual(first);
    expect(await holdsWith(46)).not.toEqual(first);
    for (const ms of first) {
      expect(ms).toBeGreaterThanOrEqual(1);
      expect(ms).toBeLessThanOrEqual(JITTER_MS);
    }
    // Held different whiles, the answers come back in another order than their requests arrived in.
    expect(new Set(first).size).toBeGreaterThan(1);
  });

  test("without a jitter no answer is held", async () => {
    const { timer, ask } = await serviceWith({});
    expect((await ask()).status).toBe(200);
    expect(timer.scheduled).toEqual([]);
  });
});

describe("the window's phase", () => {
  test("a minute window turns at its phase past the grid, not on the minute", async () => {
    const { clock, ask } = await serviceWith({ rateWindow: "minute", rateWindowPhaseMs: 2_500 }, 7_000);
    const answers = await Promise.all([ask(), ask(), ask()]);
    expect(answers.map((a) => a.headers.get("x-ratelimit-reset"))).toEqual(["6", "6", "6"]);
    await clock.advance(5_499);
    expect((await ask()).status).toBe(429);
    await clock.advance(1);
    const turned = await ask();
    expect(turned.status).toBe(200);
    expect(turned.headers.get("x-ratelimit-remaining")).toBe("2");
  });

  test.each<RateWindow>(["first-request", "minute", "sliding"])(
    "%s: turnWindow() turns the window now, whatever was spent in it",
    async (rateWindow) => {
      const { clock, service, ask } = await serviceWith({ rateWindow }, 7_000);
      for (let i = 0; i < LIMIT; i += 1) await ask();
      expect((await ask()).status).toBe(429);
      await clock.advance(1_000);
      service.faults.turnWindow();
      const turned = await ask();
      expect(turned.status).toBe(200);
      expect(turned.headers.get("x-ratelimit-remaining")).toBe(String(LIMIT - 1));
      expect(turned.headers.get("x-ratelimit-reset")).toBe("10");
      for (let i = 1; i < LIMIT; i += 1) await ask();
      await clock.advance(WINDOW_MS - 1);
      expect((await ask()).status).toBe(429);
      await clock.advance(1);
      expect((await ask()).status).toBe(200);
    },
  );
});

describe("bad switches are refused with what to give", () => {
  test.each<[ReferenceServiceOptions, string]>([
    [{ rateCount: "later" as RateCount }, 'rateCount must be one of arrival, answered, got "later".'],
    [{ answerJitterMs: -5 }, "answerJitterMs must be a whole number of milliseconds, 0 or more, got -5."],
    [{ answerJitterMs: 10, jitterSeed: 1.5 }, "jitterSeed must be a whole number, got 1.5."],
    [{ rateWindow: "minute", rateWindowPhaseMs: -1 }, "rateWindowPhaseMs must be a number of milliseconds, 0 or more"],
    [{ rateWindowPhaseMs: 500 }, 'a "first-request" window has none (set rateWindow: "minute"'],
  ])("%j", async (options, message) => {
    await expect(startReferenceService(options)).rejects.toThrow(message);
  });

  test("turnWindow() is a test control: off unless the service was started with testFaults", async () => {
    const service = await startReferenceService();
    running.push(service);
    expect(() => service.faults.turnWindow()).toThrow("Fault injection is off.");
  });
});
