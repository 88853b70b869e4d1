import { FakeClock } from "../support/fake-clock";
import { ConnectionPool, runtimeOn, settleOn } from "./limited-service";
import {
  SpecUpstream,
  seeded,
  type SpecUpstreamOptions,
  type UpstreamForm,
  type WindowKind,
} from "../support/spec-upstream";

/*
 * A sheet opens at the speed of the network when the service's count shows room for it: the 1,000-cell sheet's 42
 * distinct resources, anonymous (60 a minute), 50 ms away, behind a browser's six connections, against a service
 * written to the spec (not the reference service), whatever it says of its limit, however it counts its window and
 * in whatever order it answers. Beside it, a bare client fetching the same 42 through the same six connections.
 */
const LIMIT = 60;
const WINDOW_MS = 60_000;
const RESOURCES = 42;
const LATENCY_MS = 50;
const CONNECTIONS = 6;
const START = Date.UTC(2025, 5, 18, 10, 30, 7, 250);

interface Open {
  readonly form: UpstreamForm;
  readonly window: WindowKind;
  /** An earlier page's sends begin the window; it turns this long before the open (negative: after it). */
  readonly turnedBeforeMs?: number;
  /** Answers in an order of their own (each takes 10-150 ms). */
  readonly outOfOrder?: boolean;
  /** The count an answer tells includes sends still in flight when it left. */
  readonly countAtAnswer?: boolean;
  /** How long the page reads and decodes each answer after its headers came (both clients alike). */
  readonly bodyMs?: number;
  /** A spender we cannot hear: a burst five seconds before the open, then one request every `everyMs` (if any). */
  readonly peer?: { readonly burst: number; readonly everyMs?: number };
}

function upstreamOf(clock: FakeClock, open: Open): SpecUpstream {
  const random = seeded(7);
  const options: SpecUpstreamOptions = {
    limit: LIMIT,
    windowMs: WINDOW_MS,
    window: open.window,
    form: open.form,
    countAtAnswer: open.countAtAnswer === true,
    ...(open.outOfOrder === true ? { latencyMs: () => 10 + Math.floor(random() * 140) } : {}),
  };
  return new SpecUpstream(clock, options);
}

/** The clock at the open: on the minute's grid for a window on the minute, so the turn falls where the test says. */
function clockFor(open: Open): FakeClock {
  return new FakeClock(open.window === "minute" ? Math.floor(START / WINDOW_MS) * WINDOW_MS : START);
}

/** Brings the upstream to the open: an earlier page's sends, the window turning where the test says. */
async function beforeTheOpen(clock: FakeClock, service: SpecUpstream, open: Open): Promise<void> {
  const turned = open.turnedBeforeMs;
  if (turned !== undefined) for (let i = 0; i < RESOURCES; i += 1) service.answer("earlier page").info();
  await clock.advance(WINDOW_MS + (turned ?? -100) - 5000);
  if (open.peer !== undefined) peerSpends(clock, service, open.peer);
  await clock.advance(5000);
}

/** A spender we cannot hear: its burst now, then (if it goes on) one request every `everyMs`. */
function peerSpends(clock: FakeClock, service: SpecUpstream, peer: NonNullable<Open["peer"]>): void {
  for (let i = 0; i < peer.burst; i += 1) service.answer("peer").info();
  const every = peer.everyMs;
  if (every === undefined) return;
  const next = (): void => {
    service.answer("peer").info();
    clock.setTimer(next, every);
  };
  clock.setTimer(next, every);
}

async function coldOpen(open: Open) {
  const clock = clockFor(open);
  const service = upstreamOf(clock, open);
  await beforeTheOpen(clock, service, open);
  const openedAt = clock.now();
  const page = runtimeOn(service, clock, {
    latencyMs: LATENCY_MS,
    connections: CONNECTIONS,
    name: "page",
    bodyMs: open.bodyMs ?? 0,
  });
  const { value, afterMs } = await settleOn(clock, page.send(RESOURCES), 5 * WINDOW_MS, 5);
  const ours = service.arrivals.filter((a) => a.by === "page");
  return {
    failed: value.filter((s) => s !== 200),
    rejected: service.rejected,
    settledMs: afterMs,
    service,
    openedAt,
    /** Our sends that reached the service within the open's first window. */
    firstWindow: ours.filter((a) => a.at < openedAt + WINDOW_MS).length,
  };
}

