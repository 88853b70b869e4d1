import { eachCellOf } from "../../workbook";

/** Where a freeze or a refresh applies: the selection, the active sheet, or every sheet of the workbook. */
export type CellScope = "selection" | "sheet" | "workbook";

/** The sheet freezing writes its receipt to; never part of a scope. */
export const RECEIPT_SHEET = "Index Data receipt";

/** An INDEX formula: one that calls an INDEX.* function anywhere in it (it is frozen or refreshed as a whole). */
const INDEX_CALL = /(^|[^A-Za-z0-9_.])INDEX\.[A-Za-z]+\s*\(/i;

export function isIndexFormula(formula: unknown): formula is string {
  return typeof formula === "string" && formula.startsWith("=") && INDEX_CALL.test(formula);
}

/** A cell of the scope holding an INDEX formula. */
export interface IndexCell {
  readonly address: string;
  readonly formula: string;
}

/** The ranges of a scope, with address, formulas and values loaded (one sync). The receipt sheet is left out. */
async function scopeRanges(context: Excel.RequestContext, scope: CellScope): Promise<Excel.Range[]> {
  let ranges: Excel.Range[];
  if (scope === "selection") ranges = [context.workbook.getSelectedRange()];
  else if (scope === "sheet")
    ranges = [context.workbook.worksheets.getActiveWorksheet().getUsedRangeOrNullObject(true)];
  else {
    const sheets = context.workbook.worksheets;
    sheets.load("items/name");
    await context.sync();
    ranges = sheets.items
      .filter((sheet) => sheet.name !== RECEIPT_SHEET)
      .map((sheet) => sheet.getUsedRangeOrNullObject(true));
  }
  ranges.forEach((range) => range.load("address,formulas,values"));
  await context.sync();
  return ranges.filter((range) => !range.isNullObject && !range.address.startsWith(`'${RECEIPT_SHEET}'!`));
}

/**
 * True when a cell holds a formula of its own. Range.formulas gives a cell without a formula its value instead
 * (documented), so a text cell, or a spilled cell, that reads "=INDEX.LATEST(…)" looks like a formula there; its
 * value is that same text. A real formula's value is its result, which never equals its own text except for a
 * formula that shows exactly its own text: such a cell is taken for text and left as it is, the safe reading
 * (it is never frozen into the receipt, so restore never writes it). Range.getSpecialCells("Formulas")
 * (ExcelApi 1.9) was not used: whether it counts the cells a dynamic array spills into is not documented.
 */
function isFormulaCell(formula: unknown, value: unknown): boolean {
  return formula !== value;
}

/** Every INDEX formula of the scope (real formula anchors only), top to bottom, left to right, with its cell's address. */
export async function indexCellsIn(
  context: Excel.RequestContext,
  scope: CellScope,
): Promise<{ cells: IndexCell[]; ranges: Excel.Range[] }> {
  const ranges = await scopeRanges(context, scope);
  const cells: IndexCell[] = [];
  for (const range of ranges) {
    eachCellOf<unknown>(range.address, range.formulas, (formula, address, r, c) => {
      if (isIndexFormula(formula) && isFormulaCell(formula, range.values[r]?.[c])) cells.push({ address, formula });
    });
  }
  return { cells, ranges };
}
