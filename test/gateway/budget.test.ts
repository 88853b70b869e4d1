import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import type { RunningGateway } from "../../gateway/src";
import type { FakeClock } from "../support/fake-clock";
import { makeDesk } from "./support/desk";
import { startDeskGateway, type DeskGatewayOptions } from "./support/desk-gateway";
import { startScriptedFront, type FrontWindow, type ScriptedFront } from "./support/scripted-front";

/**
 * The desk's budget and its fair queue, through one gateway in this process on a fake clock, in front of an upstream
 * whose rate-limit headers the test writes (a scripted front before the reference service). Nothing here waits on
 * real time but the sockets; a bound of a few seconds on an answer stops a hang, never decides an outcome.
 */
const desk = makeDesk(["alice", "bob", "carol"]);
const vol = (n: number) => `/api/v1/index/RTM-NWE-A-1x3/volatility?windowDays=${20 + n}`;

let service: RunningReferenceService;
let front: ScriptedFront;
let gateway: RunningGateway;
let clock: FakeClock;

async function startDesk(window: FrontWindow, options: DeskGatewayOptions = {}): Promise<void> {
  service = await startReferenceService({ rateLimits: { "api-key": 1_000_000 } });
  front = await startScriptedFront(service.url, window);
  ({ gateway, clock } = await startDeskGateway(desk, front.url, { upstreamKey: DEMO_KEYS.apiKey, ...options }));
}

afterEach(async () => {
  await gateway.close();
  await front.close();
  await service.close();
});

function ask(path: string, who: string): Promise<Response> {
  return fetch(`${gateway.url}${path}`, { headers: { "x-api-key": desk.tokens[who] ?? "" } });
}

/** The answer, or a failure naming what never came: a bound on real time against a hang, generous. */
function answered(response: Promise<Response>, what: string, ms = 20_000): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([response, bound]).finally(() => clearTimeout(timer));
}

async function waiting(): Promise<Record<string, number>> {
  // The desk-wide view: this machine, no token (a desk member's token reads only their own figures).
  const health = (await (await fetch(`${gateway.url}/gateway/health`)).json()) as {
    waitingByUser: Record<string, number>;
  };
  return health.waitingByUser;
}

/** Waits (on real time: requests cross real sockets) until the queue holds exactly `expected`. */
async function queued(expected: Record<string, number>): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    if (JSON.stringify(await waiting()) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`the queue never held ${JSON.stringify(expected)}: ${JSON.stringify(await waiting())}`);
}

test("a window with room for every resource is used at once: 45 misses go without waiting on the clock", async () => {
  await startDesk({ limit: 100, remaining: 100, resetSeconds: 60 });
  const asks = Array.from({ length: 45 }, (_, i) => ask(vol(10 + i), i % 2 === 0 ? "alice" : "bob"));
  const answers = await Promise.all(asks.map((r, i) => answered(r, `resource ${i}`)));
  expect(answers.map((r) => r.status)).toEqual(Array(45).fill(200));
  expect(front.seen.map((r) => r.status)).toEqual(Array(45).fill(200));
});

/**
 * Alice's lines wait out a pause: carol's request tells the gateway the upstream's figures, then the upstream
 * refuses alice's first request with 429 and Retry-After 5, which holds every send for 5 s; alice's requests queue.
 */
async function pauseWithAliceWaiting(count: number): Promise<Array<Promise<Response>>> {
  expect((await ask(vol(0), "carol")).status).toBe(200);
  front.refuseNext(1, 5);
  const asks: Array<Promise<Response>> = [];
  for (let i = 1; i <= count; i += 1) {
    asks.push(ask(vol(i), "alice"));
    await queued({ alice: i });
  }
  expect(front.seen.map((r) => r.status)).toEqual([200, 429]);
  return asks;
}

