import { summarisePeriods, type LatestFix, type ResourceName, type ArgsOf } from "@index-data/wire";
import { DAY_MS, dayText, parseIso, startOfUtcDay } from "@index-data/wire/time";
import type { z } from "zod";
import { getChange } from "./change-tool";
import { historyWindow, monthlyFromDaily } from "./history-window";
import { datedOnly, pointProvenance, provenanceOf, servedOf } from "./provenance";
import type { ReadValue } from "./resource-reader";
import type { INPUTS, OUTPUTS, ToolName } from "./schemas";
import { serviceDate } from "./tool-dates";

/** What a tool reads with: the gateway's resource path for the caller, and the gateway's clock. */
export interface ToolContext {
  readonly read: <N extends ResourceName>(name: N, args: ArgsOf<N>) => Promise<ReadValue<N>>;
  readonly now: () => number;
}

type Input<T extends ToolName> = z.output<z.ZodObject<(typeof INPUTS)[T]>>;
type Output<T extends ToolName> = z.output<z.ZodObject<(typeof OUTPUTS)[T]>>;

/** A tool's answer: the structured content, and a short text a model can quote. */
export interface ToolAnswer<T extends ToolName> {
  readonly structured: Output<T>;
  readonly text: string;
}

type Handlers = { readonly [T in ToolName]: (input: Input<T>, context: ToolContext) => Promise<ToolAnswer<T>> };

const number = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(4).replace(/0+$/, ""));

function fixText(fix: LatestFix): string {
  const carried = fix.carriedForwardFrom ? `, carried forward from ${fix.carriedForwardFrom}` : "";
  return `${fix.symbol} ${number(fix.value)} ${fix.unit} as of ${fix.asOf} (confidence ${fix.confidence}, ${fix.status}${carried})`;
}

/** The named fields of a record, as they are: what a tool passes on unchanged. */
function pick<T, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;
}

/** The symbol's latest fix: the provenance of figures derived from it (volatility, forward curve, capacity). */
async function latestOf(context: ToolContext, symbol: string): Promise<ReadValue<"latest">> {
  return context.read("latest", [symbol]);
}

