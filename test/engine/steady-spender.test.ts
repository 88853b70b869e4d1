import { FakeClock } from "../support/fake-clock";
import { LimitedService, runtimeOn, settleOn } from "./limited-service";

/*
 * Issue 45, item 2: a spender we cannot hear (a script on another machine behind the same IP or key) spends a
 * steady part of the budget, below the limit, before the workbooks open and while they want more than it leaves,
 * over several windows. The engine sees it only as a Remaining that falls faster than its own sends explain, and
 * must leave it its pace: its requests are the ones a 429 would cost. The workbooks still get the room it leaves.
 * The service is a fixed window on a fake clock (60 a window compressed to 6 s), as in header-rule.test.ts.
 */
const LIMIT = 60;
const WINDOW_MS = 6000;
const LATENCY_MS = 50;
/** The script runs this long before the workbooks open, as a script does. */
const LEAD_MS = 2000;

async function beside(everyMs: number, workbooks: number, cells: number) {
  const clock = new FakeClock();
  const service = new LimitedService(clock, LIMIT, WINDOW_MS);
  let running = true;
  const script = (): void => {
    if (!running) return;
    service.arrive("script");
    clock.setTimer(script, everyMs);
  };
  script();
  await clock.advance(LEAD_MS);
  const runs = Array.from({ length: workbooks }, (_, i) =>
    runtimeOn(service, clock, { latencyMs: LATENCY_MS, name: `machine-${i}`, maxQueueWaitMs: 40 * WINDOW_MS }).send(
      cells,
    ),
  );
  const { value, afterMs } = await settleOn(clock, Promise.all(runs), 40 * WINDOW_MS);
  running = false;
  return { failed: value.flat().filter((s) => s !== 200), refused: service.rejected, settledMs: afterMs };
}

describe("a steady spender we cannot hear, below the limit, beside workbooks that want more than it leaves", () => {
  test.each([
    // Before the fix, the first four cost the script 6, 12, 3 and 7 × 429.
    { pace: "every 300 ms (20 of 60 a window)", everyMs: 300, workbooks: 1, cells: 100, windows: 3 },
    { pace: "every 300 ms (20 of 60 a window)", everyMs: 300, workbooks: 1, cells: 200, windows: 5 },
    { pace: "every 400 ms (15 of 60 a window)", everyMs: 400, workbooks: 1, cells: 100, windows: 2 },
    { pace: "every 400 ms (15 of 60 a window)", everyMs: 400, workbooks: 1, cells: 200, windows: 4 },
    { pace: "every 600 ms (10 of 60 a window)", everyMs: 600, workbooks: 1, cells: 200, windows: 4 },
    { pace: "every second (6 of 60 a window)", everyMs: 1000, workbooks: 1, cells: 100, windows: 2 },
    { pace: "every 400 ms (its fair share beside three)", everyMs: 400, workbooks: 3, cells: 40, windows: 2 },
    { pace: "every second (6 of 60 a window)", everyMs: 1000, workbooks: 3, cells: 40, windows: 2 },
  ])(
    "a script $pace keeps its pace (one 429 at most) beside $workbooks workbook(s) of $cells cells, which settle within $windows windows",
    async ({ everyMs, workbooks, cells, windows }) => {
      const { failed, refused, settledMs } = await beside(everyMs, workbooks, cells);
      expect(refused).toBeLessThanOrEqual(1);
      expect(failed).toEqual([]);
      expect(settledMs).toBeLessThan(windows * WINDOW_MS);
    },
  );
});
