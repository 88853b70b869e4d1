import { insertForwardWithChart, insertHistoryWithChart } from "./insert-chart";
import { auditCardFormula, cardFormula, latestFormula, monthlyAveragesFormula } from "./formulas";
import { insertFormula, type InsertOutcome } from "./insert-formula";
import type { SpillWaitOptions } from "./spill-wait";

export type { InsertOutcome } from "./insert-formula";

/** What the taskpane can do to the workbook; every action works on the active cell. */
export interface WorkbookActions {
  insertLatest(symbol: string): Promise<InsertOutcome>;
  /** `relativeStart` is an INDEX.HISTORY relative date such as "-3M". */
  insertHistory(symbol: string, relativeStart: string): Promise<InsertOutcome>;
  insertForward(symbol: string): Promise<InsertOutcome>;
  insertAuditCard(symbol: string): Promise<InsertOutcome>;
  insertCard(symbol: string): Promise<InsertOutcome>;
  /** INDEX.PERIODS monthly averages with observed days, over the same window as the history insert. */
  insertMonthlyAverages(symbol: string, relativeStart: string): Promise<InsertOutcome>;
}

type ExcelRun = <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;

/** Workbook actions through `Excel.run`; `run` is injectable so tests can hand in an office-addin-mock. */
export function excelWorkbookActions(
  wait?: SpillWaitOptions,
  run: ExcelRun = (batch) => Excel.run(batch),
): WorkbookActions {
  return {
    insertLatest: (symbol) => run((context) => insertFormula(context, latestFormula(symbol))),
    insertHistory: (symbol, relativeStart) =>
      run((context) => insertHistoryWithChart(context, symbol, relativeStart, wait)),
    insertForward: (symbol) => run((context) => insertForwardWithChart(context, symbol, wait)),
    insertAuditCard: (symbol) => run((context) => insertFormula(context, auditCardFormula(symbol))),
    insertCard: (symbol) => run((context) => insertFormula(context, cardFormula(symbol))),
    insertMonthlyAverages: (symbol, relativeStart) =>
      run((context) => insertFormula(context, monthlyAveragesFormula(symbol, relativeStart))),
  };
}
