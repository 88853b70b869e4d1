import { NotFoundError, type HistoryPoint } from "@index-data/wire";
import {
  cellAddress,
  parseRect,
  signatureFormat,
  verifyRow,
  type ReceiptRow,
  type ReceiptSigner,
} from "../../workbook";
import { blockRange, isBlockName } from "./frozen-block";
import { frozenDaysOf, type DayFigure, type FrozenDay } from "./frozen-days";
import { readReceipt } from "./receipt-sheet";
import { RECEIPT_SHEET } from "../refresh/scope-ranges";

/** A frozen cell whose published day the service has restated since: what the sheet used, and what is said now. */
export interface CorrectedCell {
  readonly cell: string;
  readonly symbol: string;
  /** `YYYY-MM-DD`. */
  readonly date: string;
  readonly figure: DayFigure;
  readonly frozen: number | string;
  /** Undefined when the service no longer publishes that day at all. */
  readonly now: number | string | undefined;
}

export interface FrozenCheckOutcome {
  /** `checked` once the service answered; otherwise why nothing was compared. */
  readonly state: "checked" | "no-receipt" | "not-frozen" | "unreachable";
  readonly corrected: readonly CorrectedCell[];
  /** How many frozen cells were compared with the service. */
  readonly checked: number;
  /** Frozen blocks (or an index's cells) that could not be checked, each with why. */
  readonly unchecked: readonly { readonly cell: string; readonly reason: string }[];
  /** Receipt rows checked whose signature does not verify with this add-in's key (edited, or frozen elsewhere). */
  readonly unverified: number;
  readonly message: string;
}

export interface FrozenCheckOptions {
  /** The daily history of `symbol` over these days (both included) as the service publishes it now, never cached. */
  readonly historyNow: (symbol: string, startDate: string, endDate: string) => Promise<readonly HistoryPoint[]>;
  /** Verifies the receipt rows' signatures: what a row says the sheet used is proven only when it verifies. */
  readonly signer: ReceiptSigner;
}

/** One index's frozen cells, and the days the service is asked for. */
interface Asked {
  readonly symbol: string;
  readonly days: FrozenDay[];
}

function nothing(state: FrozenCheckOutcome["state"], message: string): FrozenCheckOutcome {
  return { state, corrected: [], checked: 0, unchecked: [], unverified: 0, message };
}

/** The same figure, published or frozen: a value to the last digit Excel keeps, a status as written. */
function same(frozen: number | string, now: number | string | undefined): boolean {
  if (typeof frozen === "number" && typeof now === "number")
    return Math.abs(frozen - now) <= 1e-12 * Math.max(1, Math.abs(now));
  return frozen === now;
}

function nowOf(point: HistoryPoint | undefined, figure: DayFigure): number | string | undefined {
  return point === undefined ? undefined : figure === "value" ? point.value : point.status;
}

function unreachableMessage(error: unknown): string {
  const why = error instanceof Error ? error.message : String(error);
  return `Could not check against the service: ${why} Nothing was compared and the workbook is unchanged; try again once Test connection in Settings succeeds.`;
}

/** How many of the rows do not verify here: unsigned, of an earlier format, edited, or signed with another key. */
async function unverifiedRows(rows: readonly ReceiptRow[], signer: ReceiptSigner): Promise<number> {
  if (!(await signer.hasKey())) return rows.length;
  const verdicts = await Promise.all(
    rows.map(async (row) => signatureFormat(row.signature) === "v2" && (await verifyRow(row, signer))),
  );
  return verdicts.filter((verified) => !verified).length;
}

function unverifiedNote(unverified: number): string {
  if (unverified === 0) return "";
  const rows = unverified === 1 ? "1 receipt row does" : `${unverified} receipt rows do`;
  return ` ${rows} not verify with this add-in's key (edited by hand, or frozen by another user or on another machine): their cells were checked as the rows say.`;
}

function checkedMessage(sheet: string, checked: number, corrected: number, unchecked: number): string {
  const cells = (n: number) => `${n} frozen cell${n === 1 ? "" : "s"}`;
  const found =
    corrected === 0
      ? `Checked ${cells(checked)} of "${sheet}" against the service: none has been corrected since it was frozen.`
      : `${corrected} of ${cells(checked)} of "${sheet}" ${corrected === 1 ? "has" : "have"} been corrected by the service since freezing (listed below).`;
  const left = unchecked === 0 ? "" : ` ${unchecked} could not be checked (listed below).`;
  return `${found}${left} Nothing in the workbook was changed.`;
}

