import { insertForwardWithChart, insertHistoryWithChart } from "./insert/chart";
import { auditCardFormula, cardFormula, latestFormula, monthlyAveragesFormula } from "../workbook";
import { insertFormula, type InsertOutcome } from "./insert/insert-formula";
import type { SpillWaitOptions } from "./insert/spill-wait";
import type { AppContext } from "./app-context/app-context";

export type { InsertOutcome } from "./insert/insert-formula";

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

/** Workbook actions through `Excel.run`; `run` is injectable so tests can hand in the Office fake. */
export function excelWorkbookActions(
  app: Pick<AppContext, "startup">,
  wait?: SpillWaitOptions,
  run: ExcelRun = (batch) => Excel.run(batch),
): WorkbookActions {
  const { startup } = app;
  const insert = (formula: string) => run((context) => insertFormula(context, formula, startup));
  return {
    insertLatest: (symbol) => insert(latestFormula(symbol)),
    insertHistory: (symbol, relativeStart) =>
      run((context) => insertHistoryWithChart(context, symbol, relativeStart, startup, wait)),
    insertForward: (symbol) => run((context) => insertForwardWithChart(context, symbol, startup, wait)),
    insertAuditCard: (symbol) => insert(auditCardFormula(symbol)),
    insertCard: (symbol) => insert(cardFormula(symbol)),
    insertMonthlyAverages: (symbol, relativeStart) => insert(monthlyAveragesFormula(symbol, relativeStart)),
  };
}
