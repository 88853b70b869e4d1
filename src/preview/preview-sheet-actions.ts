import {
  type AppContext,
  coversPlan,
  planCells,
  type RefreshOutcome,
  type RefreshPlan,
  type RefreshScope,
  restoreMessage,
} from "../office";
import { cellAddress, normalizeAddress, parseRect, type ReceiptRow, receiptRowOf } from "../workbook";
import { constantValues, isIndexLine, lineAddress, PREVIEW_SHEET, type PreviewLines } from "./lines";
import type { Outcome, PreviewCell } from "./outcome";

/**
 * A receipt row of the page, with the outcome the line showed (so a frozen line keeps its formats) and the text
 * the line holds once frozen (what "changed since freezing" compares with).
 */
interface FrozenLine {
  readonly receipt: ReceiptRow;
  readonly outcome: Outcome;
  readonly text: string;
}

/** What a cell holds once frozen, as Excel's Range.values reads it: numbers (dates as serials), text, errors as codes. */
function cellValue(cell: PreviewCell): unknown {
  if (cell.kind === "number" || cell.kind === "date" || cell.kind === "boolean") return cell.value;
  if (cell.kind === "error") return cell.code;
  return cell.text;
}

function valuesOf(outcome: Outcome): unknown[][] {
  if (outcome.state === "value") return outcome.rows.map((row) => row.map(cellValue));
  return [[outcome.state === "error" ? outcome.code : ""]];
}

/** What a cell shows, for the frozen line's text: a date as its date (not its serial), a card as its text. */
function shownValue(cell: PreviewCell): unknown {
  if (cell.kind === "number" || cell.kind === "boolean") return cell.value;
  if (cell.kind === "error") return cell.code;
  return cell.text;
}

/** The text a frozen line holds: the values as the cells show them, a JSON matrix (as constantValues reads it). */
function frozenText(outcome: Outcome): string {
  return JSON.stringify(outcome.state === "value" ? outcome.rows.map((row) => row.map(shownValue)) : valuesOf(outcome));
}

/** True when a line's text holds what the frozen line held (the same values, however the JSON is spaced). */
function stillAsFrozen(frozen: FrozenLine, text: string): boolean {
  return JSON.stringify(constantValues(text)) === JSON.stringify(constantValues(frozen.text));
}

/** The cells a line's values cover, from its cell in column A: "Preview!A3" or "Preview!A3:C9". */
function rangeOf(row: number, values: readonly (readonly unknown[])[]): string {
  const height = Math.max(1, values.length);
  const width = Math.max(1, ...values.map((cells) => cells.length));
  if (height === 1 && width === 1) return lineAddress(row);
  const corner = cellAddress(PREVIEW_SHEET, row - 1 + height - 1, width - 1);
  return `${lineAddress(row)}:${corner.slice(corner.indexOf("!") + 1)}`;
}

function rowOf(address: string): number {
  return (parseRect(address)?.top ?? -1) + 1;
}

/**
 * Freeze, Restore and Refresh scope for the page's lines, with the office layer's own rules: the receipt rows
 * (receiptRowOf: the service's public URL, never the key; values as Excel's Range.values reads them), the
 * restore wording, and the refresh plan from the engine's address index (planIndexed). A frozen line shows its
 * values as its cells do (a date as 2025-01-06, not its serial). The page's receipt lives in memory only, so
 * its rows are neither named blocks nor signed: restore compares each line with the text it was frozen to.
 */
export class PreviewSheetActions {
  #receipt: FrozenLine[] = [];

  constructor(
    readonly lines: PreviewLines,
    private readonly app: Pick<AppContext, "engine" | "settings" | "refreshCells">,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get receipt(): readonly ReceiptRow[] {
    return this.#receipt.map((frozen) => frozen.receipt);
  }

  /** What a constant line shows when it is a frozen line the user has not changed: the outcome frozen. */
  frozenOutcome(row: number, text: string): Outcome | undefined {
    const address = lineAddress(row);
    const found = this.#receipt.find((frozen) => frozen.receipt.cell === address && stillAsFrozen(frozen, text));
    return found?.outcome;
  }

  /** The checked lines, or every line when none is checked. */
  #scopeRows(): number[] {
    const checked = this.lines.checkedRows();
    return checked.length > 0 ? checked : this.lines.texts().map((_, index) => index + 1);
  }

