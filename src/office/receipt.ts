import type { Provenance } from "../client/engine/address-index";
import { RECEIPT_SHEET } from "./refresh-scope-ranges";

/**
 * The receipt freezing writes: one row per frozen cell or spill, enough to put the formula back and to say
 * where the numbers came from. It holds the service's base URL, never the API key (see `publicServiceUrl`).
 */
export const RECEIPT_HEADER = ["Cell", "Range", "Formula", "Values (JSON)", "As of", "Publication mode", "Service", "Frozen at", "Note"] as const;

export interface ReceiptRow {
  /** The anchor cell, e.g. "Sheet1!B2". */
  readonly cell: string;
  /** The cells written: the spill range, or the cell itself. */
  readonly range: string;
  readonly formula: string;
  /** The values written, as JSON of a 2-D array (errors as their code, e.g. "#N/A"). */
  readonly values: string;
  readonly asOf: string;
  readonly publicationMode: string;
  readonly service: string;
  readonly frozenAt: string;
  /** The error message the cell showed, or empty. */
  readonly note: string;
}

/** What one frozen cell or spill gives its receipt row; Excel's freeze and the preview's both build rows with it. */
export interface FrozenCell {
  readonly cell: string;
  readonly range: string;
  readonly formula: string;
  /** The values written, errors as their code. */
  readonly values: readonly (readonly unknown[])[];
  readonly provenance?: Provenance | undefined;
  /** The error message the cell showed, or empty. */
  readonly note: string;
}

/** The values of a receipt row as written (JSON of the 2-D array): what restoring compares the cells with. */
function valuesText(values: unknown): string {
  return JSON.stringify(values);
}

/** True when the cells still show exactly what was frozen: only then may restoring overwrite them. */
export function stillAsFrozen(receipt: ReceiptRow, values: unknown): boolean {
  return valuesText(values) === receipt.values;
}

export function receiptRowOf(frozen: FrozenCell, serviceUrl: string, frozenAt: string): ReceiptRow {
  return {
    cell: frozen.cell,
    range: frozen.range,
    formula: frozen.formula,
    values: valuesText(frozen.values),
    asOf: frozen.provenance?.asOf ?? "",
    publicationMode: frozen.provenance?.publicationMode ?? "",
    service: publicServiceUrl(serviceUrl),
    frozenAt,
    note: frozen.note,
  };
}

/** The service URL without credentials, query or fragment: a URL may carry a key (?apikey=) and must not reach the workbook. */
function publicServiceUrl(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.protocol}//${url.host}${url.pathname}`.replace(/\/$/, "");
  } catch {
    return "";
  }
}

/** A receipt row as cells; text that Excel would read as a formula is written with a leading apostrophe. */
export function toCells(row: ReceiptRow): string[] {
  return [row.cell, row.range, row.formula, row.values, row.asOf, row.publicationMode, row.service, row.frozenAt, row.note].map((text) =>
    /^[=+\-@]/.test(text) ? `'${text}` : text,
  );
}

function fromCells(cells: readonly unknown[]): ReceiptRow | undefined {
  const [cell, range, formula, values, asOf, publicationMode, service, frozenAt, note] = cells.map((value) => (value === null || value === undefined ? "" : String(value)));
  if (cell === undefined || cell === "" || formula === undefined || !formula.startsWith("=") || range === undefined || values === undefined) return undefined;
  return { cell, range, formula, values, asOf: asOf ?? "", publicationMode: publicationMode ?? "", service: service ?? "", frozenAt: frozenAt ?? "", note: note ?? "" };
}

/** The receipt sheet, created with its header row when missing; shown or hidden as the user chose. */
export function receiptSheet(context: Excel.RequestContext, existing: Excel.Worksheet, visible: boolean): Excel.Worksheet {
  const sheet = existing.isNullObject ? context.workbook.worksheets.add(RECEIPT_SHEET) : existing;
  if (existing.isNullObject) sheet.getRange("A1:I1").values = [[...RECEIPT_HEADER]];
  // Spelled out, so this runs where the Excel enums are not loaded (tests, older office.js).
  sheet.visibility = (visible ? "Visible" : "Hidden") as Excel.SheetVisibility;
  return sheet;
}

/** Rows of the receipt as written, with their one-based row numbers on the sheet (the header is row 1). */
export async function readReceipt(context: Excel.RequestContext): Promise<{ sheet: Excel.Worksheet; rows: { row: number; receipt: ReceiptRow }[] } | undefined> {
  const sheet = context.workbook.worksheets.getItemOrNullObject(RECEIPT_SHEET);
  const used = sheet.getUsedRangeOrNullObject(true);
  used.load("values");
  await context.sync();
  if (sheet.isNullObject || used.isNullObject) return undefined;
  const rows = used.values.slice(1).flatMap((cells, index) => {
    const receipt = fromCells(cells);
    return receipt === undefined ? [] : [{ row: index + 2, receipt }];
  });
  return { sheet, rows };
}
