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
 * The indexes and their daily values. Values are pure functions of (symbol, day); only the end of each
 * range (today, by the service clock) and a young index's start move with time.
 */
export class Dataset {
  readonly indexes: readonly IndexDefinition[];
  private readonly series = new Map<string, IndexSeries>();

  constructor(indexes: readonly IndexDefinition[]) {
    for (const definition of indexes) {
      if (this.series.has(definition.symbol)) throw new Error(`Duplicate index symbol "${definition.symbol}".`);
      this.series.set(definition.symbol, new IndexSeries(definition));
    }
    this.indexes = indexes;
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
    const last = Math.min(stop, today);
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
