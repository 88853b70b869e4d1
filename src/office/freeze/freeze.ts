import type { Provenance } from "../../engine";
import { isCardJson, loadShown, shownRange, shownValues, writeFrozen, type ShownBlock } from "./freeze-cells";
import { freezeIndexEntities, indexEntitiesIn, indexEntityFormula, type FrozenEntity } from "./entities";
import { waitForSettled, type SettleWait } from "./freeze-settle";
import { nameBlock, newBlockName } from "./frozen-block";
import {
  normalizeAddress,
  receiptRowOf,
  signRow,
  type ReceiptRow,
  type ReceiptSigner,
  blockFingerprint,
} from "../../workbook";
import { indexCellsIn, RECEIPT_SHEET, type CellScope } from "../refresh/scope-ranges";
import { appendReceiptRows, receiptTarget } from "./receipt-sheet";
import { workbookIdForFreeze } from "./workbook-id";

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
  /** Signs each receipt row with the add-in's own key (never written to the workbook). */
  readonly signer: ReceiptSigner;
  /** This Excel reads and writes data types (valuesAsJson, ExcelApi 1.16): cards are kept as cards. */
  readonly dataTypes: boolean;
  /** How long to wait for cells still computing (#BUSY!), on an injectable clock. */
  readonly settle: SettleWait;
}

export interface FreezeOutcome {
  /** Cells (anchors) frozen; 0 means nothing was written. */
  readonly frozen: number;
  /** Anchors still computing at the bound: left as live formulas. */
  readonly busy: readonly string[];
  readonly message: string;
}

/** One block as read before writing: what its receipt row says. */
interface Frozen {
  readonly block: ShownBlock;
  readonly name: string;
  readonly address: string;
  readonly shown: unknown[][];
  readonly formulaR1C1: string;
  readonly note: string;
}

const FALLBACK_NOTE =
  "Frozen as plain values: this Excel cannot read data types (ExcelApi 1.16), so a card would lose its fields.";

function noteOf(block: ShownBlock, options: FreezeOptions, cards: number): string {
  const key = normalizeAddress(block.cell.address);
  // A card reads as #VALUE! through Range.values (its basic value): it is no error.
  const isCard = block.readsJson && isCardJson(block.anchor.valuesAsJson[0]?.[0]);
  const isError = block.anchor.valueTypes[0]?.[0] === "Error" && !isCard;
  const error = isError
    ? (options.errorOf?.(key) ?? `${String(block.anchor.values[0]?.[0])} (the add-in had no message for this cell)`)
    : "";
  const kept =
    cards > 0 ? `Kept as ${cards === 1 ? "a card" : `${cards} cards`}, with every field, no longer linked.` : "";
  return [error, kept, options.dataTypes ? "" : FALLBACK_NOTE].filter((part) => part !== "").join(" ");
}

/** The receipt row of a frozen block, from what its cells hold once frozen, signed with the workbook's id. */
async function rowOf(frozen: Frozen, options: FreezeOptions, frozenAt: string, workbook: string): Promise<ReceiptRow> {
  const range = shownRange(frozen.block);
  const fingerprint = await blockFingerprint(range.values, frozen.block.readsJson ? range.valuesAsJson : undefined);
  const { cell } = frozen.block;
  const row = receiptRowOf(
    {
      cell: cell.address,
      range: frozen.address,
      formula: cell.formula,
      formulaR1C1: frozen.formulaR1C1,
      values: frozen.shown,
      provenance: options.provenanceOf?.(normalizeAddress(cell.address)),
      note: frozen.note,
      block: frozen.name,
      fingerprint,
      workbook,
    },
    options.serviceUrl,
    frozenAt,
  );
  return signRow(row, options.signer);
}

const ENTITY_NOTE =
  "An Index data type, kept as a card with every field, no longer linked; Restore formulas links it again.";

/** The receipt row of a frozen Index entity, from what its cell holds once frozen, signed with the workbook's id. */
async function entityRowOf(
  frozen: FrozenEntity,
  options: FreezeOptions,
  frozenAt: string,
  workbook: string,
): Promise<ReceiptRow> {
  const fingerprint = await blockFingerprint(frozen.cell.values, frozen.cell.valuesAsJson);
  const formula = indexEntityFormula(frozen.symbol);
  const frozenCell = {
    cell: frozen.address,
    range: frozen.cell.address,
    formula,
    formulaR1C1: formula,
    values: [[frozen.text]],
    note: ENTITY_NOTE,
    block: frozen.name,
    fingerprint,
    workbook,
  };
  return signRow(
    receiptRowOf(
      { ...frozenCell, provenance: options.provenanceOf?.(normalizeAddress(frozen.address)) },
      options.serviceUrl,
      frozenAt,
    ),
    options.signer,
  );
}

