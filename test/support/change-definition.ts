import type { IndexDataClient } from "../../src/client";
import { DOTTED, FLAGSHIP, INACTIVE } from "./reference-symbols";

/**
 * INDEX.CHANGE's definition (docs/functions.md) worked out by the tests on their own, from the service's answers
 * through the plain client and this file's own reading of the calendar, never through the code under test.
 */

/** The seven periods of issue 45's grid, and the periods to date added after it. */
export const GRID_PERIODS = ["1D", "1W", "1M", "3M", "6M", "YTD", "1Y"] as const;
export const TO_DATE_PERIODS = ["WTD", "MTD", "QTD"] as const;
export type TestedPeriod = (typeof GRID_PERIODS)[number] | (typeof TO_DATE_PERIODS)[number];
export const MODES = ["pct", "abs"] as const;
export type TestedMode = (typeof MODES)[number];

/** Seven indexes with more than a year of history before their latest fix: the grid's rows. */
export const GRID_INDEXES = [
  FLAGSHIP,
  "RTM-NWE-B-1x3",
  "RTM-NWE-A-4x6",
  "RTM-MED-A-1x3",
  DOTTED,
  "RTM-SEA-A-1x3",
  INACTIVE,
] as const;

/** One cell of a grid: an index, a period, a mode. */
export interface GridCell {
  readonly symbol: string;
  readonly period: TestedPeriod;
  readonly mode: TestedMode;
}

/** Every index of the grid × `periods` × both modes, in that order. */
export function changeGrid(periods: readonly TestedPeriod[] = GRID_PERIODS): GridCell[] {
  return GRID_INDEXES.flatMap((symbol) => periods.flatMap((period) => MODES.map((mode) => ({ symbol, period, mode }))));
}

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The target day of `period` before the latest fix's day: months back clamped; to date, the day before the period. */
export function targetOf(latest: string, period: TestedPeriod): string {
  const [y, m, d] = latest.split("-").map(Number) as [number, number, number];
  const latestMs = Date.UTC(y, m - 1, d);
  if (period === "1D") return dayOf(latestMs - DAY);
  if (period === "1W") return dayOf(latestMs - 7 * DAY);
  // ISO weeks start on Monday: a Monday's WTD base is the day before, a Sunday's the Sunday a week before.
  if (period === "WTD") return dayOf(latestMs - (((new Date(latestMs).getUTCDay() + 6) % 7) + 1) * DAY);
  if (period === "MTD") return dayOf(Date.UTC(y, m - 1, 0));
  if (period === "QTD") return dayOf(Date.UTC(y, Math.floor((m - 1) / 3) * 3, 0));
  if (period === "YTD") return `${y - 1}-12-31`;
  const back = { "1M": 1, "3M": 3, "6M": 6, "1Y": 12 }[period];
  const month = m - 1 - back;
  const lastDay = new Date(Date.UTC(y, month + 1, 0)).getUTCDate();
  return dayOf(Date.UTC(y, month, Math.min(d, lastDay)));
}

/** What the definition gives for one symbol, period and mode. */
export interface DefinedChange {
  readonly change: number;
  readonly baseDate: string;
  readonly baseValue: number;
  readonly latestDate: string;
  readonly latestValue: number;
}

/** Works the definition out for many cells, asking the service once per latest fix and per base. */
export class ChangeDefinition {
  private readonly latest = new Map<string, Promise<{ value: number; date: string }>>();
  private readonly bases = new Map<string, Promise<{ value: number; date: string }>>();

  constructor(private readonly client: IndexDataClient) {}

  async of(symbol: string, period: TestedPeriod, mode: TestedMode): Promise<DefinedChange> {
    const latest = await this.latestOf(symbol);
    const base = await this.baseOn(symbol, targetOf(latest.date, period));
    const change = mode === "pct" ? latest.value / base.value - 1 : latest.value - base.value;
    return { change, baseDate: base.date, baseValue: base.value, latestDate: latest.date, latestValue: latest.value };
  }

  private latestOf(symbol: string): Promise<{ value: number; date: string }> {
    let known = this.latest.get(symbol);
    if (known === undefined) {
      known = this.client.latest(symbol).then((fix) => ({ value: fix.value, date: fix.asOf.slice(0, 10) }));
      this.latest.set(symbol, known);
    }
    return known;
  }

  /** The service's value on the last day on or before `day`, and that day. */
  private baseOn(symbol: string, day: string): Promise<{ value: number; date: string }> {
    const key = `${symbol}|${day}`;
    let known = this.bases.get(key);
    if (known === undefined) {
      const from = dayOf(Date.parse(day) - 30 * DAY);
      known = this.client.history(symbol, { startDate: from, endDate: day }).then((history) => {
        const last = history.values[history.values.length - 1];
        if (last === undefined) throw new Error(`the service has no value of ${symbol} up to ${day}`);
        return { value: last.value, date: last.date.slice(0, 10) };
      });
      this.bases.set(key, known);
    }
    return known;
  }
}
