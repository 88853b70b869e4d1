/**
 * What the add-in writes into a workbook and reads back, as text and addresses: the formulas it inserts, cell
 * entries that stay text, the freeze receipt (its rows, signatures and restorable formulas), sheet addresses, a
 * fingerprint of frozen values, watch lists and their files, and pricing templates with the sheet they lay out.
 * Pure: no Office calls, so each rule is tested as text.
 */
export {
  auditCardFormula,
  cardFormula,
  excelString,
  FORWARD_COLUMNS,
  forwardFormula,
  historyFormula,
  latestFormula,
  monthlyAveragesFormula,
} from "./formula-text";
export { CELL_TEXT_LIMIT, constantEntry, textEntry, withinCell } from "./receipts/cell-entry";
export {
  cellAddress,
  columnLetters,
  contains,
  eachCellOf,
  localPart,
  localRange,
  normalizeAddress,
  parseRect,
  rectRange,
  sheetOf,
  type CellRect,
  type SheetRect,
} from "./sheet-address";
export { blockFingerprint, fingerprintNeedsJson } from "./receipts/values-fingerprint";
export { RECEIPT_KEY_ITEM, receiptSigner, signatureFormat, type ReceiptSigner } from "./receipts/signature";
export { readFormula, restorableFormula, type FormulaReading } from "./receipts/receipt-formula";
export { fieldPath, readDataFile, type FileReading } from "./pricing-sheets/data-file";
export {
  addList,
  freeListName,
  listNameProblem,
  readStoredLists,
  readWatchListFile,
  replaceList,
  storedListsText,
  unknownSymbolsProblem,
  WATCH_LIST_FILE_KIND,
  WATCH_LIST_LIMITS,
  watchListFile,
  watchListFileName,
  type ListChange,
  type ListDraft,
  type WatchList,
} from "./pricing-sheets/watch-list";
export {
  checkTemplate,
  columnFormula,
  readTemplateFile,
  SYMBOL_PLACEHOLDER,
  TEMPLATE_FILE_KIND,
  TEMPLATE_LIMITS,
  templateFile,
  templateFileName,
  type PricingTemplate,
  type TemplateColumn,
  type TemplateRule,
} from "./pricing-sheets/template";
export { DEFAULT_TEMPLATE, STARTER_TEMPLATES } from "./pricing-sheets/default-template";
export {
  CHANGE_KEYS,
  COLUMN_CHOICES,
  MARKS,
  pickedKeys,
  STALE_AFTER_DAYS,
  templateOf,
  type ColumnChoice,
  type ColumnGroup,
} from "./pricing-sheets/template-columns";
export {
  PANEL_SYMBOLS,
  planLimitProblem,
  planPricingSheet,
  TOP_LEFT,
  type Origin,
  type PlannedPanel,
  type PlannedRule,
  type PricingSheetPlan,
} from "./pricing-sheets/plan";
export {
  cellKey,
  checkSheet,
  freeOrigin,
  inRect,
  keyOf,
  rectsOfCells,
  type SheetCheck,
  type SheetSurvey,
  type SurveyCell,
} from "./pricing-sheets/check";
export {
  builtSheetsText,
  readBuiltSheets,
  withBuiltSheet,
  type BuiltSheet,
  type BuiltSheetsReading,
} from "./pricing-sheets/record";
export {
  cutWhole,
  freeSheetName,
  freeTableName,
  invisibleCharacterProblem,
  SHEET_NAME_CHARS,
} from "./pricing-sheets/excel-names";
export { FORMULA_LIMITS, formulaLimitProblem } from "./pricing-sheets/formula-limits";
export { numberFormatProblem } from "./pricing-sheets/number-format";
export { INDEX_FUNCTION_NAMES } from "./pricing-sheets/template";
export {
  fromCells,
  isHeaderRow,
  READER_COLUMNS,
  RECEIPT_FIELDS,
  RECEIPT_HEADER,
  RECEIPT_LAST_COLUMN,
  receiptRowOf,
  signRow,
  toCells,
  verifyRow,
  type ReceiptRow,
} from "./receipts/receipt";