test("a request that joins a fetch waiting in another user's line goes at the first turn of either line", async () => {
  await startDesk({ limit: 4, remaining: 4, resetSeconds: 60 }, { maxQueueWaitMs: 120_000 });
  const [a1, a2, a3] = await pauseWithAliceWaiting(3);
  const bob = ask(vol(3), "bob"); // the last fetch of alice's line
  await queued({ alice: 3, bob: 1 });

  // After the pause the upstream has room for two more: alice's turn, then bob's, which is the fetch he joined.
  front.window.remaining = 2;
  await clock.advance(41_000);
  const bobs = await answered(bob, "bob's request");
  expect(bobs.status).toBe(200);
  expect(bobs.headers.get("cache-status")).toMatch(/; collapsed;/);
  expect((await answered(a1 as Promise<Response>, "alice's first")).status).toBe(200);
  expect((await answered(a3 as Promise<Response>, "alice's third")).status).toBe(200);
  expect(front.seen.slice(2).map((r) => r.path)).toEqual([vol(1), vol(3)]);
  await queued({ alice: 1 });
  // The upstream's next window (its reset is a minute after the answer that told it, whenever that came): alice's
  // second goes too.
  front.window.remaining = 4;
  await clock.advance(70_000);
  expect((await answered(a2 as Promise<Response>, "alice's second")).status).toBe(200);
});

test("a request whose joined fetch is refused its turn (another user's line) takes its own turn", async () => {
  await startDesk({ limit: 100, remaining: 100, resetSeconds: 60 });
  const [a1, a2] = await pauseWithAliceWaiting(2);
  await clock.advance(3000);
  const bob = ask(vol(2), "bob");
  await queued({ alice: 2, bob: 1 });
  await clock.advance(1000);
  // The fault happened: alice's line was refused at its 4 s bound, with it the fetch bob joined.
  const refused = await Promise.all([answered(a1 as Promise<Response>, "a1"), answered(a2 as Promise<Response>, "a2")]);
  expect(refused.map((r) => r.status)).toEqual([429, 429]);
  await queued({ bob: 1 });
  // Bob's own turn comes when the pause ends (Retry-After and the rule's margin: 5 s + 1.2 s).
  await clock.advance(2200);
  const bobs = await answered(bob, "bob's request");
  expect(bobs.status).toBe(200);
  expect(bobs.headers.get("cache-status")).toMatch(/^IndexDataGateway; fwd=miss; fwd-status=200; stored/);
  expect(front.seen.filter((r) => r.path === vol(2))).toEqual([{ path: vol(2), status: 200 }]);
});

test("during a pause after an upstream 429, Retry-After says when this user's line will be served", async () => {
  await startDesk({ limit: 100, remaining: 100, resetSeconds: 60 });
  expect((await ask(vol(1), "carol")).status).toBe(200);
  front.refuseNext(1, 30);
  const alice = ask(vol(2), "alice");
  await queued({ alice: 1 });
  expect(front.seen[1]).toEqual({ path: vol(2), status: 429 });
  await clock.advance(1000);
  const bob = ask(vol(3), "bob");
  await queued({ alice: 1, bob: 1 });
  await clock.advance(3000);
  const alices = await answered(alice, "alice's request");
  expect(alices.status).toBe(429);
  // The pause is Retry-After and the rule's margin on the window's edge (1.2 s at 60 s): 31.2 s from the 429.
  expect(alices.headers.get("retry-after")).toBe("28");
  expect(((await alices.json()) as { message: string }).message).toBe(
    "Not sent: the desk's budget had no room within 4 s. Retry in 28 s.",
  );
  expect(alices.headers.get("x-ratelimit-remaining")).toBe("0");
  expect(alices.headers.get("x-ratelimit-reset")).toBe("28");
  await clock.advance(1000);
  const bobs = await answered(bob, "bob's request");
  expect(bobs.headers.get("retry-after")).toBe("27");
  expect(front.seen).toHaveLength(2);
});
