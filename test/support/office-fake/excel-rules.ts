/**
 * Excel's own refusals, as the workbook fake raises them: the error Office.js hands an add-in (an
 * OfficeExtension.Error with a string `code` and Excel's message, from "Error handling with the application-specific
 * JavaScript APIs") and the rules behind them, written here from Excel's documentation and never imported from src/,
 * so a wrong rule in the add-in cannot be mirrored by the fake that tests it.
 */
export interface OfficeError extends Error {
  readonly code: string;
}

/** Excel's message for each code the fake raises. */
const MESSAGES = {
  AccessDenied: "You cannot perform the requested operation.",
  ApiNotFound: "The API you are trying to use could not be found. It may be available in a newer version of Excel.",
  InvalidArgument: "The argument is invalid or missing or has an incorrect format.",
  ItemAlreadyExists: "A resource with the same name or identifier already exists.",
  ItemNotFound: "The requested resource doesn't exist.",
  InvalidOperation: "The operation attempted is invalid on the object.",
  MergedRangeConflict:
    "Cannot complete the operation. A table can't overlap with another table, a PivotTable report, query results, merged cells, or an XML Map.",
  UndoNotSupported: "The JavaScript API request failed due to lack of support for the undo operation.",
  GeneralException: "There was an internal error while processing the request.",
} as const;

export type OfficeErrorCode = keyof typeof MESSAGES;

/** The error Office.js rejects a sync with: `code` and Excel's message, as OfficeExtension.Error carries them. */
export function officeError(code: OfficeErrorCode, debugInfo?: string): OfficeError {
  const error = new Error(MESSAGES[code]) as Error & { code: string; name: string; debugInfo?: unknown };
  error.name = "RichApi.Error";
  error.code = code;
  if (debugInfo !== undefined) error.debugInfo = { message: debugInfo };
  return error as OfficeError;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why Excel refuses `name` for a worksheet among `taken` (the other sheets' names), or undefined: at most 31
 * characters (UTF-16 units, as Excel counts), none of : \ / ? * [ ], not blank, not beginning or ending with an
 * apostrophe, not "History" (reserved), and unique in any case.
 */
export function sheetNameRefusal(name: string, taken: readonly string[]): OfficeErrorCode | undefined {
  if (name.trim() === "" || name.length > 31 || /[:\\/?*[\]]/.test(name)) return "InvalidArgument";
  if (name.startsWith("'") || name.endsWith("'") || name.toLowerCase() === "history") return "InvalidArgument";
  // Excel stores text as UTF-16: a lone surrogate is no character and the file would not open again.
  if (LONE_SURROGATE.test(name)) return "InvalidArgument";
  return taken.some((other) => other.toLowerCase() === name.toLowerCase()) ? "ItemAlreadyExists" : undefined;
}

/**
 * Why Excel refuses `name` for a table among `taken` (every table and defined name of the workbook), or undefined
 * ("Rename an Excel table"): a letter, underscore or backslash first, then letters, digits, periods and underscores,
 * at most 255 characters, not C or R, not a cell reference, unique in the workbook in any case.
 */
export function tableNameRefusal(name: string, taken: readonly string[]): OfficeErrorCode | undefined {
  if (!/^[\p{L}_\\][\p{L}\p{N}._\\]{0,254}$/u.test(name) || /^[cr]$/i.test(name)) return "InvalidArgument";
  if (/^[A-Za-z]{1,3}\d+$/.test(name) || /^R\d*C\d*$/i.test(name)) return "InvalidArgument";
  return taken.some((other) => other.toLowerCase() === name.toLowerCase()) ? "ItemAlreadyExists" : undefined;
}
