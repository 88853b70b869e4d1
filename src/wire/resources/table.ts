import type { z } from "zod";
import { BENCHMARK_HEALTH } from "./benchmark-health";
import { CAPACITY } from "./capacity";
import { FORWARD } from "./forward";
import { HEALTH } from "./health";
import { HISTORY } from "./history";
import { CATALOGUE } from "./indexes";
import { LATEST } from "./latest";
import { METHODOLOGY } from "./methodology";
import type { Query, Resource } from "./resource";
import { SYSTEM_STATUS } from "./system-status";
import { VOLATILITY } from "./volatility";

/**
 * Every endpoint of both descriptions, one row each, named by the method every source has for it. Adding an
 * endpoint is a resource module (its wire schema, value and row) and a row here; CONTRIBUTING has the recipe.
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
};

export type ResourceName = keyof typeof RESOURCES;
const RESOURCE_NAMES = Object.keys(RESOURCES) as ResourceName[];

type RowOf<N extends ResourceName> = (typeof RESOURCES)[N];
/** The arguments of a resource's method. */
export type ArgsOf<N extends ResourceName> = Parameters<RowOf<N>["key"]>[0];
/** What a resource's method answers. */
export type DataOf<N extends ResourceName> = ReturnType<RowOf<N>["toData"]>;
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

/**
 * A base class with one method per resource, each calling `this.call(name, args)`: a class that extends it
 * (the client, the engine, each source) writes `call` once, not a method per endpoint. `M` is the methods' type.
 */
export function methodPerResource<M>(): new () => M {
  class PerResource {}
  for (const name of RESOURCE_NAMES) {
    Object.defineProperty(PerResource.prototype, name, {
      value(this: { call(name: ResourceName, args: readonly unknown[]): unknown }, ...args: unknown[]) {
        return this.call(name, args);
      },
      writable: true,
      configurable: true,
    });
  }
  return PerResource as unknown as new () => M;
}
