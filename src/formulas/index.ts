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
export { indexList } from "./index-functions/list";
export { indexFix, indexLatest } from "./index-functions/latest";
export { indexHistory } from "./index-functions/history";
export { indexPanel } from "./index-functions/panel";
export { indexCapacity, indexForward, indexVol } from "./index-functions/analytics";
export { indexHealth, indexStatus } from "./index-functions/service";
export { indexMethodology } from "./index-functions/methodology";
export { indexLive, type LiveEnv } from "./index-functions/live";
export { parseChoice } from "./arguments";
export { historyQuery, inRange, parseDateRange, type DateRange } from "./date-range";
export { displayNumber, displayTimestamp } from "./display";
export { catalogueEntry, indexCard } from "./index-functions/card";
export {
  cardCapacity,
  cardChange,
  cardForward,
  cardHistory,
  cardPeriods,
  cardVol,
} from "./index-functions/card-methods";
export { indexChange, PCT_FORMAT } from "./index-functions/change";
export { CHOICE_MAPS, CHOICE_VALUES, type ChoiceOf } from "./choices.generated";
export { loadIndexEntities } from "./index-functions/entity-load";
export {
  dayBounds,
  indexPeriods,
  parsePeriod,
  parseStats,
  periodHeader,
  pointsInRange,
} from "./index-functions/periods";
export { statCells, type StatColumn } from "./period-stats";
export { summarisePeriods, type PeriodSummary } from "@index-data/wire";
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
