import { startReferenceService, type RateHeaders, type RateWindow } from "../../reference-service/src/index";
import type { RunningReferenceService } from "../../reference-service/src/index";
import { FakeClock } from "../support/fake-clock";
import { anonymous, get, type JsonResponse } from "./support";

/*
 * The spec promises no rate-limit header (section 8), so the reference service speaks each form a client may meet
 * (`rateHeaders`) and counts its window each way a service may (`rateWindow`), on a clock the test moves.
 */
const WINDOW_MS = 10_000;
const LIMIT = 3;
const RATE_NAMES = ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "ratelimit", "ratelimit-policy"];

const running: RunningReferenceService[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((service) => service.close()));
});

async function serviceWith(rateHeaders: RateHeaders, rateWindow: RateWindow = "first-request", start = 0) {
  const clock = new FakeClock(start);
  const service = await startReferenceService({
    rateHeaders,
    rateWindow,
    rateLimitWindowMs: WINDOW_MS,
    rateLimits: { anonymous: LIMIT },
    rateLimitClock: clock,
  });
  running.push(service);
  const ask = () => get(service, "/api/health", anonymous());
  return { clock, service, ask };
}

/** The rate-limit headers an answer carried, by name. */
function rateHeadersOf(response: JsonResponse): Record<string, string> {
  const seen: Record<string, string> = {};
  for (const name of [...RATE_NAMES, "retry-after"]) {
    const value = response.headers.get(name);
    if (value !== null) seen[name] = value;
  }
  return seen;
}

/** Sends `count` requests one after the other; their answers in order. */
async function asks(ask: () => Promise<JsonResponse>, count: number): Promise<JsonResponse[]> {
  const answers: JsonResponse[] = [];
  for (let i = 0; i < count; i += 1) answers.push(await ask());
  return answers;
}

describe("each form of rate-limit headers", () => {
  test("full: the limit, what remains and the reset on every answer; Retry-After on each 429", async () => {
    const { ask } = await serviceWith("full");
    const answers = await asks(ask, LIMIT + 2);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
    expect(rateHeadersOf(answers[0] as JsonResponse)).toEqual({
      "x-ratelimit-limit": "3",
      "x-ratelimit-remaining": "2",
      "x-ratelimit-reset": "10",
    });
    for (const refused of answers.slice(LIMIT))
      expect(rateHeadersOf(refused)).toEqual({
        "x-ratelimit-limit": "3",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": "10",
        "retry-after": "10",
      });
  });

  test("partial: the limit and what remains, never a reset; Retry-After on every other 429", async () => {
    const { ask } = await serviceWith("partial");
    const answers = await asks(ask, LIMIT + 3);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429, 429]);
    expect(rateHeadersOf(answers[2] as JsonResponse)).toEqual({
      "x-ratelimit-limit": "3",
      "x-ratelimit-remaining": "0",
    });
    expect(answers.slice(LIMIT).map((a) => a.headers.get("retry-after"))).toEqual(["10", null, "10"]);
    for (const answer of answers) expect(answer.headers.get("x-ratelimit-reset")).toBeNull();
  });

  test("ietf: only RateLimit-Policy and RateLimit, with the window and the reset in seconds", async () => {
    const { ask } = await serviceWith("ietf");
    const answers = await asks(ask, LIMIT + 1);
    expect(rateHeadersOf(answers[0] as JsonResponse)).toEqual({
      "ratelimit-policy": '"default";q=3;w=10',
      ratelimit: '"default";r=2;t=10',
    });
    expect(answers[LIMIT]?.status).toBe(429);
    expect(rateHeadersOf(answers[LIMIT] as JsonResponse)).toEqual({
      "ratelimit-policy": '"default";q=3;w=10',
      ratelimit: '"default";r=0;t=10',
    });
  });

  test("none: no header at all, and a bare 429 whose message gives no time either", async () => {
    const { ask } = await serviceWith("none");
    const answers = await asks(ask, LIMIT + 1);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    for (const answer of answers) expect(rateHeadersOf(answer)).toEqual({});
    expect(answers[LIMIT]?.body).toMatchObject({
      code: "RATE_LIMITED",
      message: "Rate limit of 3 requests per 10 s exceeded for the anonymous tier.",
    });
  });
});

describe("each way of counting the window", () => {
  test("first-request: the window begins with the first request and runs its length from there", async () => {
    const { clock, ask } = await serviceWith("full", "first-request", 7_000);
    await asks(ask, LIMIT);
    await clock.advance(WINDOW_MS - 1);
    expect((await ask()).status).toBe(429);
    await clock.advance(1);
    expect((await ask()).status).toBe(200);
  });

  test("minute: the window sits on the clock's grid, whenever the first request came", async () => {
    const { clock, ask } = await serviceWith("full", "minute", 7_000);
    const answers = await asks(ask, LIMIT + 1);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[0]?.headers.get("x-ratelimit-reset")).toBe("3");
    await clock.advance(2_999);
    expect((await ask()).status).toBe(429);
    await clock.advance(1);
    expect((await ask()).status).toBe(200);
  });

  test("sliding: a slot frees when the oldest request let through is a window old, not all at once", async () => {
    const { clock, ask } = await serviceWith("full", "sliding", 0);
    expect((await ask()).status).toBe(200);
    await clock.advance(4_000);
    await asks(ask, LIMIT - 1);
    const full = await ask();
    expect(full.status).toBe(429);
    expect(full.headers.get("retry-after")).toBe("6");
    await clock.advance(6_000);
    expect((await asks(ask, 2)).map((a) => a.status)).toEqual([200, 429]);
    await clock.advance(4_000);
    expect((await asks(ask, 3)).map((a) => a.status)).toEqual([200, 200, 429]);
  });
});

test("an unknown form or window is refused with what the options allow", async () => {
  await expect(startReferenceService({ rateHeaders: "some" as RateHeaders })).rejects.toThrow(
    'rateHeaders must be one of full, partial, ietf, none, got "some".',
  );
  await expect(startReferenceService({ rateWindow: "hourly" as RateWindow })).rejects.toThrow(
    'rateWindow must be one of first-request, minute, sliding, got "hourly".',
  );
});
