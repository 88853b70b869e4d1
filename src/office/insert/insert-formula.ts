import type { StartupControl } from "../host/startup";

/** What an insert action did, for the taskpane to announce. */
export interface InsertOutcome {
  /** Address of the cell the formula went into, e.g. `Sheet1!B2`. */
  readonly address: string;
  /** Name of the chart added, when one was. */
  readonly chartName?: string;
  /** Something the user should know, e.g. why no chart was added. */
  readonly note?: string;
}

/**
 * Writes one INDEX formula into the active cell (the single cell with focus, even inside a wider selection),
 * then, the first time, asks Office to load the add-in with this workbook (the user's setting allows it).
 */
export async function writeToActiveCell(
  context: Excel.RequestContext,
  formula: string,
  startup: StartupControl,
): Promise<Excel.Range> {
  const cell = context.workbook.getActiveCell();
  cell.formulas = [[formula]];
  cell.load("address");
  await context.sync();
  await startup.afterFormulaInserted();
  return cell;
}

/** One INDEX formula into the active cell; the outcome names the cell for the taskpane to announce. */
export async function insertFormula(
  context: Excel.RequestContext,
  formula: string,
  startup: StartupControl,
): Promise<InsertOutcome> {
  const cell = await writeToActiveCell(context, formula, startup);
  return { address: cell.address };
}
