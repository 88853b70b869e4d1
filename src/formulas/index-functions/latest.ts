import { parseField, parseFlag, parseSymbol } from "../arguments";
import type { Answered, LatestValue } from "../../client";
import { dateCell, type ExcelCapabilities, type ExcelScalar, type FormulaResult } from "../cells";
import { evaluate, load, loadShaped, type FormulaEnv } from "../evaluate";
import { fieldCell, fieldNames, fieldRows } from "../fields/field-table";
import { LATEST_FIELDS, LATEST_VALUE_FIELDS, type LatestField, type ServedFix } from "../fields/latest-fields";
import { FIELD_VALUE_HEADER, withHeaderRow } from "../spill";

export const LATEST_FIELD_NAMES: readonly LatestField[] = fieldNames(LATEST_FIELDS);

/** INDEX.LATEST(symbol, [field]): the latest value, or any one field of the latest fix. */
export function indexLatest(env: FormulaEnv, symbolArg: unknown, fieldArg: unknown): Promise<FormulaResult> {
  return evaluate(env, "the latest fix", () => {
    const symbol = parseSymbol(symbolArg);
    const field = parseField(fieldArg, "field", LATEST_FIELD_NAMES, "value");
    // Promise chains rather than async functions: the most common cell of a sheet, with the fewest layers.
    return () =>
      LATEST_VALUE_FIELDS.has(field)
        ? latestValueCell(env, symbol, field)
        : loadShaped(env, "latest", [symbol], fixField.bind(undefined, field, env.caps));
  });
}

/** One field of a served fix, as its cell shows it (bound to each cell: see loadShaped). */
function fixField(field: LatestField, caps: ExcelCapabilities, fix: ServedFix): ExcelScalar {
  return fieldCell(LATEST_FIELDS, field, fix, caps);
}

/** INDEX.FIX(symbol, [headers]): the whole latest fix as field/value rows, the audit card behind a number. */
export function indexFix(env: FormulaEnv, symbolArg: unknown, headers: unknown): Promise<FormulaResult> {
  return evaluate(env, "the latest fix", () => {
    const symbol = parseSymbol(symbolArg);
    const showHeaders = parseFlag(headers, "headers", false);
    return async () =>
      withHeaderRow(FIELD_VALUE_HEADER, fieldRows(LATEST_FIELDS, await latestFix(env, symbol), env.caps), showHeaders);
  });
}

function latestFix(env: FormulaEnv, symbol: string): Promise<ServedFix> {
  return load(env, "latest", [symbol]);
}

/** value, asOf and stale come from `source.latestValue`, which the engine may answer from the catalogue. */
function latestValueCell(env: FormulaEnv, symbol: string, field: LatestField): Promise<ExcelScalar> {
  return loadShaped(env, "latestValue", [symbol], latestValueField.bind(undefined, field, env.caps));
}

/** value, asOf or stale of a served latest value (bound to each cell: see loadShaped). */
function latestValueField(field: LatestField, caps: ExcelCapabilities, served: Answered<LatestValue>): ExcelScalar {
  if (field === "stale") return served.meta.servedStale;
  return field === "asOf" ? dateCell(served.data.asOf, caps) : served.data.value;
}
