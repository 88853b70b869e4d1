import { contains, localPart, parseRect, sheetOf } from "./refresh-scope-address";
import { readReceipt, stillAsFrozen, type ReceiptRow } from "./receipt";

export interface RestoreOutcome {
  /** Anchors whose formula went back. */
  readonly restored: readonly string[];
  /** Anchors left alone because their cells no longer show what was frozen (the user changed them). */
  readonly changed: readonly string[];
  readonly message: string;
}

interface Candidate {
  readonly row: number;
  readonly receipt: ReceiptRow;
  readonly range: Excel.Range;
}

/** What restoring says; the preview's Restore says the same. */
export function restoreMessage(restored: number, changed: readonly string[]): string {
  const done = `Restored ${restored} INDEX formula${restored === 1 ? "" : "s"}.`;
  return changed.length === 0 ? done : `${done} Left alone because they were changed after freezing: ${changed.join(", ")}.`;
}

/**
 * "Restore formulas": puts each formula of the receipt back (all rows, or those whose cell is in the
 * selection) where its cells still show exactly the values frozen; the cells of a spill are cleared so it can
 * spill again. A restored row leaves the receipt; a cell changed since freezing is listed and left alone,
 * and its row stays.
 */
export async function restoreFormulas(context: Excel.RequestContext, selectionOnly: boolean): Promise<RestoreOutcome> {
  const receipt = await readReceipt(context);
  if (receipt === undefined || receipt.rows.length === 0) return { restored: [], changed: [], message: "There is no receipt to restore from." };
  let rows = receipt.rows;
  if (selectionOnly) {
    const selection = context.workbook.getSelectedRange();
    selection.load("address");
    await context.sync();
    const rect = parseRect(selection.address);
    rows = rows.filter(({ receipt: r }) => rect !== undefined && contains(rect, r.cell));
  }
  const candidates: Candidate[] = rows.map(({ row, receipt: r }) => {
    const range = context.workbook.worksheets.getItem(sheetOf(r.range)).getRange(localPart(r.range));
    range.load("values");
    return { row, receipt: r, range };
  });
  await context.sync();
  const restored: Candidate[] = [];
  const changed: string[] = [];
  for (const candidate of candidates) {
    if (!stillAsFrozen(candidate.receipt, candidate.range.values)) {
      changed.push(candidate.receipt.cell);
      continue;
    }
    candidate.range.clear("Contents" as Excel.ClearApplyTo);
    candidate.range.getCell(0, 0).formulas = [[candidate.receipt.formula]];
    restored.push(candidate);
  }
  // Bottom-up, so that deleting a row does not move the rows still to delete.
  for (const { row } of [...restored].sort((a, b) => b.row - a.row)) {
    receipt.sheet.getRange(`A${row}:I${row}`).delete("Up" as Excel.DeleteShiftDirection);
  }
  await context.sync();
  return { restored: restored.map((c) => c.receipt.cell), changed, message: restoreMessage(restored.length, changed) };
}
