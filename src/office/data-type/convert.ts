import {
  linkedIndexValue,
  planToIndex,
  planToText,
  toIndexMessage,
  toTextMessage,
  writeRuns,
  type ConvertMode,
  type SelectedCell,
  type WriteRun,
} from "../../formulas";
import { cardFormula, cellAddress, localPart, parseRect } from "../../workbook";
import type { StartupControl } from "../host/startup";

/**
 * Convert to Index and Convert to text on the selection, in one batch of Office.js calls whatever its size: one
 * sync reads the selection's used cells (formulas, and valuesAsJson where Excel has it), one sync writes the
 * cells the plan changes, as vertical runs (a column of symbols is one write) that never include a cell left alone.
 */

export interface ConvertOutcome {
  /** Cells written. */
  readonly changed: number;
  readonly message: string;
  /**
   * The message says more than what changed (cells left untouched, a case corrected, formulas instead of entities,
   * nothing to do): the ribbon, which has no words of its own, then opens the pane to say it.
   */
  readonly notable: boolean;
}

interface Selected {
  readonly range: Excel.Range;
  readonly cells: SelectedCell[][];
}

/** The selection's used cells, read in one sync; undefined when it holds nothing. `json`: read valuesAsJson (ExcelApi 1.16). */
async function readSelection(context: Excel.RequestContext, json: boolean): Promise<Selected | undefined> {
  const range = context.workbook.getSelectedRange().getUsedRangeOrNullObject(true);
  // eslint-disable-next-line office-addins/no-navigational-load -- valuesAsJson is scalar (ExcelApi 1.16), newer than the plugin's list
  if (json) range.load("address,formulas,valuesAsJson");
  else range.load("address,formulas,values");
  await context.sync();
  if (range.isNullObject) return undefined;
  const rect = parseRect(range.address);
  const values: unknown[][] = json ? range.valuesAsJson : range.values;
  const cells = range.formulas.map((row, r) =>
    row.map((formula, c) => ({
      address: rect === undefined ? range.address : localPart(cellAddress(rect.sheet, rect.top + r, rect.left + c)),
      formula,
      value: values[r]?.[c],
    })),
  );
  return { range, cells };
}

/** The run's cells, from the run's first cell of the used range down. */
function runRange(range: Excel.Range, run: WriteRun<unknown>): Excel.Range {
  return range.getCell(run.row, run.column).getResizedRange(run.values.length - 1, 0);
}

interface ToIndexOptions {
  /** "entities" where Excel has linked data types; "formulas" (=INDEX.CARD) elsewhere. */
  readonly mode: ConvertMode;
  /** Read valuesAsJson (ExcelApi 1.16): an Index entity already there is then recognised. */
  readonly json: boolean;
  /** The catalogue's symbols (one request, shared with every cell asking for the catalogue). */
  readonly symbols: () => Promise<readonly string[]>;
  /** Asks Office to load the add-in with this workbook, as inserting an INDEX formula does: its cells need it to refresh. */
  readonly startup: Pick<StartupControl, "afterFormulaInserted">;
}

/** Convert to Index: each selected cell holding a catalogue symbol (exact, or in another case) becomes an Index entity. */
export async function convertToIndex(context: Excel.RequestContext, options: ToIndexOptions): Promise<ConvertOutcome> {
  const selected = await readSelection(context, options.json);
  const plan = planToIndex(selected?.cells ?? [], selected === undefined ? [] : await options.symbols());
  const message = toIndexMessage(plan, options.mode);
  const notable =
    plan.converted === 0 || plan.untouched.length > 0 || plan.caseFixed.length > 0 || options.mode === "formulas";
  if (selected === undefined || plan.converted === 0) return { changed: 0, message, notable };
  for (const run of writeRuns(plan.grid)) {
    const target = runRange(selected.range, run);
    if (options.mode === "entities")
      target.valuesAsJson = run.values.map((cell) => [linkedIndexValue(cell.symbol) as Excel.CellValue]);
    else target.formulas = run.values.map((cell) => [cardFormula(cell.symbol)]);
  }
  await context.sync();
  await options.startup.afterFormulaInserted();
  return { changed: plan.converted, message, notable };
}

/** A symbol as a text cell: through valuesAsJson where Excel has it, else a value Excel will not read as a number. */
function textCell(symbol: string, json: boolean): unknown {
  if (json) return { type: "String", basicValue: symbol };
  return Number.isFinite(Number(symbol)) ? `'${symbol}` : symbol;
}

/** Convert to text: each Index entity (or `=INDEX.CARD("SYM")` that Convert to Index wrote) goes back to its symbol. */
export async function convertToText(context: Excel.RequestContext, json: boolean): Promise<ConvertOutcome> {
  const selected = await readSelection(context, json);
  const plan = planToText(selected?.cells ?? []);
  if (selected === undefined || plan.converted === 0)
    return { changed: 0, message: toTextMessage(plan), notable: true };
  for (const run of writeRuns(plan.grid)) {
    const cells = run.values.map((symbol) => [textCell(symbol, json)]);
    const target = runRange(selected.range, run);
    if (json) target.valuesAsJson = cells as Excel.CellValue[][];
    else target.values = cells;
  }
  await context.sync();
  return { changed: plan.converted, message: toTextMessage(plan), notable: false };
}