/** The receipt rows whose frozen block is on the active sheet now, each with where its block is. */
async function frozenOnActiveSheet(context: Excel.RequestContext) {
  const rows = await readReceipt(context);
  if (rows === undefined || rows.length === 0) return { sheet: "", rows: undefined };
  const active = context.workbook.worksheets.getActiveWorksheet();
  active.load("name");
  const looked = rows.map((at) => {
    if (!isBlockName(at.receipt.block)) return { at, range: undefined };
    const { range } = blockRange(context, at.receipt.block);
    range.load("address");
    return { at, range };
  });
  await context.sync();
  const blocks = looked.flatMap(({ at, range }) => {
    const rect = range === undefined || range.isNullObject ? undefined : parseRect(range.address);
    return rect !== undefined && rect.sheet === active.name && rect.sheet !== RECEIPT_SHEET
      ? [{ receipt: at.receipt, at: rect }]
      : [];
  });
  return { sheet: active.name, rows: blocks };
}

/**
 * "Check against the service": every frozen cell of the active sheet that shows a published day (frozen-days.ts) is
 * compared with what the service publishes for that day now, read fresh (one history read per index, within the
 * budget). Lists each cell whose value or status was corrected since: the cell, the day, the value frozen and the
 * value now. Reads only: nothing in the workbook is written.
 */
export async function checkFrozenSheet(
  context: Excel.RequestContext,
  options: FrozenCheckOptions,
): Promise<FrozenCheckOutcome> {
  const { sheet, rows } = await frozenOnActiveSheet(context);
  if (rows === undefined)
    return nothing(
      "no-receipt",
      `This workbook has no freeze receipt (the sheet "${RECEIPT_SHEET}"), so there is nothing to check: freeze the sheet with Freeze for sharing first.`,
    );
  if (rows.length === 0)
    return nothing(
      "not-frozen",
      `The sheet "${sheet}" has no frozen cells in the receipt: open the sheet that was frozen, or freeze this one first.`,
    );
  const unchecked: { cell: string; reason: string }[] = [];
  const asked = new Map<string, Asked>();
  for (const { receipt, at } of rows) {
    const read = frozenDaysOf(receipt, at);
    if (!read.ok) unchecked.push({ cell: cellAddress(at.sheet, at.top, at.left), reason: read.reason });
    else {
      const entry = asked.get(read.symbol) ?? { symbol: read.symbol, days: [] };
      entry.days.push(...read.days);
      asked.set(read.symbol, entry);
    }
  }
  const answers = await Promise.allSettled(
    [...asked.values()].map(async ({ symbol, days }) => {
      const dates = days.map((day) => day.date).sort();
      return options.historyNow(symbol, dates[0] ?? "", dates[dates.length - 1] ?? "");
    }),
  );
  const corrected: CorrectedCell[] = [];
  let checked = 0;
  for (const [i, { symbol, days }] of [...asked.values()].entries()) {
    const answer = answers[i];
    if (answer === undefined) continue;
    if (answer.status === "rejected") {
      if (!(answer.reason instanceof NotFoundError)) return nothing("unreachable", unreachableMessage(answer.reason));
      const reason = `the service no longer knows the index "${symbol}"`;
      unchecked.push(...days.map((day) => ({ cell: day.cell, reason })));
      continue;
    }
    const byDate = new Map(answer.value.map((point) => [point.date.slice(0, 10), point]));
    for (const day of days) {
      checked += 1;
      const now = nowOf(byDate.get(day.date), day.figure);
      if (!same(day.frozen, now)) corrected.push({ ...day, symbol, now });
    }
  }
  const unverified = await unverifiedRows(
    rows.map(({ receipt }) => receipt),
    options.signer,
  );
  const message = checkedMessage(sheet, checked, corrected.length, unchecked.length) + unverifiedNote(unverified);
  return { state: "checked", corrected, checked, unchecked, unverified, message };
}
