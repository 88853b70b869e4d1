import {
  derivedKey,
  derivedOf,
  type Answered,
  type DerivedKey,
  historyTimeline,
  pointsWithin,
  type Granularity,
  type History,
  type HistoryPoint,
} from "@index-data/wire";
import { flattenList, isOmitted, parseChoice, parseField, parseFlag, parseSymbol } from "../arguments";
import { notAvailable } from "../cell-error";
import { dateCell, dateCellFromMs, type ExcelCapabilities, type ExcelScalar, type FormulaResult } from "../cells";
import { historyQuery, inRange, parseDateRange, rangeBounds, type DateRange } from "../date-range";
import { evaluate, loadShaped, today, type FormulaEnv } from "../evaluate";
import { fieldCell, fieldNames } from "../fields/field-table";
import { HISTORY_EXTRA_FIELDS, type HistoryExtraField } from "../fields/history-fields";
import { frozenSpill, spillOrEmpty } from "../spill";
import { weeklyFromDaily } from "../weekly";
import { CHOICE_MAPS, type ChoiceOf } from "../choices.generated";

export type SortOrder = ChoiceOf<"SortOrder">;

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
    return () => {
      const query = historyQuery(request.range, request.granularity === "weekly" ? "weekly" : undefined);
      return loadShaped(env, "history", [request.symbol, query], historyCell.bind(undefined, request, env.caps));
    };
  });
}

function parseHistoryArgs(env: FormulaEnv, args: readonly unknown[]): HistoryRequest {
  const [symbolArg, startArg, endArg, granularityArg, headersArg, sortArg, ...rest] = args;
  return {
    symbol: parseSymbol(symbolArg),
    range: parseDateRange(startArg, endArg, today(env)),
    granularity: parseChoice(granularityArg, "granularity", CHOICE_MAPS.Granularity, "daily"),
    headers: parseFlag(headersArg, "headers", false),
    sort: parseChoice(sortArg, "sort", CHOICE_MAPS.SortOrder, "asc"),
    fields: parseHistoryFields(rest),
  };
}

/** Extra columns, given as several arguments or one comma-separated list. */
function parseHistoryFields(values: readonly unknown[]): HistoryExtraField[] {
  // Most cells name no extra column (Excel passes the omitted repeating argument as null): nothing to flatten.
  if (values.every(isOmitted)) return [];
  const named = flattenList([...values]).filter(
    (value) => !isOmitted(value) && !(typeof value === "string" && value.trim() === ""),
  );
  return named.map((value) => parseField(value, "fields", HISTORY_FIELD_NAMES, "confidence"));
}

/** What a history cell shows of a served history (bound to each cell: see loadShaped). */
function historyCell(request: HistoryRequest, caps: ExcelCapabilities, served: Answered<History>): FormulaResult {
  return shapedHistory(served, request, caps);
}

/**
 * The cells of a served history shaped for `request`: made once per answer and shape (range, granularity, sort,
 * headers, fields, host), then the same frozen spill for every cell that shows it. Kept with the answer in its cache
 * entry (`derived`), and cleared with it, so a refresh never shows the shape of an answer before it.
 */
function shapedHistory(served: Answered<History>, request: HistoryRequest, caps: ExcelCapabilities): FormulaResult {
  return derivedOf(served).get(historyShape(request, caps), () => frozenSpill(historyToSpill(served, request, caps)));
}

/** The one builder of a history spill's key: every part of the request and the host that changes the cells. */
function historyShape(request: HistoryRequest, caps: ExcelCapabilities): DerivedKey<FormulaResult> {
  const { fromMs, toMs } = rangeBounds(request.range);
  const { symbol, granularity, sort, headers, fields } = request;
  const parts = [symbol, fromMs, toMs, granularity, sort, headers, fields.join(","), caps.formattedNumbers];
  return derivedKey(`history spill ${JSON.stringify(parts)}`);
}

/** The points inside the range the user asked for, with their dates: by binary search over the answer's dates. */
function pointsInside(
  served: Answered<History>,
  range: DateRange,
): { points: readonly HistoryPoint[]; times: ArrayLike<number> } {
  const history = served.data;
  const timeline = historyTimeline(served);
  if (timeline.ordered) {
    const { fromMs, toMs } = rangeBounds(range);
    const inside = pointsWithin(served, fromMs, toMs);
    return { points: inside.values, times: inside.timeline.times };
  }
  // A history not in date order (not one the client made): each date compared, as the range says.
  const indexes = history.values.map((_, i) => i).filter((i) => inRange(range, timeline.times[i] as number));
  return {
    points: indexes.map((i) => history.values[i] as HistoryPoint),
    times: indexes.map((i) => timeline.times[i] as number),
  };
}

/** Shapes a history: weekly computed locally when the service sent daily values, sorted, extra columns. */
function historyToSpill(served: Answered<History>, request: HistoryRequest, caps: ExcelCapabilities): FormulaResult {
  const history = served.data;
  const inside = pointsInside(served, request.range);
  const weekly = request.granularity === "weekly" && history.granularity === "daily";
  const points = weekly ? weeklyFromDaily(inside.points, inside.times) : inside.points;
  const times = weekly ? points.map((point) => Date.parse(point.date)) : inside.times;
  const missing = request.fields.find(
    (field) => points.length > 0 && points.every((p) => HISTORY_EXTRA_FIELDS[field].read(p) === undefined),
  );
  if (missing !== undefined) return notAvailable(`'${missing}' is not published by this service's history`);
  // A loop, not a callback: a callback made per spill is a new function each time, whose optimized code a full
  // collection drops with it (to be optimized again at the next open); this function's code stays.
  const rows: ExcelScalar[][] = [];
  for (let i = 0; i < points.length; i += 1)
    rows.push(historyRow(points[i] as HistoryPoint, times[i] as number, request.fields, caps));
  if (request.sort === "desc") rows.reverse();
  const header = ["date", "value", ...request.fields];
  return spillOrEmpty(rows, header, request.headers, `no data: '${request.symbol}' has no values in this date range`);
}

function historyRow(
  point: HistoryPoint,
  time: number,
  fields: readonly HistoryExtraField[],
  caps: ExcelCapabilities,
): ExcelScalar[] {
  const date = Number.isNaN(time) ? dateCell(point.date, caps) : dateCellFromMs(time, caps);
  // The plain row as a literal (a spread would allocate the row again, for each of thousands of rows).
  if (fields.length === 0) return [date, point.value];
  return [date, point.value, ...fields.map((field) => fieldCell(HISTORY_EXTRA_FIELDS, field, point, caps))];
}
