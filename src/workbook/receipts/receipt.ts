import type { Provenance } from "../../engine";
import { CELL_TEXT_LIMIT, textEntry, withinCell } from "./cell-entry";
import type { ReceiptSigner } from "./signature";

/**
 * The receipt freezing writes: one row per frozen cell or spill, enough to put the formula back and to say
 * where the numbers came from. It holds the service's base URL, never the API key (see `publicServiceUrl`),
 * and never the signing key. The first nine columns are for the reader; the last five are for restore: the
 * workbook name that moves with the frozen cells, the formula relative to its cell, the fingerprint of the
 * values frozen, the row's signature, and the id of the workbook it was frozen in (workbook-id.ts), which the
 * signature covers too. The workbook id comes last so that receipts of earlier versions still read column by column.
 */
export const RECEIPT_HEADER = [
  "Cell",
  "Range",
  "Formula",
  "Values (JSON)",
  "As of",
  "Publication mode",
  "Service",
  "Frozen at",
  "Note",
  "Frozen block",
  "Formula (R1C1)",
  "Fingerprint",
  "Signature",
  "Workbook",
] as const;

/** The receipt's columns, as A1 letters: A to N. */
export const RECEIPT_LAST_COLUMN = String.fromCharCode(64 + RECEIPT_HEADER.length);

export interface ReceiptRow {
  /** The anchor cell when it was frozen, e.g. "Sheet1!B2". */
  readonly cell: string;
  /** The cells written when frozen: the spill range, or the cell itself. */
  readonly range: string;
  readonly formula: string;
  /** The values written, as JSON of a 2-D array (errors as their code, a card as its text), cut to fit a cell. */
  readonly values: string;
  readonly asOf: string;
  readonly publicationMode: string;
  readonly service: string;
  readonly frozenAt: string;
  /** The error message the cell showed, and anything else the reader should know; or empty. */
  readonly note: string;
  /** The workbook name (ExcelApi 1.4) that refers to the frozen cells and moves with them; empty in the preview. */
  readonly block: string;
  /** The formula relative to its cell (Range.formulasR1C1), as restore writes it where the block is now. */
  readonly formulaR1C1: string;
  /** What the cells held once frozen (see values-fingerprint.ts); empty in the preview. */
  readonly fingerprint: string;
  /** HMAC of every other field (see signature.ts); empty until signed. */
  readonly signature: string;
  /** The id of the workbook the row was frozen in (workbook-id.ts); empty in the preview. */
  readonly workbook: string;
}

/** What one frozen cell or spill gives its receipt row; Excel's freeze and the preview's both build rows with it. */
interface FrozenCell {
  readonly cell: string;
  readonly range: string;
  readonly formula: string;
  /** @default formula (the preview has no R1C1 form) */
  readonly formulaR1C1?: string;
  /** The values written, errors as their code, a card as its text. */
  readonly values: readonly (readonly unknown[])[];
  readonly provenance?: Provenance | undefined;
  /** The error message the cell showed, and anything else to say; or empty. */
  readonly note: string;
  readonly block?: string;
  readonly fingerprint?: string;
  /** The id of the workbook being frozen. @default "" (the preview) */
  readonly workbook?: string;
}

/** The values as the receipt shows them: JSON of the 2-D array. */
function valuesJson(values: unknown): string {
  return JSON.stringify(values);
}

export function receiptRowOf(frozen: FrozenCell, serviceUrl: string, frozenAt: string): ReceiptRow {
  const json = valuesJson(frozen.values);
  const cut = json.length > CELL_TEXT_LIMIT - 1;
  const note = cut
    ? [
        frozen.note,
        `Values (JSON) cut to fit one cell (${json.length.toLocaleString("en-US")} characters); the fingerprint covers every value.`,
      ]
        .filter((part) => part !== "")
        .join(" ")
    : frozen.note;
  const row: ReceiptRow = {
    cell: frozen.cell,
    range: frozen.range,
    formula: frozen.formula,
    values: json,
    asOf: frozen.provenance?.asOf ?? "",
    publicationMode: frozen.provenance?.publicationMode ?? "",
    service: publicServiceUrl(serviceUrl),
    frozenAt,
    note,
    block: frozen.block ?? "",
    formulaR1C1: frozen.formulaR1C1 ?? frozen.formula,
    fingerprint: frozen.fingerprint ?? "",
    signature: "",
    workbook: frozen.workbook ?? "",
  };
  // Every field as a cell will hold it, so that what is signed is what is read back.
  return fromFields(toFields(row).map(withinCell));
}

/** The service URL without credentials, query or fragment: a URL may carry a key (?apikey=) and must not reach the workbook. */
function publicServiceUrl(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.protocol}//${url.host}${url.pathname}`.replace(/\/$/, "");
  } catch {
    // Expected: a base URL that is not one names no service on the receipt.
    return "";
  }
}

/** The row's fields in column order, the order of `RECEIPT_HEADER`. */
export const RECEIPT_FIELDS = [
  "cell",
  "range",
  "formula",
  "values",
  "asOf",
  "publicationMode",
  "service",
  "frozenAt",
  "note",
  "block",
  "formulaR1C1",
  "fingerprint",
  "signature",
  "workbook",
] as const satisfies readonly (keyof ReceiptRow)[];

/** How many of the first columns are for the reader; the rest are for restore. */
export const READER_COLUMNS = 9;

function toFields(row: ReceiptRow): string[] {
  return RECEIPT_FIELDS.map((field) => row[field]);
}

/** A row from its columns; a column missing (a receipt of an earlier version) reads as empty. */
function fromFields(fields: readonly string[]): ReceiptRow {
  const entries = RECEIPT_FIELDS.map((field, index) => [field, fields[index] ?? ""] as const);
  return Object.fromEntries(entries) as Record<(typeof RECEIPT_FIELDS)[number], string>;
}

const SIGNATURE_COLUMN = RECEIPT_HEADER.indexOf("Signature");

/** The fields a signature covers: every one but the signature, in column order (the workbook id included). */
function signedFields(row: ReceiptRow): string[] {
  return toFields(row).filter((_field, index) => index !== SIGNATURE_COLUMN);
}

export async function signRow(row: ReceiptRow, signer: ReceiptSigner): Promise<ReceiptRow> {
  return { ...row, signature: await signer.sign(signedFields(row)) };
}

export function verifyRow(row: ReceiptRow, signer: ReceiptSigner): Promise<boolean> {
  return signer.verify(signedFields(row), row.signature);
}

/** A receipt row as cells: every field written as text (cell-entry.ts), so that reading it back gives it unchanged. */
export function toCells(row: ReceiptRow): string[] {
  return toFields(row).map(textEntry);
}

/** A row of the receipt sheet as read (Range.values), or undefined when it is not a receipt row at all. */
export function fromCells(cells: readonly unknown[]): ReceiptRow | undefined {
  const fields = cells
    .slice(0, RECEIPT_HEADER.length)
    .map((value) => (value === null || value === undefined ? "" : String(value)));
  if (fields.every((field) => field === "")) return undefined;
  return fromFields(fields);
}

/** True for a header row of the receipt (this version's or an earlier one): it starts Cell, Range, Formula. */
export function isHeaderRow(cells: readonly unknown[]): boolean {
  return cells[0] === RECEIPT_HEADER[0] && cells[1] === RECEIPT_HEADER[1] && cells[2] === RECEIPT_HEADER[2];
}
