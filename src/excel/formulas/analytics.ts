import { WINDOW_DAYS } from "@index-data/wire";
import { isOmitted, parseField, parseFlag, parseSymbol, parseWholeNumber } from "../arguments";
import type { FormulaResult } from "../cells";
import { evaluate, load, type FormulaEnv } from "../evaluate";
import { fieldCell, fieldNames, fieldRows } from "../fields/field-table";
import { CAPACITY_FIELDS, type CapacityField } from "../fields/service-fields";
import { spillOrEmpty } from "../spill";

/** INDEX.VOL(symbol, [windowDays]): annualized volatility as a fraction; the window is checked first. */
export function indexVol(env: FormulaEnv, symbolArg: unknown, windowArg: unknown): Promise<FormulaResult> {
  return evaluate(env, "volatility", () => {
    const symbol = parseSymbol(symbolArg);
    const windowDays = parseWholeNumber(windowArg, "windowDays", WINDOW_DAYS);
    return async () => {
      const served = await load(env, "volatility", [symbol, windowDays]);
      return served.data.annualizedVol;
    };
  });
}

const FORWARD_HEADER = ["tenorMonths", "tenorLabel", "forwardPrice", "spreadBps"] as const;

/** INDEX.FORWARD(symbol, [headers]): the forward curve, one row per tenor; headers shown by default. */
export function indexForward(env: FormulaEnv, symbolArg: unknown, headersArg: unknown): Promise<FormulaResult> {
  return evaluate(env, "the forward curve", () => {
    const symbol = parseSymbol(symbolArg);
    const headers = parseFlag(headersArg, "headers", true);
    return async () => {
      const served = await load(env, "forward", [symbol]);
      const rows = served.data.curve.map((p) => [p.tenorMonths, p.tenorLabel, p.forwardPrice, p.spreadBps]);
      return spillOrEmpty(rows, FORWARD_HEADER, headers, `no data: '${symbol}' has an empty forward curve`);
    };
  });
}

export const CAPACITY_FIELD_NAMES: readonly CapacityField[] = fieldNames(CAPACITY_FIELDS);

/** INDEX.CAPACITY(symbol, [field]): one capacity figure, or (no field) the whole record as field/value rows. */
export function indexCapacity(env: FormulaEnv, symbolArg: unknown, fieldArg: unknown): Promise<FormulaResult> {
  return evaluate(env, "capacity metrics", () => {
    const symbol = parseSymbol(symbolArg);
    const field = isOmitted(fieldArg) ? undefined : parseField(fieldArg, "field", CAPACITY_FIELD_NAMES, "fillRatio");
    return async () => {
      const served = await load(env, "capacity", [symbol]);
      if (field !== undefined) return fieldCell(CAPACITY_FIELDS, field, served.data, env.caps);
      return fieldRows(CAPACITY_FIELDS, served.data, env.caps);
    };
  });
}
