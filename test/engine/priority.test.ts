import { LaneHints, type Lane } from "../../src/engine/sending/lane-hints";
import { RateBudget } from "../../src/engine/budget/rate-budget";
import { Scheduler } from "../../src/engine/sending/scheduler";
import { FakeClock } from "../support/fake-clock";

const WINDOW_MS = 1000;

/**
 * A scheduler whose budget is known (2 a window, no headers) and spent: whatever is scheduled now waits. Each
 * request answers the key `k:<name>`; its lane comes from the hints, as in the engine: the user's keys (held
 * while the test runs), the visible keys, the rest.
 */
async function exhausted() {
  const clock = new FakeClock();
  const budget = new RateBudget({ limit: 2, windowMs: WINDOW_MS, marginMs: 0 });
  budget.learn({ path: "/", status: 200 }, clock.now()); // the first answer: the limit is known
  const hints = new LaneHints();
  const scheduler = new Scheduler(budget, hints, { maxQueueWaitMs: 20 * WINDOW_MS, maxInFlight: 8, clock });
  const sent: string[] = [];
  const visible = new Set<string>();
  const hold = new Promise<void>(() => undefined);
  const setLane = (name: string, lane: Lane | undefined) => {
    if (lane === "user") void hints.userWhile(`k:${name}`, () => hold);
    if (lane === "visible") visible.add(`k:${name}`);
    else visible.delete(`k:${name}`);
    hints.setVisible(() => false, visible);
  };
  const queue = (name: string, lane?: Lane, first = false) => {
    setLane(name, lane);
    return scheduler.schedule(
      () => {
        sent.push(name);
        return Promise.resolve(name);
      },
      { answers: { keys: [`k:${name}`] }, first },
    );
  };
  await Promise.all([queue("spent-1"), queue("spent-2")]);
  expect(sent).toEqual(["spent-1", "spent-2"]); // the window's budget is gone: the next ones wait
  sent.length = 0;
  return { clock, sent, queue, setLane };
}

describe("priority lanes: the user's action, then visible cells, then the rest", () => {
  test("with the budget spent, a user-lane request queued last is sent first when a slot frees", async () => {
    const { clock, sent, queue } = await exhausted();
    const all = Promise.all([
      queue("bg-1", "background"),
      queue("bg-2", "background"),
      queue("bg-3"),
      queue("user-1", "user"),
    ]);
    await clock.advance(0);
    expect(sent).toEqual([]); // still waiting for a slot
    await clock.advance(WINDOW_MS);
    expect(sent[0]).toBe("user-1");
    await clock.advance(2 * WINDOW_MS);
    await all;
    expect(sent).toEqual(["user-1", "bg-1", "bg-2", "bg-3"]);
  });

  test("a visible cell's request goes before background ones, after the user's; FIFO within a lane", async () => {
    const { clock, sent, queue } = await exhausted();
    const names: Array<[string, Lane]> = [
      ["bg-1", "background"],
      ["vis-1", "visible"],
      ["bg-2", "background"],
      ["user-1", "user"],
      ["vis-2", "visible"],
      ["user-2", "user"],
    ];
    const all = Promise.all(names.map(([name, lane]) => queue(name, lane)));
    await clock.advance(3 * WINDOW_MS);
    await all;
    expect(sent).toEqual(["user-1", "user-2", "vis-1", "vis-2", "bg-1", "bg-2"]);
  });

  test("a retry goes to the front of its own lane, not ahead of a higher lane", async () => {
    const { clock, sent, queue } = await exhausted();
    const all = Promise.all([
      queue("bg-1", "background"),
      queue("vis-1", "visible"),
      queue("bg-retry", "background", true),
      queue("vis-retry", "visible", true),
    ]);
    await clock.advance(2 * WINDOW_MS);
    await all;
    expect(sent).toEqual(["vis-retry", "vis-1", "bg-retry", "bg-1"]);
  });

  test("a waiting request changes lane when the hint changes (the visible set moved), queue order kept", async () => {
    const { clock, sent, queue, setLane } = await exhausted();
    const all = Promise.all([queue("bg-1", "background"), queue("moves", "background"), queue("vis-1", "visible")]);
    setLane("moves", "visible");
    await clock.advance(2 * WINDOW_MS);
    await all;
    // It was queued before vis-1 (in a lower lane then): it moves ahead of the background, and keeps its place
    // in the visible lane by when it was queued.
    expect(sent).toEqual(["moves", "vis-1", "bg-1"]);
  });

  test("a call without a lane is background: it keeps first come first served among its own", async () => {
    const { clock, sent, queue } = await exhausted();
    const all = Promise.all([queue("a"), queue("b"), queue("c", "visible")]);
    await clock.advance(2 * WINDOW_MS);
    await all;
    expect(sent).toEqual(["c", "a", "b"]);
  });
});
