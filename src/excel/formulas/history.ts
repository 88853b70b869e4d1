import { pointTime, type Granularity, type History, type HistoryPoint } from "../../wire";
import { flattenList, isOmitted, parseChoice, parseField, parseFlag, parseSymbol } from "../arguments";
import { notAvailable } from "../cell-error";
import { dateCell, dateCellFromMs, type ExcelCapabilities, type ExcelScalar, type FormulaResult } from "../cells";
import { historyQuery, inRange, parseDateRange, type DateRange } from "../date-range";
import { evaluate, load, today, type FormulaEnv } from "../evaluate";
import { fieldCell, fieldNames } from "../fields/field-table";
import { HISTORY_EXTRA_FIELDS, type HistoryExtraField } from "../fields/history-fields";
import { spillOrEmpty } from "../spill";
import { weeklyFromDaily } from "../weekly";

export const GRANULARITY_CHOICES: ReadonlyMap<string, Granularity> = new Map<string, Granularity>([
  ["daily", "daily"],
  ["weekly", "weekly"],
  ["d", "daily"],
  ["w", "weekly"],
  // STOCKHISTORY's interval numbers.
  ["0", "daily"],
  ["1", "weekly"],
]);

export type SortOrder = "ascending" | "descending";
export const SORT_CHOICES: ReadonlyMap<string, SortOrder> = new Map<string, SortOrder>([
  ["asc", "ascending"],
  ["desc", "descending"],
  ["ascending", "ascending"],
  ["descending", "descending"],
  // STOCKHISTORY's sort numbers: 0 ascending, 1 descending.
  ["0", "ascending"],
  ["1", "descending"],
]);

export const HISTORY_FIELD_NAMES: readonly HistoryExtraField[] = fieldNames(HISTORY_EXTRA_FIELDS);

export interface HistoryRequest {
  readonly symbol: string;
  readonly range: DateRange;
  readonly granularity: Granularity;
  readonly headers: boolean;
  readonly sort: SortOrder;
  readonly fields: readonly HistoryExtraField[];
}

/** INDEX.HISTORY(symbol, [start], [end], [granularity], [headers], [sort], [fields...]). */
export function indexHistory(env: FormulaEnv, args: readonly unknown[]): Promise<FormulaResult> {
  return evaluate(env, "history", () => {
    const request = parseHistoryArgs(env, args);
    return async () => {
      const query = historyQuery(request.range, request.granularity === "weekly" ? "weekly" : undefined);
      const served = await load(env, "history", [request.symbol, query]);
      return historyToSpill(served.data, request, env.caps);
    };
  });
}

function parseHistoryArgs(env: FormulaEnv, args: readonly unknown[]): HistoryRequest {
  const [symbolArg, startArg, endArg, granularityArg, headersArg, sortArg, ...rest] = args;
  return {
    symbol: parseSymbol(symbolArg),
    range: parseDateRange(startArg, endArg, today(env)),
    granularity: parseChoice(granularityArg, "granularity", GRANULARITY_CHOICES, "daily"),
    headers: parseFlag(headersArg, "headers", false),
    sort: parseChoice(sortArg, "sort", SORT_CHOICES, "ascending"),
    fields: parseHistoryFields(rest),
  };
}

/** Extra columns, given as several arguments or one comma-separated list. */
function parseHistoryFields(values: readonly unknown[]): HistoryExtraField[] {
  const named = flattenList([...values]).filter(
    (value) => !isOmitted(value) && !(typeof value === "string" && value.trim() === ""),
  );
  return named.map((value) => parseField(value, "fields", HISTORY_FIELD_NAMES, "confidence"));
}

/** Shapes a history: weekly computed locally when the service sent daily values, sorted, extra columns. */
function historyToSpill(history: History, request: HistoryRequest, caps: ExcelCapabilities): FormulaResult {
  const inside = history.values.filter((point) => inRange(request.range, pointTime(point)));
  const points = request.granularity === "weekly" && history.granularity === "daily" ? weeklyFromDaily(inside) : inside;
  const missing = request.fields.find(
    (field) => points.length > 0 && points.every((p) => HISTORY_EXTRA_FIELDS[field].read(p) === undefined),
  );
  if (missing !== undefined) return notAvailable(`'${missing}' is not published by this service's history`);
  const rows = points.map((point) => historyRow(point, request.fields, caps));
  if (request.sort === "descending") rows.reverse();
  const header = ["date", "value", ...request.fields];
  return spillOrEmpty(rows, header, request.headers, `no data: '${request.symbol}' has no values in this date range`);
}

function historyRow(point: HistoryPoint, fields: readonly HistoryExtraField[], caps: ExcelCapabilities): ExcelScalar[] {
  const time = pointTime(point);
  const date = Number.isNaN(time) ? dateCell(point.date, caps) : dateCellFromMs(time, caps);
  return [date, point.value, ...fields.map((field) => fieldCell(HISTORY_EXTRA_FIELDS, field, point, caps))];
}
