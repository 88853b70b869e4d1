import type { Provenance } from "../client/engine/address-index";
import { normalizeAddress } from "./refresh-scope-address";
import { indexCellsIn, RECEIPT_SHEET, type CellScope, type IndexCell } from "./refresh-scope-ranges";
import { receiptRowOf, receiptSheet, toCells, type ReceiptRow } from "./receipt";

/** What freezing needs besides the workbook: provenance from the engine's address index, the service, the time. */
export interface FreezeOptions {
  readonly scope: CellScope;
  /** Show the receipt sheet, or write it hidden. */
  readonly receiptVisible: boolean;
  /** The service's base URL (only its public part is written). */
  readonly serviceUrl: string;
  readonly now: () => Date;
  /** The fix date and publication mode of the cell's resource, when the engine has them. */
  readonly provenanceOf?: (address: string) => Provenance | undefined;
  /** The message of the error the cell shows, when the engine has it. */
  readonly errorOf?: (address: string) => string | undefined;
}

export interface FreezeOutcome {
  /** Cells (anchors) frozen; 0 means the scope had no INDEX formula and nothing was written. */
  readonly frozen: number;
  readonly message: string;
}

interface Frozen {
  readonly cell: IndexCell;
  readonly target: Excel.Range;
  readonly anchor: Excel.Range;
}

/** The cells an INDEX formula shows: its spill range, or the cell itself. Loaded for one sync. */
function shownCells(context: Excel.RequestContext, cell: IndexCell): Frozen {
  const anchor = context.workbook.worksheets.getItem(sheetName(cell.address)).getRange(localCell(cell.address));
  const spill = anchor.getSpillingToRangeOrNullObject();
  spill.load("address,values,numberFormat");
  anchor.load("address,values,valueTypes,numberFormat");
  return { cell, target: spill, anchor };
}

function sheetName(address: string): string {
  return address.slice(0, address.lastIndexOf("!")).replace(/^'(.*)'$/, "$1").replace(/''/g, "'");
}

function localCell(address: string): string {
  return address.slice(address.lastIndexOf("!") + 1);
}

function receiptRow(frozen: Frozen, range: Excel.Range, options: FreezeOptions, frozenAt: string): ReceiptRow {
  const key = normalizeAddress(frozen.cell.address);
  const provenance = options.provenanceOf?.(key);
  const isError = frozen.anchor.valueTypes[0]?.[0] === "Error";
  const note = isError ? (options.errorOf?.(key) ?? `${String(frozen.anchor.values[0]?.[0])} (the add-in had no message for this cell)`) : "";
  const shown = { cell: frozen.cell.address, range: range.address, formula: frozen.cell.formula, values: range.values, provenance, note };
  return receiptRowOf(shown, options.serviceUrl, frozenAt);
}

/**
 * "Freeze for sharing": every INDEX formula of the scope (a formula that contains an INDEX.* call is frozen
 * whole) is replaced by the values it shows, spills included; number formats are written back as read. An
 * error cell gets its error code as a value (Excel enters "#N/A" typed as a value as the #N/A error constant,
 * not a formula), and its message goes to the receipt. Each frozen cell or spill adds a receipt row.
 */
export async function freezeForSharing(context: Excel.RequestContext, options: FreezeOptions): Promise<FreezeOutcome> {
  const { cells } = await indexCellsIn(context, options.scope);
  if (cells.length === 0) return { frozen: 0, message: `No INDEX formula in the ${options.scope}; nothing was frozen and no receipt was written.` };
  const frozen = cells.map((cell) => shownCells(context, cell));
  const existing = context.workbook.worksheets.getItemOrNullObject(RECEIPT_SHEET);
  existing.load("name");
  const used = existing.getUsedRangeOrNullObject(true);
  used.load("rowCount");
  await context.sync();
  const frozenAt = options.now().toISOString();
  const rows = frozen.map((item) => {
    const range = item.target.isNullObject ? item.anchor : item.target;
    const row = receiptRow(item, range, options, frozenAt);
    // Values over the whole range replace the anchor's formula; the formats go back as they were read.
    const shown = range.values;
    const formats = range.numberFormat;
    range.values = shown;
    range.numberFormat = formats;
    return row;
  });
  const sheet = receiptSheet(context, existing, options.receiptVisible);
  const first = existing.isNullObject || used.isNullObject ? 2 : used.rowCount + 1;
  sheet.getRange(`A${first}:I${first + rows.length - 1}`).values = rows.map(toCells);
  await context.sync();
  const where = options.receiptVisible ? `the sheet "${RECEIPT_SHEET}"` : `the hidden sheet "${RECEIPT_SHEET}"`;
  return { frozen: rows.length, message: `Froze ${rows.length} INDEX formula${rows.length === 1 ? "" : "s"}; the receipt is on ${where}.` };
}