export const HANDLERS: Readonly<Handlers> = {
  async search_indexes(input, context) {
    const read = await context.read("listIndexes", []);
    const needle = input.query?.trim().toLowerCase() ?? "";
    const matched = read.data.filter(
      (entry) =>
        (input.activeOnly !== true || entry.isActive) &&
        [entry.symbol, entry.hub, entry.grade, entry.leadTime, entry.description].some((text) =>
          text.toLowerCase().includes(needle),
        ),
    );
    const limit = input.limit ?? 200;
    const indexes = matched.slice(0, limit).map((entry) => ({
      symbol: entry.symbol,
      hub: entry.hub,
      grade: entry.grade,
      leadTime: entry.leadTime,
      description: entry.description,
      isActive: entry.isActive,
      latestValue: entry.latestValue ?? null,
      provenance: datedOnly(entry.latestAsOf),
    }));
    const names = indexes.slice(0, 10).map((entry) => entry.symbol);
    return {
      structured: { indexes, matched: matched.length, truncated: matched.length > limit, served: servedOf(read) },
      text: `${matched.length} indexes match${names.length > 0 ? `: ${names.join(", ")}${matched.length > names.length ? ", …" : ""}` : ""}.`,
    };
  },

  async get_latest(input, context) {
    const read = await latestOf(context, input.symbol);
    const fix = read.data;
    return {
      structured: {
        ...pick(fix, ["symbol", "value", "currency", "unit", "methodologyVersion"]),
        provenance: provenanceOf(fix),
        served: servedOf(read),
      },
      text: `${fixText(fix)}.`,
    };
  },

  async get_history(input, context) {
    const granularity = input.granularity ?? "daily";
    const read = await readHistory(context, input, granularity === "weekly" ? "weekly" : undefined);
    const all = granularity === "monthly" ? monthlyFromDaily(read.data.values) : read.data.values;
    const window = historyWindow(all);
    const points = window.points.map((point) => ({
      date: point.date,
      value: point.value,
      provenance: pointProvenance(point),
    }));
    const last = window.points[window.points.length - 1];
    const lastText = last === undefined ? "" : `; last ${number(last.value)} on ${last.date}`;
    return {
      structured: {
        symbol: read.data.symbol,
        granularity,
        points,
        available: window.available,
        truncated: window.truncated,
        rest: window.rest,
        served: servedOf(read),
      },
      text: `${read.data.symbol}: ${points.length} ${granularity} points${lastText}.${window.rest === null ? "" : ` ${window.rest}`}`,
    };
  },

  async get_volatility(input, context) {
    const read = await context.read(
      "volatility",
      input.windowDays === undefined ? [input.symbol] : [input.symbol, input.windowDays],
    );
    const fix = await latestOf(context, input.symbol);
    const vol = read.data;
    return {
      structured: {
        ...pick(vol, ["symbol", "annualizedVol", "windowDays", "dataPoints"]),
        provenance: provenanceOf(fix.data),
        served: servedOf(read),
      },
      text: `${vol.symbol} annualised volatility ${number(vol.annualizedVol)} over ${vol.windowDays} days (${vol.dataPoints} points).`,
    };
  },

  async get_forward_curve(input, context) {
    const read = await context.read("forward", [input.symbol]);
    const fix = await latestOf(context, input.symbol);
    const curve = read.data.curve.map((point) =>
      pick(point, ["tenorMonths", "tenorLabel", "forwardPrice", "spreadBps"]),
    );
    const tenors = curve.map((point) => `${point.tenorLabel} ${number(point.forwardPrice)}`).join(", ");
    return {
      structured: {
        symbol: read.data.symbol,
        spotPrice: read.data.spotPrice,
        curve,
        provenance: provenanceOf(fix.data),
        served: servedOf(read),
      },
      text: `${read.data.symbol} spot ${number(read.data.spotPrice)}; forwards ${tenors}.`,
    };
  },

  async get_capacity(input, context) {
    const read = await context.read("capacity", [input.symbol]);
    const fix = await latestOf(context, input.symbol);
    const capacity = read.data;
    return {
      structured: {
        ...pick(capacity, ["symbol", "bookedKg", "availableKg", "fillRatio", "contributors", "avgLeadTimeDays"]),
        provenance: { ...provenanceOf(fix.data), asOf: capacity.recordedAt ?? fix.data.asOf },
        served: servedOf(read),
      },
      text: `${capacity.symbol} capacity fill ratio ${number(capacity.fillRatio)}: ${number(capacity.bookedKg)} kg booked, ${number(capacity.availableKg)} kg available.`,
    };
  },

  async get_period_stats(input, context) {
    const now = context.now();
    const period = input.period ?? "monthly";
    const read = await readHistory(context, input);
    const history = read.data;
    const firstDay = startOfUtcDay(parseIso(history.startDate) ?? 0);
    const lastDay = startOfUtcDay(parseIso(history.endDate) ?? now);
    const chosen = input.stats ?? ["avg", "low", "high", "last", "change", "pctchange"];
    const periods = summarisePeriods(history.values, period, { firstDay, lastDay }).map((summary) => {
      const inside = history.values.filter((point) => {
        const day = startOfUtcDay(Date.parse(point.date));
        return day >= summary.start && day < summary.end + DAY_MS;
      });
      const last = inside[inside.length - 1];
      return {
        start: dayText(summary.start),
        end: dayText(summary.end),
        stats: Object.fromEntries(chosen.map((stat) => [stat, summary.stats[stat] ?? null])),
        provenance: last === undefined ? datedOnly(undefined) : pointProvenance(last),
      };
    });
    const latest = periods[periods.length - 1];
    const latestText =
      latest === undefined
        ? ""
        : `; ${latest.start} to ${latest.end}: ${Object.entries(latest.stats)
            .map(([stat, value]) => `${stat} ${value === null ? "none" : number(value)}`)
            .join(", ")}`;
    return {
      structured: { symbol: history.symbol, period, periods, served: servedOf(read) },
      text: `${history.symbol}: ${periods.length} ${period} periods${latestText}.`,
    };
  },

  get_change: getChange,

  async get_benchmark_health(_input, context) {
    const read = await context.read("benchmarkHealth", []);
    const health = read.data;
    return {
      structured: {
        benchmarkStatus: health.benchmarkStatus,
        reasons: [...health.reasons],
        summary: { ...health.summary },
        provenance: {
          asOf: health.asOf,
          confidence: health.summary.avgConfidence,
          status: health.benchmarkStatus,
          carriedForwardFrom: null,
        },
        served: servedOf(read),
      },
      text: `Benchmark ${health.benchmarkStatus} as of ${health.asOf}${health.reasons.length > 0 ? `: ${health.reasons.join("; ")}` : ""}.`,
    };
  },

  async get_methodology(_input, context) {
    const read = await context.read("methodology", []);
    const { version, publishedAt, ...rest } = read.data;
    return {
      structured: {
        version,
        publishedAt,
        methodology: { ...rest },
        provenance: datedOnly(publishedAt),
        served: servedOf(read),
      },
      text: `Methodology version ${version}, published ${publishedAt}.`,
    };
  },
};

/** The history of `symbol` between `start` and `end` (ISO or relative forms, from the gateway's today). */
async function readHistory(
  context: ToolContext,
  input: { readonly symbol: string; readonly start?: string | undefined; readonly end?: string | undefined },
  granularity?: "weekly",
): Promise<ReadValue<"history">> {
  const now = context.now();
  const startDate = serviceDate(input.start, "start", now);
  const endDate = serviceDate(input.end, "end", now);
  return context.read("history", [
    input.symbol,
    {
      ...(startDate !== undefined ? { startDate } : {}),
      ...(endDate !== undefined ? { endDate } : {}),
      ...(granularity !== undefined ? { granularity } : {}),
    },
  ]);
}
