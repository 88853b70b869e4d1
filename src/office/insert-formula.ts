import { auditCardFormula, latestFormula } from "./formulas";
import { startupControl, type StartupControl } from "./startup";

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
  startup: StartupControl = startupControl(),
): Promise<Excel.Range> {
  const cell = context.workbook.getActiveCell();
  cell.formulas = [[formula]];
  cell.load("address");
  await context.sync();
  await startup.afterFormulaInserted();
  return cell;
}

/** `=INDEX.LATEST("SYM")` into the active cell. */
export async function insertLatest(context: Excel.RequestContext, symbol: string): Promise<InsertOutcome> {
  const cell = await writeToActiveCell(context, latestFormula(symbol));
  return { address: cell.address };
}

/** The audit card `=INDEX.FIX("SYM",TRUE)` into the active cell; it spills two columns down. */
export async function insertAuditCard(context: Excel.RequestContext, symbol: string): Promise<InsertOutcome> {
  const cell = await writeToActiveCell(context, auditCardFormula(symbol));
  return { address: cell.address };
}
