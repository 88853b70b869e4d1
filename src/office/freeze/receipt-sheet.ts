import {
  textEntry,
  parseRect,
  fromCells,
  isHeaderRow,
  RECEIPT_HEADER,
  RECEIPT_LAST_COLUMN,
  toCells,
  type ReceiptRow,
} from "../../workbook";
import { RECEIPT_SHEET } from "../refresh/scope-ranges";

/**
 * The receipt sheet, read and appended by content, never by position: the user may clear its header, sort it,
 * delete rows or leave blank ones. New rows go after the last used row (a header first when the sheet has
 * none); reading finds the header and the rows by what they hold, each with its own row number, so restore
 * deletes exactly the rows it restored.
 */
interface ReceiptTarget {
  readonly exists: boolean;
  /** One-based row the next rows start at. */
  readonly nextRow: number;
  readonly needsHeader: boolean;
}

export interface ReceiptRowAt {
  /** One-based row on the receipt sheet. */
  readonly row: number;
  readonly receipt: ReceiptRow;
}

/** The used part of the receipt sheet with its values, each row padded from column A; undefined when there is none. */
async function usedRows(context: Excel.RequestContext): Promise<{ exists: boolean; top: number; rows: unknown[][] }> {
  const sheet = context.workbook.worksheets.getItemOrNullObject(RECEIPT_SHEET);
  const used = sheet.getUsedRangeOrNullObject(true);
  used.load("address,values");
  await context.sync();
  if (sheet.isNullObject) return { exists: false, top: 0, rows: [] };
  const rect = used.isNullObject ? undefined : parseRect(used.address);
  if (rect === undefined) return { exists: true, top: 0, rows: [] };
  const padding = Array<unknown>(rect.left).fill("");
  return { exists: true, top: rect.top, rows: used.values.map((cells) => [...padding, ...cells]) };
}

/** Where freezing appends (read before any frozen cell is written, so a failure here writes nothing). */
export async function receiptTarget(context: Excel.RequestContext): Promise<ReceiptTarget> {
  const { exists, top, rows } = await usedRows(context);
  return { exists, nextRow: rows.length === 0 ? 1 : top + rows.length + 1, needsHeader: !rows.some(isHeaderRow) };
}

/** Appends the rows (and the header, when needed); creates the sheet when missing; shows or hides it as chosen. */
export function appendReceiptRows(
  context: Excel.RequestContext,
  target: ReceiptTarget,
  rows: readonly ReceiptRow[],
  visible: boolean,
): void {
  const sheets = context.workbook.worksheets;
  const sheet = target.exists ? sheets.getItem(RECEIPT_SHEET) : sheets.add(RECEIPT_SHEET);
  // Spelled out, so this runs where the Excel enums are not loaded (tests, older office.js).
  sheet.visibility = (visible ? "Visible" : "Hidden") as Excel.SheetVisibility;
  const cells = [...(target.needsHeader ? [RECEIPT_HEADER.map(textEntry)] : []), ...rows.map(toCells)];
  if (cells.length === 0) return;
  const first = target.nextRow;
  sheet.getRange(`A${first}:${RECEIPT_LAST_COLUMN}${first + cells.length - 1}`).values = cells;
}

/** A row that claims to be a receipt row: it has a formula, a block or a signature (anything else is the user's note). */
function claimsToBeReceiptRow(receipt: ReceiptRow): boolean {
  return receipt.formula !== "" || receipt.block !== "" || receipt.signature !== "";
}

/**
 * Every receipt row of the sheet with its row number; header rows, blank rows and the user's notes are skipped.
 * Undefined when there is no receipt sheet.
 */
export async function readReceipt(context: Excel.RequestContext): Promise<ReceiptRowAt[] | undefined> {
  const { exists, top, rows } = await usedRows(context);
  if (!exists) return undefined;
  return rows.flatMap((cells, index) => {
    const receipt = isHeaderRow(cells) ? undefined : fromCells(cells);
    return receipt === undefined || !claimsToBeReceiptRow(receipt) ? [] : [{ row: top + index + 1, receipt }];
  });
}

/** Deletes these receipt rows (one-based), bottom-up so each delete leaves the others' numbers as they were. */
export function deleteReceiptRows(context: Excel.RequestContext, rows: readonly number[]): void {
  const sheet = context.workbook.worksheets.getItem(RECEIPT_SHEET);
  for (const row of [...rows].sort((a, b) => b - a)) {
    sheet.getRange(`A${row}:${RECEIPT_LAST_COLUMN}${row}`).delete("Up" as Excel.DeleteShiftDirection);
  }
}
