import type { ErrorSubject } from "../wire";
import type { IndexDataSource, Served } from "./source";
import { resourceOf, type ResourceName } from "../wire";

/** Every method of a source: one per resource row, and `latestValue`. */
export type SourceName = keyof IndexDataSource;
/** The arguments of a source's method. */
export type SourceArgs<N extends SourceName> = Parameters<IndexDataSource[N]>;
/** What a source's method answers, without its `Served` wrapper. */
export type SourceData<N extends SourceName> =
  Awaited<ReturnType<IndexDataSource[N]>> extends Served<infer T> ? T : never;

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

/** Calls the source's method for `name` with `args`: a request named as data, so its subject can be read off it. */
export function ask<N extends SourceName>(
  source: IndexDataSource,
  name: N,
  args: SourceArgs<N>,
): Promise<Served<SourceData<N>>> {
  const method = source[name] as unknown as (
    this: IndexDataSource,
    ...args: SourceArgs<N>
  ) => Promise<Served<SourceData<N>>>;
  return method.apply(source, args);
}
