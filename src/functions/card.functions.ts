// Thin wrapper over src/excel/formulas/card.ts; see catalogue.functions.ts.
import { indexCard } from "../excel";
import { entityResult } from "./runtime";

/**
 * The latest fix as a card: value, as-of date, confidence, status, carried-forward date, data coverage and the index's name. Refer to one property with =A1.Confidence. Where Excel has no data types it returns the latest value, as INDEX.LATEST does.
 * @customfunction CARD CARD
 * @requiresAddress
 * @param symbol Index symbol, e.g. "RTM-NWE-A-1x3" (see INDEX.LIST).
 * @param [fields] Only these properties, as a list "Value,Confidence,Data coverage" or a range of names. Default: every property the service sent.
 * @param invocation The cell calling the function (its address, and whether Excel is previewing the formula as it is typed).
 * @returns A card (an Excel entity) whose text is the symbol and the value.
 */
export function card(
  symbol: string,
  fields: string[][],
  invocation: CustomFunctions.Invocation,
): Promise<number | string | boolean | Excel.FormattedNumberCellValue | Excel.EntityCellValue> {
  return entityResult((env) => indexCard(env, symbol, fields), invocation);
}
