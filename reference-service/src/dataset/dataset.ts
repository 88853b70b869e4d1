import { businessDayOnOrAfter, dayFromIsoDate, type Day } from "./calendar";
import { DEFAULT_INDEXES, defineExtraIndex, type ExtraIndex, type IndexDefinition } from "./definitions";
import { IndexSeries, type Observation } from "./series";

interface DatasetOptions {
  /** Replaces the built-in indexes. @default DEFAULT_INDEXES */
  readonly indexes?: readonly IndexDefinition[];
  /** Appended to the indexes, e.g. a description holding markup for an escaping test. @default [] */
  readonly extraIndexes?: readonly ExtraIndex[];
}

/** First and last day (inclusive) on which an index has a value. */
interface PublishedRange {
  readonly first: Day;
  readonly last: Day;
}

/**
 * How many days old each index's latest fix is: it published nothing after that many days before today (a
 * holiday, an index assessed weekly, one that stopped). A number for every index, or days by symbol.
 */
export type LatestAges = number | Readonly<Record<string, number>>;

/**
 * The indexes and their daily values. Values are pure functions of (symbol, day); only the end of each
 * range (today, by the service clock, less the index's latest age) and a young index's start move with time.
 */
export class Dataset {
  readonly indexes: readonly IndexDefinition[];
  private readonly series: Map<string, IndexSeries>;

  constructor(
    indexes: readonly IndexDefinition[],
    private readonly latestAges: LatestAges = 0,
    shared?: Map<string, IndexSeries>,
  ) {
    this.series = shared ?? new Map<string, IndexSeries>();
    if (shared === undefined)
      for (const definition of indexes) {
        if (this.series.has(definition.symbol)) throw new Error(`Duplicate index symbol "${definition.symbol}".`);
        this.series.set(definition.symbol, new IndexSeries(definition));
      }
    this.indexes = indexes;
  }

  /**
   * The same indexes and values, with each latest fix `ages` days old (sharing the memoised walks). A symbol not
   * in the dataset, or an age that is not a whole number of days from 0 to 3,650, is refused, naming it.
   */
  aged(ages: LatestAges): Dataset {
    const entries = typeof ages === "number" ? [["every index", ages] as const] : Object.entries(ages);
    for (const [symbol, days] of entries) {
      if (typeof ages !== "number" && !this.series.has(symbol))
        throw new RangeError(`latest age: no index "${symbol}" in the dataset.`);
      if (!(Number.isInteger(days) && days >= 0 && days <= 3650))
        throw new RangeError(`latest age of ${symbol}: give whole days from 0 to 3650, got ${days}.`);
    }
    return new Dataset(this.indexes, ages, this.series);
  }

  find(symbol: string): IndexDefinition | undefined {
    return this.series.get(symbol)?.definition;
  }

  /** The symbol the caller probably meant (same letters, other case), for a helpful 404. */
  suggest(symbol: string): string | undefined {
    const wanted = symbol.toUpperCase();
    return this.indexes.find((d) => d.symbol.toUpperCase() === wanted)?.symbol;
  }

  /** Null when the index has no data (yet, or at all). */
  publishedRange(definition: IndexDefinition, today: Day): PublishedRange | null {
    const { coverage } = definition;
    if (coverage.kind === "none") return null;
    const first =
      coverage.kind === "young"
        ? businessDayOnOrAfter(today - coverage.listedDaysAgo)
        : businessDayOnOrAfter(dayFromIsoDate(coverage.listedOn));
    const stop = coverage.kind === "full" && coverage.discontinuedOn ? dayFromIsoDate(coverage.discontinuedOn) : today;
    const age = typeof this.latestAges === "number" ? this.latestAges : (this.latestAges[definition.symbol] ?? 0);
    const last = Math.min(stop, today - age);
    return first <= last ? { first, last } : null;
  }

  /** Daily values from `from` to `to` (inclusive), clipped to the published range, ascending. */
  observations(definition: IndexDefinition, from: Day, to: Day, today: Day): Observation[] {
    const range = this.publishedRange(definition, today);
    if (range === null) return [];
    const series = this.seriesOf(definition);
    const values: Observation[] = [];
    for (let day = Math.max(from, range.first); day <= Math.min(to, range.last); day += 1) {
      values.push(series.observe(day));
    }
    return values;
  }

  /** The value on the last published day, or null when the index has no data. */
  latest(definition: IndexDefinition, today: Day): Observation | null {
    const range = this.publishedRange(definition, today);
    return range === null ? null : this.seriesOf(definition).observe(range.last);
  }

  private seriesOf(definition: IndexDefinition): IndexSeries {
    const series = this.series.get(definition.symbol);
    if (series === undefined) throw new Error(`Index "${definition.symbol}" is not part of this dataset.`);
    return series;
  }
}

/** The dataset a service serves: the built-in indexes (or replacements) plus any extras. */
export function buildDataset(options: DatasetOptions = {}): Dataset {
  const base = options.indexes ?? DEFAULT_INDEXES;
  const extras = (options.extraIndexes ?? []).map(defineExtraIndex);
  return new Dataset([...base, ...extras]);
}
