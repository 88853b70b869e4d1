import type { Dataset } from "./dataset/dataset";
import type { IndexDefinition } from "./dataset/definitions";
import type { Restatements } from "./restatements";
import type { ServiceState } from "./state";
import { ServiceError } from "./service-error";
import type { Flavor } from "./tiers";

/** What every route reads: the description served, the data, the clock and the run-time state. */
export interface ServiceContext {
  readonly flavor: Flavor;
  readonly dataset: Dataset;
  readonly now: () => Date;
  readonly state: ServiceState;
  /** Published days restated (`--corrections`, or the test control `restate`). */
  readonly restatements: Restatements;
}

/** The index named in the path, or a 404 UNKNOWN_SYMBOL that says what to do. */
export function requireIndex(context: ServiceContext, symbol: string): IndexDefinition {
  const definition = context.dataset.find(symbol);
  if (definition !== undefined) return definition;
  const suggestion = context.dataset.suggest(symbol);
  const hint = suggestion
    ? ` Symbols are case-sensitive: did you mean "${suggestion}"?`
    : " GET /api/v1/indexes lists the symbols.";
  throw new ServiceError(404, "UNKNOWN_SYMBOL", `No index with symbol "${symbol}".${hint}`);
}

export function noData(symbol: string): ServiceError {
  return new ServiceError(404, "NO_DATA", `Index "${symbol}" exists but has no data yet.`);
}
