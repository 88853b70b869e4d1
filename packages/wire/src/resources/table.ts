import type { z } from "zod";
import { BENCHMARK_HEALTH } from "./benchmark-health";
import { CAPACITY } from "./capacity";
import { FORWARD } from "./forward";
import { HEALTH } from "./health";
import { HISTORY } from "./history";
import { CATALOGUE } from "./indexes";
import { LATEST } from "./latest";
import { METHODOLOGY } from "./methodology";
import type { Query, Resource, RowArgs, RowData } from "./resource";
import { SYSTEM_STATUS } from "./system-status";
import { VOLATILITY } from "./volatility";

/**
 * Every endpoint of both descriptions, one row each, named by the method every source has for it. Adding an
 * endpoint is a resource module (its wire schema, value and row), a row here (one line, `name: ROW,`: the generator
 * reads it) and `npm run generate` (methods.generated.ts); CONTRIBUTING has the recipe.
 */
export const RESOURCES = {
  listIndexes: CATALOGUE,
  latest: LATEST,
  history: HISTORY,
  volatility: VOLATILITY,
  forward: FORWARD,
  capacity: CAPACITY,
  benchmarkHealth: BENCHMARK_HEALTH,
  systemStatus: SYSTEM_STATUS,
  health: HEALTH,
  methodology: METHODOLOGY,
} as const;

export type ResourceName = keyof typeof RESOURCES;

type RowOf<N extends ResourceName> = (typeof RESOURCES)[N];
/** The arguments of a resource's method. */
export type ArgsOf<N extends ResourceName> = RowArgs<RowOf<N>>;
/** What a resource's method answers. */
export type DataOf<N extends ResourceName> = RowData<RowOf<N>>;
/** The time-to-live kinds of every resource. */
export type ResourceKind = { [N in ResourceName]: keyof RowOf<N>["ttls"] }[ResourceName];

/** A row, typed by its name (the table's rows, seen through one generic shape). */
export function resourceOf<N extends ResourceName>(name: N): Resource<ArgsOf<N>, z.ZodType, DataOf<N>, ResourceKind> {
  return RESOURCES[name] as unknown as Resource<ArgsOf<N>, z.ZodType, DataOf<N>, ResourceKind>;
}

/** The query as sent, or none when the arguments cannot be sent (the request itself then says why). */
function queryOrNone(query: () => Query | undefined): Query {
  try {
    return query() ?? {};
  } catch {
    // Expected: the request itself refuses these arguments, with the reason.
    return {};
  }
}

/** The kind of one request's answer: a resource's only kind, or the one its `kindOf` reads from the query. */
export function kindOf<N extends ResourceName>(name: N, args: ArgsOf<N>, now: number): ResourceKind {
  const row = resourceOf(name);
  if (row.kindOf !== undefined)
    return row.kindOf(
      queryOrNone(() => row.query?.(args)),
      now,
    );
  return Object.keys(row.ttls)[0] as ResourceKind;
}

/** The arguments spelled one way (the row's `canonical`): what is sent, and what the key is made of. */
export function canonicalArgs<N extends ResourceName>(name: N, args: ArgsOf<N>): ArgsOf<N> {
  return resourceOf(name).canonical?.(args) ?? args;
}

/**
 * One request's cache key: the row's `key` of the canonical arguments. The only place a key is spelled, so that
 * the engine, its lanes and its batchers can never disagree on which request a key names.
 */
export function keyOf<N extends ResourceName>(name: N, args: ArgsOf<N>): string {
  return resourceOf(name).key(canonicalArgs(name, args));
}

/**
 * The start every key of a symbol resource shares: of its kind (`latest|`), or of its kind and one symbol
 * (`history|RTM-A|`) when `symbol` is given. The lanes follow a request by these.
 */
export function keyPrefixOf(name: "latest" | "history", symbol?: string): string {
  const parts = keyOf(name, [symbol ?? ""]).split("|");
  return `${parts.slice(0, symbol === undefined ? 1 : 2).join("|")}|`;
}
