import { DATA_EPOCH, businessDayOnOrBefore, isBusinessDay, type Day } from "./calendar";
import type { IndexDefinition } from "./definitions";
import { gaussian, hashString, integerBetween, roundTo, uniform } from "./random";

type ValueStatus = "FIRM" | "PROVISIONAL" | "INDICATIVE" | "STALE";
type DerivationMethod = "DIRECT" | "INTERPOLATED" | "MODELLED" | "CARRIED_FORWARD";
type PublicationMode = "FRESH" | "CARRIED_FORWARD";

interface DataCoverage {
  readonly contributors: number;
  readonly executedTrades: number;
  readonly firmQuotes: number;
  readonly indicatives: number;
  readonly totalMassKg: number;
  readonly topContributorShare: number;
}

/** One daily value of an index, fresh or carried forward. */
export interface Observation {
  readonly day: Day;
  readonly value: number;
  readonly status: ValueStatus;
  readonly confidence: number;
  readonly derivationMethod: DerivationMethod;
  readonly publicationMode: PublicationMode;
  /** The business day whose value this repeats; null when fresh. */
  readonly carriedForwardFrom: Day | null;
  readonly coverage: DataCoverage;
}

// Salts keep the independent draws of one day apart.
const SALT = { start: 1, shock: 2, regime: 3, status: 4, confidence: 5, method: 6, coverage: 7 } as const;
/** Daily pull of the log price back to its mean. */
const REVERSION = 0.025;
/** Confidence lost per day a value is carried. */
const CARRY_CONFIDENCE_DECAY = 8;
/** A value carried this many days or more is STALE. */
const STALE_AFTER_DAYS = 3;

/**
 * The price walk of one index: a mean-reverting log-price with monthly volatility regimes, stepping on
 * business days only. Levels are memoised from the epoch, so a value depends only on (symbol, day).
 */
export class IndexSeries {
  private readonly seed: number;
  private readonly logLevels: number[] = [];

  constructor(readonly definition: IndexDefinition) {
    this.seed = hashString(definition.symbol);
  }

  /** The value on a business day, USD/kg, 4 decimals. */
  private valueOn(day: Day): number {
    return roundTo(Math.exp(this.logLevel(day)), 4);
  }

  private logLevel(day: Day): number {
    const target = Math.max(0, day - DATA_EPOCH);
    const mean = Math.log(this.definition.meanLevel);
    if (this.logLevels.length === 0) this.logLevels.push(mean + 0.08 * gaussian(this.seed, SALT.start));
    for (let k = this.logLevels.length; k <= target; k += 1) {
      const previous = this.logLevels[k - 1] ?? mean;
      const d = DATA_EPOCH + k;
      if (!isBusinessDay(d)) {
        this.logLevels.push(previous);
        continue;
      }
      const regime = 1 + 0.6 * Math.max(0, gaussian(this.seed, SALT.regime, Math.floor(k / 30)));
      const shock = this.definition.dailyVol * regime * gaussian(this.seed, SALT.shock, d);
      this.logLevels.push(previous + REVERSION * (mean - previous) + shock);
    }
    return this.logLevels[target] ?? mean;
  }

  /** The value published on a business day. */
  fresh(day: Day): Observation {
    const status = this.statusOn(day);
    return {
      day,
      value: this.valueOn(day),
      status,
      confidence: confidenceFor(status, this.seed, day),
      derivationMethod: derivationFor(status, this.seed, day),
      publicationMode: "FRESH",
      carriedForwardFrom: null,
      coverage: coverageFor(status, this.seed, day),
    };
  }

  /** The value of any day: fresh on a business day, else the last business day's value carried forward. */
  observe(day: Day): Observation {
    if (isBusinessDay(day)) return this.fresh(day);
    const source = this.fresh(businessDayOnOrBefore(day));
    const gap = day - source.day;
    return {
      ...source,
      day,
      status: gap >= STALE_AFTER_DAYS ? "STALE" : source.status,
      confidence: Math.max(20, source.confidence - CARRY_CONFIDENCE_DECAY * gap),
      derivationMethod: "CARRIED_FORWARD",
      publicationMode: "CARRIED_FORWARD",
      carriedForwardFrom: source.day,
    };
  }

  private statusOn(day: Day): ValueStatus {
    const u = uniform(this.seed, SALT.status, day);
    const { liquidity } = this.definition;
    if (u < liquidity) return "FIRM";
    return u < liquidity + (1 - liquidity) * 0.6 ? "PROVISIONAL" : "INDICATIVE";
  }
}

function confidenceFor(status: ValueStatus, seed: number, day: Day): number {
  const [low, high] = status === "FIRM" ? [78, 97] : status === "PROVISIONAL" ? [60, 79] : [38, 61];
  return integerBetween(low, high, seed, SALT.confidence, day);
}

function derivationFor(status: ValueStatus, seed: number, day: Day): DerivationMethod {
  const u = uniform(seed, SALT.method, day);
  if (status === "FIRM") return "DIRECT";
  if (status === "PROVISIONAL") return u < 0.6 ? "DIRECT" : "MODELLED";
  return u < 0.5 ? "INTERPOLATED" : "MODELLED";
}

function coverageFor(status: ValueStatus, seed: number, day: Day): DataCoverage {
  const draw = (low: number, high: number, part: number) => integerBetween(low, high, seed, SALT.coverage, day, part);
  const firm = status === "FIRM";
  const provisional = status === "PROVISIONAL";
  const contributors = firm ? draw(7, 14, 1) : provisional ? draw(4, 8, 1) : draw(2, 5, 1);
  const executedTrades = firm ? draw(9, 42, 2) : provisional ? draw(3, 10, 2) : draw(0, 2, 2);
  const firmQuotes = firm ? draw(12, 35, 3) : provisional ? draw(5, 14, 3) : draw(1, 6, 3);
  const lotKg = draw(18, 120, 5) * 1000;
  const share = 1 / contributors + 0.3 * uniform(seed, SALT.coverage, day, 6);
  return {
    contributors,
    executedTrades,
    firmQuotes,
    indicatives: draw(2, 18, 4),
    totalMassKg: Math.round((executedTrades + 0.5 * firmQuotes) * lotKg),
    topContributorShare: roundTo(Math.min(0.95, share), 3),
  };
}
