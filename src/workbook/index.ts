/**
 * What the add-in writes into a workbook and reads back, as text and addresses: the formulas it inserts, cell
 * entries that stay text, the freeze receipt (its rows, signatures and restorable formulas), sheet addresses and a
 * fingerprint of frozen values. Pure: no Office calls, so each rule is tested as text.
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
export { CELL_TEXT_LIMIT, constantEntry, textEntry, withinCell } from "./cell-entry";
export {
  cellAddress,
  contains,
  eachCellOf,
  localPart,
  normalizeAddress,
  parseRect,
  sheetOf,
  type SheetRect,
} from "./sheet-address";
export { blockFingerprint, fingerprintNeedsJson } from "./values-fingerprint";
export { RECEIPT_KEY_ITEM, receiptSigner, signatureFormat, type ReceiptSigner } from "./receipt-signature";
export { restorableFormula } from "./receipt-formula";
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
} from "./receipt";
