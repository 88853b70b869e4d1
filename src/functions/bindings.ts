import * as excel from "../formulas";
import type { CellRuntime } from "./runtime";
import { entity, loadService, matrix, matrixOfList, scalar, stream } from "./adapters";

/**
 * What Excel calls for each function of functions.json, by its id. functions.json (beside this file) is what Excel
 * shows the person typing the formula: names, descriptions, parameters, AutoComplete's lists; src/formulas does the
 * work; the adapters only hand it the shared runtime's source and convert its result for Excel. The reference
 * methods (CARD.*) get the INDEX.CARD cell or Index entity they are called on as their first argument.
 */
export const FUNCTIONS = {
  LIST: matrix(excel.indexList, 2),
  LATEST: scalar(excel.indexLatest, 2),
  FIX: matrix(excel.indexFix, 2),
  HISTORY: matrixOfList(excel.indexHistory, 7),
  PERIODS: matrixOfList(excel.indexPeriods, 6),
  PANEL: matrix(excel.indexPanel, 7),
  VOL: scalar(excel.indexVol, 2),
  FORWARD: matrix(excel.indexForward, 2),
  CAPACITY: matrix(excel.indexCapacity, 2),
  HEALTH: matrix(excel.indexHealth, 1),
  STATUS: scalar(excel.indexStatus, 0),
  METHODOLOGY: matrix(excel.indexMethodology, 1),
  LIVE: stream(excel.indexLive, excel.indexLatest, 3),
  CARD: entity(excel.indexCard, 2),
  "CARD.VOL": scalar(excel.cardVol, 2),
  "CARD.FORWARD": matrix(excel.cardForward, 1),
  "CARD.CAPACITY": matrix(excel.cardCapacity, 2),
  "CARD.HISTORY": matrix(excel.cardHistory, 4),
  "CARD.PERIODS": matrix(excel.cardPeriods, 3),
  // The Index data type's load service: Excel calls it (never a formula) to load and refresh the cells Convert to
  // Index linked to the "index" domain (src/office/data-type-domain.ts registers the domain with this id).
  ENTITYSERVICE: loadService(excel.loadIndexEntities, 1),
};

/** Each function of FUNCTIONS as Excel calls it once bound to `runtime` (what the functions entry associates). */
export type BoundFunctions = { readonly [Id in keyof typeof FUNCTIONS]: ReturnType<(typeof FUNCTIONS)[Id]["bind"]> };

export function bindFunctions(runtime: CellRuntime): BoundFunctions {
  const bound = Object.entries(FUNCTIONS).map(([id, binding]) => [id, binding.bind(runtime)] as const);
  return Object.fromEntries(bound) as unknown as BoundFunctions;
}
