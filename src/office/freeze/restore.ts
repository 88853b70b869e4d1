import { stripControl, validSymbol } from "@index-data/wire";
import { blockRange, isBlockName } from "./frozen-block";
import {
  cellAddress,
  contains,
  parseRect,
  type SheetRect,
  verifyRow,
  type ReceiptRow,
  restorableFormula,
  signatureFormat,
  type ReceiptSigner,
  blockFingerprint,
  fingerprintNeedsJson,
} from "../../workbook";
import { RECEIPT_SHEET } from "../refresh/scope-ranges";
import { indexEntitySymbol, relinkedEntity } from "./entities";
import { deleteReceiptRows, readReceipt, type ReceiptRowAt } from "./receipt-sheet";
import { queueWorkbookId, workbookIdIn } from "./workbook-id";
import { NO_KEY_HERE, restoreMessage, type Refused } from "./restore-message";

export { SIGNING_KEY_MISSING } from "./restore-message";

export interface RestoreOptions {
  /** Only rows whose block is (now) in the selection. */
  readonly selectionOnly: boolean;
  /** Verifies each row's signature with the add-in's own key. */
  readonly signer: ReceiptSigner;
  /** This Excel reads data types (valuesAsJson, ExcelApi 1.16). */
  readonly dataTypes: boolean;
}

export interface RestoreOutcome {
  /** Anchors whose formula went back (where they are now). */
  readonly restored: readonly string[];
  /** Anchors left alone because their cells no longer show what was frozen (the user changed them). */
  readonly changed: readonly string[];
  /** Rows restore will not act on, each with why: nothing was written for them. */
  readonly refused: readonly Refused[];
  readonly message: string;
}

/** A receipt row with its block as it is now. */
interface Candidate extends ReceiptRowAt {
  readonly block?: { readonly item: Excel.NamedItem; readonly range: Excel.Range; readonly json: boolean };
}

/** Where a block is now: its top-left cell, e.g. "Sheet1!B3". */
function anchorOf(range: Excel.Range): string {
  const rect = parseRect(range.address);
  return rect === undefined ? range.address : cellAddress(rect.sheet, rect.top, rect.left);
}

