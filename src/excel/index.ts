/** The pure Excel layer: arguments, dates, spills and errors for the INDEX.* functions. No Office calls. */
export { CellError, describeValue, invalidArgument, isCellError, notAvailable, type CellErrorCode } from "./cell-error";
export {
  dateCell,
  dateCellFromMs,
  isFormattedNumber,
  isSpill,
  type ExcelCapabilities,
  type ExcelScalar,
  type FormattedNumberCell,
  type FormulaResult,
  type Spill,
} from "./cells";
export { DATE_FORMS, isoToSerial, msToSerial, parseDateArgument, serialToIso, serialToMs } from "./dates";
export { evaluate, type FormulaEnv } from "./evaluate";
export { DEFAULT_SETTLE_MS, settleWithin } from "./settle";
export { cellErrorFor, cellErrorFromFailure, notReady, PREVIEW_TEXT } from "./service-errors";
export { indexList } from "./formulas/list";
export { indexFix, indexLatest } from "./formulas/latest";
export { GRANULARITY_CHOICES, indexHistory } from "./formulas/history";
export { indexPanel } from "./formulas/panel";
export { indexCapacity, indexForward, indexVol } from "./formulas/analytics";
export { indexHealth, indexStatus } from "./formulas/service";
export { indexMethodology } from "./formulas/methodology";
export { indexLive, type LiveEnv } from "./formulas/live";
export { parseChoice } from "./arguments";
export { historyQuery, inRange, parseDateRange, type DateRange } from "./date-range";
export { displayNumber, displayTimestamp } from "./display";
export { catalogueEntry, indexCard } from "./formulas/card";
export { cardCapacity, cardForward, cardHistory, cardPeriods, cardVol } from "./formulas/card-methods";
export { loadIndexEntities } from "./formulas/entity-load";
export { dayBounds, indexPeriods, parsePeriod, parseStats, periodHeader, pointsInRange } from "./formulas/periods";
export { statCells, summarisePeriods, type PeriodSummary, type StatColumn } from "./periods";
export { weeklyFromDaily } from "./weekly";
export {
  functionVisibility,
  NEWER_ONLY_FUNCTIONS,
  publishesNewerDescription,
  type FunctionVisibility,
} from "./function-visibility";
export * from "./entity";
// What happened, in the words the cell's, the pane's and the terminal's tables share: `phrase.unreached(details)`.
export * as phrase from "./fault-phrases";
