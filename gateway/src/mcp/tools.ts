import type { LatestFix } from "@index-data/wire";
import { DAY_MS, dayText, parseIso, startOfUtcDay } from "@index-data/wire/time";
import { historyRest, monthlyFromDaily, newestRows, restSaid, windowFacts } from "./history-window";
import { getChange } from "./change-tool";
import { getPeriodStats } from "./period-stats-tool";
import { datedOnly, passOn, pointProvenance, provenanceOf, servedOf } from "./provenance";
import { PASSED_ON, type AnsweredTool } from "./outputs";
import { MAX_HISTORY_POINTS, type ToolName } from "./schemas";
import { searchIndexes } from "./search-tool";
import type { ToolHandler } from "./tool-context";
import { serviceDate } from "./tool-dates";
import { latestOf, readHistory } from "./tool-reads";
import { joined, ours, said, type ToolText } from "./tool-text";

export type { ToolContext } from "./tool-context";

/** A handler for every tool but those answering a resource as it is (answered-tool.ts). */
type Handlers = { readonly [T in Exclude<ToolName, AnsweredTool>]: ToolHandler<T> };

function fixText(fix: LatestFix): ToolText {
  const carried = fix.carriedForwardFrom ? said`, carried forward from ${fix.carriedForwardFrom}` : said``;
  return said`${fix.symbol} ${fix.value} ${fix.unit} as of ${fix.asOf} (confidence ${fix.confidence}, status ${fix.status}${carried})`;
}

/** Each tool's work, by name. Texts are `said`: the service's words in them are quoted as data (tool-text.ts). */
export const HANDLERS: Readonly<Handlers> = {
  search_indexes: searchIndexes,
  get_period_stats: getPeriodStats,

  async get_latest(input, context) {
    const read = await latestOf(context, input.symbol);
    const fix = read.data;
    return {
      structured: {
        ...passOn(fix, PASSED_ON.latest),
        provenance: provenanceOf(fix),
        served: servedOf(read),
      },
      text: said`${fixText(fix)}.`,
    };
  },

  async get_history(input, context) {
    const granularity = input.granularity ?? "daily";
    const read = await readHistory(context, input, granularity === "weekly" ? "weekly" : undefined);
    const all = granularity === "monthly" ? monthlyFromDaily(read.data.values) : read.data.values;
    const window = newestRows(
      all,
      (point) => ({ date: point.date, value: point.value, provenance: pointProvenance(point) }),
      { room: context.room, limit: MAX_HISTORY_POINTS, dayOf: (point) => parseIso(point.date) ?? 0 },
      historyRest(all.length),
    );
    const last = window.rows[window.rows.length - 1];
    const lastText = last === undefined ? said`` : said`; last ${last.value} on ${last.date}`;
    return {
      structured: {
        symbol: read.data.symbol,
        granularity,
        points: [...window.rows],
        ...windowFacts(window),
        served: servedOf(read),
      },
      text: said`${read.data.symbol}: ${window.rows.length} ${ours(granularity)} points${lastText}.${restSaid(window)}`,
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
        ...passOn(vol, PASSED_ON.volatility),
        provenance: provenanceOf(fix.data),
        served: servedOf(read),
      },
      text: said`${vol.symbol} annualised volatility ${vol.annualizedVol} over ${vol.windowDays} days (${vol.dataPoints} points).`,
    };
  },

  async get_forward_curve(input, context) {
    const read = await context.read("forward", [input.symbol]);
    const fix = await latestOf(context, input.symbol);
    const curve = read.data.curve.map((point) => passOn(point, PASSED_ON.forwardPoint));
    const tenors = joined(
      curve.map((point) => said`${point.tenorLabel} ${point.forwardPrice}`),
      ", ",
    );
    return {
      structured: {
        symbol: read.data.symbol,
        spotPrice: read.data.spotPrice,
        curve,
        provenance: provenanceOf(fix.data),
        served: servedOf(read),
      },
      text: said`${read.data.symbol} spot ${read.data.spotPrice}; forwards ${tenors}.`,
    };
  },

  async get_capacity(input, context) {
    const read = await context.read("capacity", [input.symbol]);
    const fix = await latestOf(context, input.symbol);
    const capacity = read.data;
    return {
      structured: {
        symbol: capacity.symbol,
        ...passOn(capacity, PASSED_ON.capacity),
        provenance: { ...provenanceOf(fix.data), asOf: capacity.recordedAt ?? fix.data.asOf },
        served: servedOf(read),
      },
      text: said`${capacity.symbol} capacity fill ratio ${capacity.fillRatio}: ${capacity.bookedKg} kg booked, ${capacity.availableKg} kg available.`,
    };
  },

  get_change: getChange,

  /** The desk's archive as GET /gateway/corrections lists it (docs/corrections.md); no service request. */
  async get_corrections(input, context) {
    const since =
      serviceDate(input.since, "since", context.now()) ?? dayText(startOfUtcDay(context.now()) - 30 * DAY_MS);
    const corrections = await context.corrections(Date.parse(since), input.symbol);
    const days = joined(
      corrections.map(
        (c) => said`${c.symbol} ${c.date}: ${c.was.value} ${c.was.status} → ${c.now.value} ${c.now.status}`,
      ),
      "; ",
    );
    return {
      structured: { since, corrections },
      text:
        corrections.length === 0
          ? said`No corrections found since ${ours(since)}.`
          : said`${corrections.length} corrections since ${ours(since)}: ${days}.`,
    };
  },

  async get_benchmark_health(_input, context) {
    const read = await context.read("benchmarkHealth", []);
    const health = read.data;
    const reasons = joined(
      health.reasons.map((reason) => said`${reason}`),
      "; ",
    );
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
      text: said`Benchmark status ${health.benchmarkStatus} as of ${health.asOf}${health.reasons.length > 0 ? said`; reasons: ${reasons}` : said``}.`,
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
      text: said`Methodology version ${version}, published ${publishedAt}.`,
    };
  },
};
