/**
 * The office layer's face: what the functions, the taskpane, the ribbon commands and the preview may use. The
 * only code that calls Office.js lives behind it.
 */
export { appContext, type AppContext } from "./app-context/app-context";
export { customFunctionBatchError, customFunctionError } from "./host/custom-functions-error";
export { associateCustomFunction } from "./host/custom-functions";
export {
  detectHost,
  functionsCapabilities,
  officeVisibilityMode,
  onOfficeReady,
  type CommandEvent,
  type HostInfo,
  type VisibilityModeSubscribe,
} from "./host/host-info";
export { createStartupControl, LOAD_WITH_WORKBOOKS_LABEL, type StartupControl } from "./host/startup";
export { excelWorkbookActions, type InsertOutcome, type WorkbookActions } from "./workbook-actions";
export {
  excelSheetActions,
  type CellScope,
  type CorrectedCell,
  type FrozenCheckOutcome,
  type SheetActions,
} from "./sheet-actions";
export {
  coversPlan,
  describeOutcome,
  describePlan,
  planCells,
  type RefreshOutcome,
  type RefreshPlan,
  type RefreshScope,
} from "./refresh/scope";
export { isIndexFormula } from "./refresh/scope-ranges";
export { restoreMessage } from "./freeze/restore-message";
export { excelDataTypeActions, type ConvertOutcome, type DataTypeActions } from "./data-type-actions";
export { createIndexDomainControl, type IndexDomainControl } from "./data-type/domain";
export { applyFunctionVisibility, keepFunctionVisibility } from "./autocomplete-visibility";
export { DataTypeReports, showPane, type DataTypeAction, type DataTypeReport } from "./data-type/report";
export { msalNestableClient, nestedAppAuthSupported } from "./app-context/msal";
export {
  excelWatchListStore,
  isWatchListProblem,
  memoryWatchListStore,
  WATCH_LISTS_SETTING,
  type CatalogueSymbols,
  type WatchListStore,
} from "./pricing-sheets/watch-lists";
export {
  excelPricingSheetActions,
  type BuildChoice,
  type BuildOptions,
  type BuildOutcome,
  type PricingSheetActions,
} from "./pricing-sheet-actions";
export { PRICING_SHEETS_SETTING } from "./pricing-sheets/survey";
