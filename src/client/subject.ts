import type { Answered, ErrorSubject } from "@index-data/wire";
import type { IndexDataSource, LatestValue } from "./source";
import { resourceOf, type ArgsOf, type DataOf, type ResourceName } from "@index-data/wire";

/** Every method of a source: one per resource row, and `latestValue`. */
export type SourceName = ResourceName | "latestValue";
/** The arguments of a source's method. */
export type SourceArgs<N extends SourceName> = N extends ResourceName ? ArgsOf<N> : [symbol: string];
/** What a source's method answers, without the facts of its response. */
export type SourceData<N extends SourceName> = N extends ResourceName ? DataOf<N> : LatestValue;
/** What a source's method answers: the data with the facts of its response. */
export type SourceAnswer<N extends SourceName> = Answered<SourceData<N>>;

/** `latestValue` is no row of its own (the engine may answer it from the catalogue); its subject is said here. */
const LATEST_VALUE = { path: "{symbol}", subject: { what: "latest value" } } as const;

/**
 * What a request is about, for the words of its failure: the row's subject, with the symbol of the request when its
 * path takes one (the first argument). A call site never types it, so it cannot name something other than it asks.
 */
export function subjectOf<N extends SourceName>(name: N, args: SourceArgs<N>): ErrorSubject {
  const row = name === "latestValue" ? LATEST_VALUE : resourceOf(name as ResourceName);
  const symbol: unknown = row.path.includes("{symbol}") ? args[0] : undefined;
  return typeof symbol === "string" ? { ...row.subject, symbol } : { ...row.subject };
}

/**
 * A request named as data, so its subject can be read off it: `latestValue`, or the source's `call` of a row (the
 * method of the same name answers the same).
 */
export function ask<N extends SourceName>(
  source: IndexDataSource,
  name: N,
  args: SourceArgs<N>,
): Promise<SourceAnswer<N>> {
  const answer: Promise<Answered<unknown>> =
    name === "latestValue"
      ? source.latestValue((args as SourceArgs<"latestValue">)[0])
      : source.call(name as ResourceName, args as ArgsOf<ResourceName>);
  return answer as Promise<SourceAnswer<N>>;
}
