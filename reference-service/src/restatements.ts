import { dayFromIsoDate, type Day } from "./dataset/calendar";
import type { Dataset } from "./dataset/dataset";
import { roundTo } from "./dataset/random";
import type { Observation } from "./dataset/series";

/**
 * A published day restated, as price-reporting agencies correct an assessment: a new value (absolute, or the
 * first published one moved by a percentage), a new status, or both. It shows in history and in the latest fix
 * from `from` on (by the service clock), so a client can see the day first as published, then as restated.
 */
export interface Restatement {
  readonly symbol: string;
  /** `YYYY-MM-DD`, the day restated. */
  readonly date: string;
  /** The new value. */
  readonly value?: number;
  /** The value moved by this many percent (e.g. 1.5 or -0.8), when no absolute value is given. */
  readonly valuePercent?: number;
  /** The new status, e.g. `REVISED` (the spec leaves the other statuses open). */
  readonly status?: string;
  /** The instant it takes effect; before it, the day answers as first published. @default at once */
  readonly from?: Date;
}

/** An observation as published: its status may be one the dataset's walk never draws (a restatement may set any). */
export type PublishedObservation = Omit<Observation, "status"> & { readonly status: string };

const DURATION_UNITS_MS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000 };

/** The restatements in force: at most one per (symbol, day); a later one replaces an earlier one. */
export class Restatements {
  private readonly byDay = new Map<string, Restatement & { readonly day: Day }>();

  /** `initial`: the start's restatements (the command line's), which `reset` goes back to. */
  constructor(
    private readonly dataset: Dataset,
    private readonly initial: readonly Restatement[] = [],
  ) {
    for (const restatement of initial) this.add(restatement);
  }

  /** Adds one, checked against the dataset: a known symbol, a real date, a positive value, a status in capitals. */
  add(restatement: Restatement): void {
    const { symbol, date, value, valuePercent, status } = restatement;
    if (this.dataset.find(symbol) === undefined)
      throw new RangeError(`restatement: no index "${symbol}" in the dataset.`);
    const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? dayFromIsoDate(date) : Number.NaN;
    if (!Number.isFinite(day))
      throw new RangeError(`restatement of ${symbol}: give the date as YYYY-MM-DD, got "${date}".`);
    if (value === undefined && valuePercent === undefined && status === undefined)
      throw new RangeError(`restatement of ${symbol}@${date}: give a value, a percentage or a status to restate.`);
    if (value !== undefined && !(Number.isFinite(value) && value > 0))
      throw new RangeError(`restatement of ${symbol}@${date}: the value must be a positive number, got ${value}.`);
    if (valuePercent !== undefined && !(Number.isFinite(valuePercent) && valuePercent > -100))
      throw new RangeError(`restatement of ${symbol}@${date}: the percentage must be above -100, got ${valuePercent}.`);
    if (status !== undefined && !/^[A-Z][A-Z_]{0,31}$/.test(status))
      throw new RangeError(`restatement of ${symbol}@${date}: a status is capitals and underscores, got "${status}".`);
    this.byDay.set(`${symbol}@${day}`, { ...restatement, day });
  }

  /** Back to the start's restatements. */
  reset(): void {
    this.byDay.clear();
    for (const restatement of this.initial) this.add(restatement);
  }

  /** The observation as the service publishes it at `now`: restated when a restatement is in force for its day. */
  apply(symbol: string, observation: Observation, now: Date): PublishedObservation {
    const restatement = this.byDay.get(`${symbol}@${observation.day}`);
    if (restatement === undefined || (restatement.from !== undefined && now < restatement.from)) return observation;
    const value =
      restatement.value ??
      (restatement.valuePercent === undefined
        ? observation.value
        : roundTo(observation.value * (1 + restatement.valuePercent / 100), 4));
    return { ...observation, value, status: restatement.status ?? observation.status };
  }
}

/**
 * One `--corrections` value: `SYMBOL@YYYY-MM-DD=FIELD:NEW[,FIELD:NEW]…` with fields `value` (a number, or a
 * signed percentage such as `+1.5%`), `status` (e.g. `REVISED`) and `after` (a delay from `start` such as `90s`,
 * `10m` or `1h`, so a client sees the day first as published). E.g. `OXY-FLAG@2025-06-16=value:+1.5%,status:REVISED`.
 */
export function parseRestatement(text: string, start: Date): Restatement {
  const match = /^([^@=]+)@(\d{4}-\d{2}-\d{2})=(.+)$/.exec(text);
  if (match === null)
    throw new RangeError(
      `--corrections ${text}: write SYMBOL@YYYY-MM-DD=value:+1.5%,status:REVISED (value, status, after).`,
    );
  const [, symbol = "", date = "", fields = ""] = match;
  let restatement: Restatement = { symbol, date };
  for (const field of fields.split(",")) {
    const [name, ...rest] = field.split(":");
    const given = rest.join(":").trim();
    if (name === "value") restatement = { ...restatement, ...valueOf(text, given) };
    else if (name === "status") restatement = { ...restatement, status: given };
    else if (name === "after") restatement = { ...restatement, from: new Date(start.getTime() + delayOf(text, given)) };
    else throw new RangeError(`--corrections ${text}: "${name ?? ""}" is not a field; use value, status or after.`);
  }
  return restatement;
}

function valueOf(text: string, given: string): Pick<Restatement, "value" | "valuePercent"> {
  const percent = /^([+-]\d+(?:\.\d+)?)%$/.exec(given);
  if (percent !== null) return { valuePercent: Number(percent[1]) };
  if (/^\d+(?:\.\d+)?$/.test(given)) return { value: Number(given) };
  throw new RangeError(
    `--corrections ${text}: value is a number (1.9342) or a signed percentage (+1.5%), got "${given}".`,
  );
}

function delayOf(text: string, given: string): number {
  const [, amount, unit = ""] = /^(\d+)([smh])$/.exec(given) ?? [];
  const unitMs = DURATION_UNITS_MS[unit];
  if (amount === undefined || unitMs === undefined)
    throw new RangeError(
      `--corrections ${text}: after is a whole number of s, m or h (e.g. 90s, 10m), got "${given}".`,
    );
  return Number(amount) * unitMs;
}
