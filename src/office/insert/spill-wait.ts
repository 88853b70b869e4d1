import { sleep, systemClock, type Clock } from "@index-data/wire/time";

/** How long to wait for a custom function's spill to appear, and how often to look. */
export interface SpillWaitOptions {
  /** @default 30000 (the functions settle within their own bound, well inside this) */
  readonly timeoutMs?: number;
  /** @default 500 */
  readonly intervalMs?: number;
  /** @default systemClock; tests pass one whose waits take no time */
  readonly clock?: Clock;
}

/** The spill once it exists, or why there is none (the cell's error, or still busy at the deadline). */
type SpillOutcome =
  | { readonly kind: "spilled"; readonly range: Excel.Range; readonly rowCount: number; readonly columnCount: number }
  | { readonly kind: "no-spill"; readonly reason: string };

const BUSY = "#BUSY!";

/** The cell's current error text, if it holds an error other than #BUSY! (which means "still computing"). */
function finalError(cell: Excel.Range): string | undefined {
  const type = cell.valueTypes[0]?.[0];
  const value: unknown = cell.values[0]?.[0];
  if (type !== "Error") return undefined;
  return value === BUSY ? undefined : String(value);
}

/**
 * Custom functions are asynchronous, so right after the formula is written the cell shows #BUSY! and has no
 * spill yet. Look again until the spill exists, the cell settles on an error, or the deadline passes; the
 * loop is bounded so the taskpane never waits forever.
 */
export async function waitForSpill(
  context: Excel.RequestContext,
  cell: Excel.Range,
  options: SpillWaitOptions = {},
): Promise<SpillOutcome> {
  const { timeoutMs = 30_000, intervalMs = 500, clock = systemClock } = options;
  const deadline = clock.now() + timeoutMs;
  for (;;) {
    const spill = cell.getSpillingToRangeOrNullObject();
    spill.load("address,rowCount,columnCount");
    cell.load("values,valueTypes");
    // Polling is the point here: each look must ask Excel again, and the loop is bounded by the deadline.
    // eslint-disable-next-line office-addins/no-context-sync-in-loop
    await context.sync();
    if (!spill.isNullObject) {
      return { kind: "spilled", range: spill, rowCount: spill.rowCount, columnCount: spill.columnCount };
    }
    const error = finalError(cell);
    if (error !== undefined) return { kind: "no-spill", reason: `the formula returned ${error}` };
    if (clock.now() >= deadline) {
      return { kind: "no-spill", reason: `the formula had no result after ${Math.round(timeoutMs / 1000)} s` };
    }
    await sleep(intervalMs, clock);
  }
}
