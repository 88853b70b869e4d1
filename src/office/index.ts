/**
 * The office layer's face: what the functions, the taskpane, the ribbon commands and the preview may use. The
 * only code that calls Office.js lives behind it.
 */
export { getContext, type AppContext } from "./context";
export { runtimeDiagnostics } from "./diagnostics";
export { runtimeBatchError, runtimeCellError } from "./runtime-error";
export { associateCustomFunction } from "./custom-functions";
export {
  detectHost,
  functionsCapabilities,
  officeVisibilityMode,
  onOfficeReady,
  type CommandEvent,
  type HostInfo,
  type VisibilityModeSubscribe,
} from "./host";
export { LOAD_WITH_WORKBOOKS_LABEL, startupControl, type StartupControl } from "./startup";
export { excelWorkbookActions, type InsertOutcome, type WorkbookActions } from "./workbook-actions";
export { excelDeskActions, type CellScope, type DeskActions } from "./desk-actions";
export {
  coversPlan,
  describeOutcome,
  describePlan,
  planCells,
  type RefreshOutcome,
  type RefreshPlan,
  type RefreshScope,
} from "./refresh-scope";
export { cellAddress, normalizeAddress, parseRect } from "./refresh-scope-address";
export { isIndexFormula } from "./refresh-scope-ranges";
export { READER_COLUMNS, RECEIPT_FIELDS, RECEIPT_HEADER, receiptRowOf, type ReceiptRow } from "./receipt";
export { restoreMessage } from "./receipt-restore";
export { excelDataTypeActions, type ConvertOutcome, type DataTypeActions } from "./data-type-actions";
export { indexDomain, type IndexDomainControl } from "./data-type-domain";
export { applyFunctionVisibility, keepFunctionVisibility, type VisibilityHost } from "./autocomplete-visibility";
export {
  dataTypeReports,
  showPane,
  type DataTypeAction,
  type DataTypeReport,
  type DataTypeReports,
} from "./data-type-report";
export {
  CredentialWatch,
  fallbackFor,
  gatewayTokenProvider,
  signInSession,
  type CredentialStatus,
  type SignInFallback,
  type SignInSessionOptions,
  msalNestableClient,
  nestedAppAuthSupported,
  type AccessTokenAnswer,
  type CredentialInUse,
  type NestableClient,
  type NestableClientFactory,
} from "./sign-in";