  /** Replaces each INDEX line of the scope by the values it shows and adds its receipt row; returns what to say. */
  async freeze(): Promise<string> {
    const texts = this.lines.texts();
    const rows = this.#scopeRows().filter((row) => isIndexLine(texts[row - 1]));
    if (rows.length === 0) return "No INDEX formula among these lines; nothing was frozen and no receipt was written.";
    const settled = rows.filter((row) => this.lines.outcome(row)?.state !== "busy");
    const engine = await this.app.engine();
    const { baseUrl } = await this.app.settings.load();
    const frozenAt = this.now().toISOString();
    const written = settled.map((row) => {
      const outcome = this.lines.outcome(row) ?? { state: "busy" };
      const values = valuesOf(outcome);
      const address = lineAddress(row);
      const note = outcome.state === "error" ? outcome.message : "";
      const shown = {
        cell: address,
        range: rangeOf(row, values),
        formula: withEquals(texts[row - 1]),
        values,
        provenance: engine.addresses.provenanceOf(address),
        note,
      };
      const receipt = receiptRowOf(shown, baseUrl, frozenAt);
      const text = frozenText(outcome);
      this.#receipt.push({ receipt, outcome, text });
      this.lines.write(row, text);
      return receipt;
    });
    const busy = rows.length - settled.length;
    const skipped = busy > 0 ? ` ${busy} still computing were left as formulas.` : "";
    return `Froze ${written.length} INDEX line${written.length === 1 ? "" : "s"}; the receipt is below.${skipped}`;
  }

  /**
   * Puts formulas back from the receipt (the checked lines' rows, or all) into `current` (the lines as the user
   * has them now); a line changed since freezing is listed and left alone, and its receipt row stays.
   */
  restore(current: readonly string[]): { texts: string[]; message: string } {
    const checked = new Set(this.lines.checkedRows().map(lineAddress));
    const texts = [...current];
    const restored: FrozenLine[] = [];
    const changed: string[] = [];
    for (const frozen of this.#receipt) {
      if (checked.size > 0 && !checked.has(frozen.receipt.cell)) continue;
      const index = rowOf(frozen.receipt.cell) - 1;
      const text = texts[index];
      if (text === undefined || !stillAsFrozen(frozen, text)) {
        changed.push(frozen.receipt.cell);
        continue;
      }
      texts[index] = frozen.receipt.formula;
      restored.push(frozen);
    }
    this.#receipt = this.#receipt.filter((frozen) => !restored.includes(frozen));
    if (restored.length === 0 && changed.length === 0)
      return { texts, message: "There is no receipt to restore from." };
    return { texts, message: restoreMessage(restored.length, changed) };
  }

  /** The plan of a scoped refresh ("selection" is the checked lines); nothing is fetched. */
  async planRefresh(scope: RefreshScope): Promise<RefreshPlan> {
    const texts = this.lines.texts();
    const checked = new Set(this.lines.checkedRows().map(lineAddress));
    const inScope = (address: string) => scope !== "selection" || checked.has(normalizeAddress(address));
    const indexLines = texts
      .flatMap((text, index) => (isIndexLine(text) ? [lineAddress(index + 1)] : []))
      .filter(inScope);
    return planCells(await this.app.engine(), scope, indexLines, inScope);
  }

  /** Re-evaluates the planned lines, each asking once per resource; says how many requests that took. */
  async runRefresh(plan: RefreshPlan): Promise<RefreshOutcome> {
    if (plan.addresses.length === 0) return { cells: 0, requests: 0 };
    const requests = await this.app.refreshCells(coversPlan(plan), () =>
      this.lines.recalculate(plan.addresses.map(rowOf)),
    );
    return { cells: plan.addresses.length, requests };
  }
}

/** The preview also runs a line typed without its "=": it is the same formula. */
function withEquals(text: string | undefined): string {
  const trimmed = (text ?? "").trim();
  return trimmed.startsWith("=") ? trimmed : `=${trimmed}`;
}
