import type { CellErrorCode } from "../../formulas";

/**
 * A cell error as the custom functions runtime shows it: #VALUE! for an argument the user must change, #N/A for
 * everything else (the message says what happened and what to do).
 */
export function customFunctionError(code: CellErrorCode, message: string): CustomFunctions.Error {
  const errorCode =
    code === "#VALUE!" ? CustomFunctions.ErrorCode.invalidValue : CustomFunctions.ErrorCode.notAvailable;
  return new CustomFunctions.Error(errorCode, message);
}

/** A linked data type batch refused whole: Excel documents notAvailable from a load service as #CONNECT!. */
export function customFunctionBatchError(message: string): CustomFunctions.Error {
  return new CustomFunctions.Error(CustomFunctions.ErrorCode.notAvailable, message);
}