function frozeMessage(frozen: number, entities: number, busy: readonly string[], visible: boolean): string {
  const where = visible ? `the sheet "${RECEIPT_SHEET}"` : `the hidden sheet "${RECEIPT_SHEET}"`;
  const what = [
    frozen > 0 ? `${frozen} INDEX formula${frozen === 1 ? "" : "s"}` : "",
    entities > 0 ? `${entities} Index data type${entities === 1 ? "" : "s"}` : "",
  ]
    .filter((part) => part !== "")
    .join(" and ");
  const done = what === "" ? "Nothing was frozen." : `Froze ${what}; the receipt is on ${where}.`;
  return busy.length === 0
    ? done
    : `${done} Still computing, so left as formulas (freeze again once they show values): ${busy.join(", ")}.`;
}

/**
 * "Freeze for sharing": every INDEX formula of the scope (a formula that contains an INDEX.* call is frozen
 * whole) is replaced by the values it shows, spills included, formats and cards kept (freeze-cells.ts); text
 * stays text (cell-entry.ts). Cells still computing are waited for, within a bound; those still computing
 * are left live and listed. Each frozen block gets a workbook name that moves with it and a signed receipt row.
 */
export async function freezeForSharing(context: Excel.RequestContext, options: FreezeOptions): Promise<FreezeOutcome> {
  const { cells, ranges } = await indexCellsIn(context, options.scope);
  // Index data types are constants, not formulas: found in the same ranges where Excel reads data types.
  const linked = options.dataTypes ? await indexEntitiesIn(context, ranges) : [];
  const hasEntities = linked.length > 0;
  if (cells.length === 0 && !hasEntities)
    return {
      frozen: 0,
      busy: [],
      message: `No INDEX formula in the ${options.scope}; nothing was frozen and no receipt was written.`,
    };
  const { settled, busy } = await waitForSettled(context, cells, options.settle);
  const busyCells = busy.map((cell) => cell.address);
  if (settled.length === 0 && !hasEntities)
    return { frozen: 0, busy: busyCells, message: frozeMessage(0, 0, busyCells, options.receiptVisible) };
  // The workbook's id (a new one is written with the receipt) and where the receipt goes are read before any cell
  // is written: a receipt sheet that cannot be read stops here.
  const workbook = await workbookIdForFreeze(context);
  const target = await receiptTarget(context);
  const blocks = settled.map((cell) => loadShown(context, cell, options.dataTypes));
  await context.sync();
  // Every name first: were one refused, Excel stops the batch there, before any cell loses its formula.
  const named = blocks.map((block) => {
    const name = newBlockName();
    nameBlock(context, name, shownRange(block), block.cell.formula);
    return { block, name };
  });
  // The Index data types' names next, then their cells: still before any INDEX formula is written.
  const entities = freezeIndexEntities(context, linked);
  const frozen = named.map(({ block, name }): Frozen => {
    const formulaR1C1 = block.anchor.formulasR1C1[0]?.[0];
    const before = {
      address: shownRange(block).address,
      shown: shownValues(block),
      formulaR1C1: typeof formulaR1C1 === "string" ? formulaR1C1 : block.cell.formula,
    };
    const cards = writeFrozen(block);
    // Read back once written, in the same batch: the fingerprint is of what the cells hold now.
    shownRange(block).load(options.dataTypes ? "values,valuesAsJson" : "values");
    return { block, name, ...before, note: noteOf(block, options, cards) };
  });
  await context.sync();
  const frozenAt = options.now().toISOString();
  const rows = await Promise.all(frozen.map((item) => rowOf(item, options, frozenAt, workbook)));
  const entityRows = await Promise.all(entities.map((entity) => entityRowOf(entity, options, frozenAt, workbook)));
  appendReceiptRows(context, target, [...rows, ...entityRows], options.receiptVisible);
  await context.sync();
  const message = frozeMessage(rows.length, entityRows.length, busyCells, options.receiptVisible);
  return { frozen: rows.length + entityRows.length, busy: busyCells, message };
}