/** The row's Cell text as a name for the message: the receipt may hold anything, so it is cut and cleaned. */
function cellText(receipt: ReceiptRow): string {
  const text = stripControl(receipt.cell, " ").trim();
  return text === "" ? "a receipt row without a cell" : text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** Queues the lookup of each row's block (a name this add-in creates), and the selection when asked. */
function lookUp(context: Excel.RequestContext, rows: readonly ReceiptRowAt[], dataTypes: boolean): Candidate[] {
  return rows.map((at) => {
    if (!isBlockName(at.receipt.block)) return at;
    const { item, range } = blockRange(context, at.receipt.block);
    const json = dataTypes && fingerprintNeedsJson(at.receipt.fingerprint);
    range.load(json ? "address,values,valuesAsJson" : "address,values");
    return { ...at, block: { item, range, json } };
  });
}

function inSelection(candidate: Candidate, selection: SheetRect | undefined): boolean {
  if (selection === undefined) return false;
  const block = candidate.block;
  return contains(
    selection,
    block !== undefined && !block.range.isNullObject ? anchorOf(block.range) : candidate.receipt.cell,
  );
}

/** Same height and width as the range the row says was frozen. */
function sameShape(range: Excel.Range, frozen: string): boolean {
  const rect = parseRect(frozen);
  const values = range.values;
  return (
    rect !== undefined &&
    values.length === rect.bottom - rect.top + 1 &&
    (values[0]?.length ?? 0) === rect.right - rect.left + 1
  );
}

/** What restore knows of where it runs: this workbook's id (none if it never froze), and whether the key is here. */
interface Here {
  readonly workbook: string | undefined;
  readonly keyHere: boolean;
}

/** Why the row's signature, or the workbook it names, rules it out; undefined when both hold. */
async function signatureRefusal(receipt: ReceiptRow, options: RestoreOptions, here: Here): Promise<string | undefined> {
  if (receipt.signature === "")
    return "it is not signed (written by hand, or by a version of the add-in before receipts were signed): retype its formula";
  if (signatureFormat(receipt.signature) === "v1")
    return "it was frozen by an earlier version of the add-in, before receipts were tied to their workbook: retype its formula";
  if (!here.keyHere) return NO_KEY_HERE;
  if (!(await verifyRow(receipt, options.signer)))
    return "its receipt row was edited, or was not written by this add-in for this user (its signature does not match)";
  // Checked once the signature holds, so the workbook id it names is the one the freeze wrote.
  if (receipt.workbook !== here.workbook)
    return "it was frozen in another workbook, and restore writes only into the workbook a receipt was written in";
  return undefined;
}

/** Why restore will not act on a row, or undefined when it may (the values still have to match). */
async function refusal(candidate: Candidate, options: RestoreOptions, here: Here): Promise<string | undefined> {
  const { receipt, block } = candidate;
  const unsigned = await signatureRefusal(receipt, options, here);
  if (unsigned !== undefined) return unsigned;
  const entity = indexEntitySymbol(receipt.formula);
  if (entity !== undefined) {
    if (validSymbol(entity) === undefined || receipt.formulaR1C1 !== receipt.formula)
      return "it names no index symbol to link again";
  } else {
    for (const formula of [receipt.formula, receipt.formulaR1C1]) {
      const verdict = restorableFormula(formula);
      if (!verdict.ok) return `its formula is not one restore writes: ${verdict.reason}`;
    }
  }
  if (block === undefined) return "it names no frozen block";
  if (block.range.isNullObject) return "its frozen cells were deleted, or it was restored already";
  if (parseRect(block.range.address)?.sheet === RECEIPT_SHEET) return "its block is on the receipt sheet";
  if (!sameShape(block.range, receipt.range)) return "its frozen cells changed size";
  if (fingerprintNeedsJson(receipt.fingerprint) && !block.json)
    return "it holds cards, and this Excel cannot read data types (ExcelApi 1.16)";
  return undefined;
}

/**
 * Writes back what was frozen (queued): the formula, relative to where the block is now, its spill's other cells
 * cleared so it can spill again; or an Index data type linked again from its symbol. False when the block no
 * longer holds what that needs (the frozen Index card is gone).
 */
function putBack(range: Excel.Range, receipt: ReceiptRow): boolean {
  const symbol = indexEntitySymbol(receipt.formula);
  if (symbol === undefined) {
    range.clear("Contents" as Excel.ClearApplyTo);
    range.getCell(0, 0).formulasR1C1 = [[receipt.formulaR1C1]];
    return true;
  }
  const linked = relinkedEntity(range.valuesAsJson[0]?.[0], symbol);
  if (linked === undefined) return false;
  range.getCell(0, 0).valuesAsJson = [[linked]];
  return true;
}

/**
 * "Restore formulas": puts each formula of the receipt back (all rows, or those whose block is now in the
 * selection) into its frozen block, found by the block's workbook name wherever the block has moved, and only
 * when: the row's signature verifies (src/workbook/receipts/signature.ts), its formula is one of the add-in's own
 * (receipt-formula.ts), it was frozen in this workbook (workbook-id.ts), and the block still holds exactly what was
 * frozen (its fingerprint). The formula is written relative to where the block is now (R1C1); a spill's other
 * cells are cleared so it can spill again.
 * A restored row leaves the receipt, and its name the workbook; a changed block is listed and left alone;
 * anything refused is named with its reason. Nothing else is written or deleted.
 */
export async function restoreFormulas(context: Excel.RequestContext, options: RestoreOptions): Promise<RestoreOutcome> {
  const rows = await readReceipt(context);
  if (rows === undefined || rows.length === 0)
    return { restored: [], changed: [], refused: [], message: "There is no receipt to restore from." };
  const selected = options.selectionOnly ? context.workbook.getSelectedRange() : undefined;
  selected?.load("address");
  const candidates = lookUp(context, rows, options.dataTypes);
  const idSetting = queueWorkbookId(context);
  await context.sync();
  const here: Here = { workbook: workbookIdIn(idSetting), keyHere: await options.signer.hasKey() };
  const selection = selected !== undefined ? parseRect(selected.address) : undefined;
  const scoped = options.selectionOnly
    ? candidates.filter((candidate) => inSelection(candidate, selection))
    : candidates;
  const restored: string[] = [];
  let relinked = 0;
  const changed: string[] = [];
  const refused: Refused[] = [];
  const done: number[] = [];
  const blocksTaken = new Set<string>();
  for (const candidate of scoped) {
    const reason =
      (await refusal(candidate, options, here)) ??
      (blocksTaken.has(candidate.receipt.block) ? "another row of the receipt restores the same cells" : undefined);
    const block = candidate.block;
    if (reason !== undefined || block === undefined) {
      refused.push({
        cell: block !== undefined && !block.range.isNullObject ? anchorOf(block.range) : cellText(candidate.receipt),
        reason: reason ?? "it names no frozen block",
      });
      continue;
    }
    blocksTaken.add(candidate.receipt.block);
    const now = await blockFingerprint(block.range.values, block.json ? block.range.valuesAsJson : undefined);
    if (now !== candidate.receipt.fingerprint) {
      changed.push(anchorOf(block.range));
      continue;
    }
    if (!putBack(block.range, candidate.receipt)) {
      changed.push(anchorOf(block.range));
      continue;
    }
    block.item.delete();
    if (indexEntitySymbol(candidate.receipt.formula) !== undefined) relinked += 1;
    restored.push(anchorOf(block.range));
    done.push(candidate.row);
  }
  deleteReceiptRows(context, done);
  await context.sync();
  return { restored, changed, refused, message: restoreMessage(restored.length, changed, refused, relinked) };
}
