import { sleep, type Clock } from "@index-data/wire/time";
import { localPart, sheetOf } from "../../workbook";
import type { IndexCell } from "../refresh/scope-ranges";

/** How long freezing waits for cells that are still computing, and how often it looks. */
export interface SettleWait {
  readonly clock: Clock;
  /** @default 30000 (a cell waiting on the rate budget can take longer: it is left live and listed) */
  readonly boundMs?: number;
  /** @default 500 */
  readonly intervalMs?: number;
}

const BUSY = "#BUSY!";

/** The anchor's range: the one cell holding the formula. */
export function anchorRange(context: Excel.RequestContext, address: string): Excel.Range {
  return context.workbook.worksheets.getItem(sheetOf(address)).getRange(localPart(address));
}

function showsBusy(range: Excel.Range): boolean {
  return range.valueTypes.some((row, r) => row.some((type, c) => type === "Error" && range.values[r]?.[c] === BUSY));
}

/**
 * Waits until no cell of the anchors (their spills included) shows #BUSY!, at most the bound on `wait.clock`.
 * Freezing #BUSY! would write an error that is no value at all; a cell still computing at the bound is not
 * frozen: it stays a live formula, and the caller lists it.
 */
export async function waitForSettled(
  context: Excel.RequestContext,
  cells: readonly IndexCell[],
  wait: SettleWait,
): Promise<{ settled: IndexCell[]; busy: IndexCell[] }> {
  const { clock, boundMs = 30_000, intervalMs = 500 } = wait;
  const deadline = clock.now() + boundMs;
  let pending = [...cells];
  const settled: IndexCell[] = [];
  for (;;) {
    const looks = pending.map((cell) => {
      const anchor = anchorRange(context, cell.address);
      const spill = anchor.getSpillingToRangeOrNullObject();
      anchor.load("values,valueTypes");
      spill.load("values,valueTypes");
      return { cell, anchor, spill };
    });
    // Polling is the point here: each look must ask Excel again, and the loop is bounded by the deadline.
    // eslint-disable-next-line office-addins/no-context-sync-in-loop
    await context.sync();
    const busy = looks.filter(({ anchor, spill }) => showsBusy(anchor) || (!spill.isNullObject && showsBusy(spill)));
    settled.push(...looks.filter((look) => !busy.includes(look)).map((look) => look.cell));
    pending = busy.map((look) => look.cell);
    if (pending.length === 0 || clock.now() >= deadline)
      return { settled: cells.filter((cell) => settled.includes(cell)), busy: pending };
    await sleep(intervalMs, clock);
  }
}