/** The same 42 fetched by a bare client through the same six connections from the same upstream. */
async function bareOpen(open: Open): Promise<number> {
  const clock = clockFor(open);
  const service = upstreamOf(clock, { ...open, form: "none" });
  await beforeTheOpen(clock, service, open);
  const start = clock.now();
  const pool = new ConnectionPool(CONNECTIONS);
  let done = 0;
  for (let i = 0; i < RESOURCES; i += 1)
    pool.take(() => {
      const answer = service.answer("bare");
      clock.setTimer(() => {
        pool.release();
        clock.setTimer(() => (done += 1), open.bodyMs ?? 0);
      }, answer.latencyMs ?? LATENCY_MS);
    });
  while (done < RESOURCES) await clock.advance(5);
  return clock.now() - start;
}

const FORMS: readonly UpstreamForm[] = ["full", "partial", "ietf", "none"];
const WINDOWS: readonly WindowKind[] = ["first-request", "minute", "sliding"];
const ORDERS: ReadonlyArray<Pick<Open, "outOfOrder" | "countAtAnswer">> = [
  {},
  { outOfOrder: true },
  { countAtAnswer: true },
  { outOfOrder: true, countAtAnswer: true },
];
const PHASES: ReadonlyArray<Pick<Open, "turnedBeforeMs">> = [{}, { turnedBeforeMs: 100 }, { turnedBeforeMs: 2000 }];

describe.each(FORMS.flatMap((form) => WINDOWS.map((window) => [form, window] as const)))(
  "headers %s, window counted %s",
  (form, window) => {
    test("fresh, or just after the window turned: every answer order opens within 1.3x a bare client, no 429", async () => {
      for (const phase of PHASES)
        for (const order of ORDERS) {
          const open: Open = { form, window, ...phase, ...order };
          const bare = await bareOpen(open);
          const { failed, rejected, settledMs } = await coldOpen(open);
          expect({ ...phase, ...order, failed, rejected }).toEqual({ ...phase, ...order, failed: [], rejected: 0 });
          // Within 1.3x a bare client's time (the opening burst's round trip is the difference).
          expect({ ...phase, ...order, slower: settledMs > 1.3 * bare }).toEqual({ ...phase, ...order, slower: false });
        }
    });
  },
);

describe("the page's own work on each answer", () => {
  test.each(FORMS)(
    "headers %s: a request goes as soon as an answer frees a connection, not once the page has decoded its body",
    async (form) => {
      // 40 ms to read and decode each answer, on a page under load: the bare client pays it once, at its last answer.
      const open: Open = { form, window: "first-request", bodyMs: 40 };
      const bare = await bareOpen(open);
      const { failed, rejected, settledMs } = await coldOpen(open);
      expect({ failed, rejected }).toEqual({ failed: [], rejected: 0 });
      expect(settledMs).toBeLessThanOrEqual(1.2 * bare);
    },
  );
});

describe("a spender we cannot hear", () => {
  test.each(["full", "partial", "ietf"] as const)(
    "headers %s: what it spent before the open is kept from us, and only that: no 429, the room it left all ours",
    async (form) => {
      // It spent 20 of the window five seconds before the open: 40 are left for our 42.
      const { failed, rejected, service, openedAt } = await coldOpen({
        form,
        window: "first-request",
        peer: { burst: 20 },
      });
      expect({ failed, rejected }).toEqual({ failed: [], rejected: 0 });
      const turnsAt = openedAt - 5000 + WINDOW_MS;
      const oursBeforeTurn = service.arrivals.filter((a) => a.by === "page" && a.at < turnsAt).length;
      // Paced by its share only: of the 40 it left, we took all but an opening burst at most before the turn.
      expect(oursBeforeTurn).toBeGreaterThanOrEqual(40 - 5);
      expect(oursBeforeTurn).toBeLessThanOrEqual(40);
    },
  );
});
