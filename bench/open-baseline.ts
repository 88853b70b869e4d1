// The CPU baseline of opening a sheet: what any client must do with the answers the sheet needs, and nothing more.
// Each answer is parsed once (JSON.parse, each history date once) and validated once (the spec's zod schema, as our
// client does), then every cell is written: its figure, or its spill (each history cell its own rows, dates as formatted numbers).
// No cache, no scheduling, no sharing between cells: the plain loop a client would need at the very least.
import type { z } from "zod";
import { RESOURCES } from "@index-data/wire";
import { DAY_MS } from "@index-data/wire/time";
import type { RecordedAnswer } from "./recorded-answers";
import type { SheetCell } from "./sheet";

type Parsed = Record<string, unknown>;
type Written = unknown;

/** The row whose schema validates an answer of `path`. */
function schemaOf(path: string): z.ZodType {
  const route = path.split("?")[0] ?? path;
  if (route.endsWith("/indexes")) return RESOURCES.listIndexes.wire;
  if (route.endsWith("/latest")) return RESOURCES.latest.wire;
  if (route.endsWith("/history")) return RESOURCES.history.wire;
  if (route.endsWith("/volatility")) return RESOURCES.volatility.wire;
  if (route.endsWith("/forward")) return RESOURCES.forward.wire;
  if (route.endsWith("/capacity-metrics")) return RESOURCES.capacity.wire;
  throw new Error(`bench: no schema for ${path}`);
}

/** What a symbol's answers are, once parsed and validated; each history point's date parsed once. */
interface Answers {
  readonly catalogue: Map<string, Parsed>;
  readonly bySymbol: Map<string, Parsed>;
  readonly times: Map<Parsed, Float64Array>;
}

function symbolKeyOf(path: string): string {
  const [route = "", query = ""] = path.split("?");
  const parts = route.split("/");
  const kind = parts.at(-1) ?? "";
  const symbol = decodeURIComponent(parts.at(-2) ?? "");
  return kind === "volatility"
    ? `${kind}|${symbol}|${new URLSearchParams(query).get("windowDays")}`
    : `${kind}|${symbol}`;
}

function parseAll(answers: readonly RecordedAnswer[]): Answers {
  const catalogue = new Map<string, Parsed>();
  const bySymbol = new Map<string, Parsed>();
  const times = new Map<Parsed, Float64Array>();
  for (const answer of answers) {
    const valid = schemaOf(answer.path).parse(JSON.parse(answer.body)) as Parsed;
    if (answer.path.startsWith("/api/v1/indexes")) {
      for (const row of valid["indexes"] as Parsed[]) catalogue.set(row["symbol"] as string, row);
    } else bySymbol.set(symbolKeyOf(answer.path), valid);
    const values = valid["values"] as Parsed[] | undefined;
    if (values !== undefined)
      times.set(
        valid,
        Float64Array.from(values, (p) => Date.parse(p["date"] as string)),
      );
  }
  return { catalogue, bySymbol, times };
}

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

function dateCellFromMs(ms: number): Written {
  return { type: "FormattedNumber", basicValue: (ms - EXCEL_EPOCH_MS) / DAY_MS, numberFormat: "yyyy-mm-dd" };
}

function dateCell(iso: string): Written {
  return dateCellFromMs(Date.parse(iso));
}

function historyRows(history: Parsed | undefined, answers: Answers, start: string, end: string): Written[][] {
  const times = history === undefined ? undefined : answers.times.get(history);
  if (history === undefined || times === undefined) return [];
  const values = history["values"] as Parsed[];
  const from = Date.parse(start);
  const to = Date.parse(end) + DAY_MS;
  const rows: Written[][] = [];
  for (let i = 0; i < times.length; i += 1) {
    const ms = times[i] as number;
    if (ms >= from && ms < to) rows.push([dateCellFromMs(ms), values[i]?.["value"]]);
  }
  return rows;
}

function writeCell(cell: SheetCell, answers: Answers): Written {
  const { catalogue, bySymbol } = answers;
  switch (cell.kind) {
    case "latest": {
      const fix = bySymbol.get(`latest|${cell.symbol}`);
      if (fix !== undefined) return cell.field === "asOf" ? dateCell(fix["asOf"] as string) : fix[cell.field];
      const row = catalogue.get(cell.symbol);
      if (cell.field === "asOf") return dateCell(row?.["latestAsOf"] as string);
      return cell.field === "stale" ? false : row?.["latestValue"];
    }
    case "history":
      return historyRows(bySymbol.get(`history|${cell.symbol}`), answers, cell.start, cell.end);
    case "vol":
      return bySymbol.get(`volatility|${cell.symbol}|${cell.days}`)?.["annualizedVol"];
    case "forward": {
      const curve = bySymbol.get(`forward|${cell.symbol}`)?.["curve"] as Parsed[] | undefined;
      return [["tenor", "price"], ...(curve ?? []).map((p) => [p["tenorLabel"], p["forwardPrice"]])];
    }
    case "capacity":
      return bySymbol.get(`capacity-metrics|${cell.symbol}`)?.[cell.field];
  }
}

/** The baseline's open: every answer parsed and validated once, then every cell written; returns the cells. */
export function baselineOpen(answers: readonly RecordedAnswer[], cells: readonly SheetCell[]): Written[] {
  const parsed = parseAll(answers);
  return cells.map((cell) => writeCell(cell, parsed));
}
