import type { IndexSummary } from "@index-data/wire";
import { parseFlag } from "../arguments";
import { dateCell, type ExcelCapabilities, type ExcelScalar, type FormulaResult } from "../cells";
import { evaluate, load, type FormulaEnv } from "../evaluate";
import { spillOrEmpty } from "../spill";

const LIST_HEADER = [
  "symbol",
  "hub",
  "grade",
  "leadTime",
  "description",
  "active",
  "latestValue",
  "latestAsOf",
] as const;

/** A catalogue row; an index without data shows empty latest cells, never 0. */
function indexRow(entry: IndexSummary, caps: ExcelCapabilities): ExcelScalar[] {
  return [
    entry.symbol,
    entry.hub,
    entry.grade,
    entry.leadTime,
    entry.description,
    entry.isActive,
    entry.latestValue ?? "",
    entry.latestAsOf !== undefined ? dateCell(entry.latestAsOf, caps) : "",
  ];
}

/** INDEX.LIST([activeOnly], [headers]): the catalogue as a spill; headers shown by default. */
export function indexList(env: FormulaEnv, activeOnly: unknown, headers: unknown): Promise<FormulaResult> {
  return evaluate(env, "the index list", () => {
    const onlyActive = parseFlag(activeOnly, "activeOnly", false);
    const showHeaders = parseFlag(headers, "headers", true);
    return async () => {
      const { data } = await load(env, "listIndexes", []);
      const rows = data.filter((entry) => !onlyActive || entry.isActive).map((entry) => indexRow(entry, env.caps));
      return spillOrEmpty(
        rows,
        LIST_HEADER,
        showHeaders,
        onlyActive ? "no active index is published" : "no index is published",
      );
    };
  });
}
