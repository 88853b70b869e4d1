import {
  indexCapacity,
  indexFix,
  indexForward,
  indexHealth,
  indexHistory,
  indexLatest,
  indexList,
  indexMethodology,
  indexPanel,
  indexStatus,
  indexVol,
  type FormulaEnv,
  type FormulaResult,
} from "../../src/formulas";
import { indexPeriods } from "../../src/formulas/index-functions/periods";
import { indexCard } from "../../src/formulas/index-functions/card";
import { isEntityCellValue } from "../../src/formulas/entity";

/** One INDEX function of the pure layer, called with its arguments in order, as a sheet passes them. */
export type IndexCall = (env: FormulaEnv, args: readonly unknown[]) => Promise<FormulaResult>;

/**
 * Every INDEX function by its Excel name: the one list that the fault and fuzz suites walk, so a new function
 * is exercised by both as soon as it is added here.
 */
export const INDEX_FUNCTIONS = byName({
  LIST: (env, a) => indexList(env, a[0], a[1]),
  LATEST: (env, a) => indexLatest(env, a[0], a[1]),
  FIX: (env, a) => indexFix(env, a[0], a[1]),
  HISTORY: (env, a) => indexHistory(env, a),
  PANEL: (env, a) => indexPanel(env, a[0], a[1], a[2], a[3], a[4], a[5], a[6]),
  PERIODS: (env, a) => indexPeriods(env, a),
  VOL: (env, a) => indexVol(env, a[0], a[1]),
  FORWARD: (env, a) => indexForward(env, a[0], a[1]),
  CAPACITY: (env, a) => indexCapacity(env, a[0], a[1]),
  HEALTH: (env, a) => indexHealth(env, a[0]),
  STATUS: (env) => indexStatus(env),
  METHODOLOGY: (env, a) => indexMethodology(env, a[0]),
  // The card's entity stands here as its text: these suites check errors and settling; test/formulas/card.test.ts its shape.
  CARD: async (env, a) => {
    const card = await indexCard(env, a[0], a[1]);
    return isEntityCellValue(card) ? card.text : card;
  },
});

/** Widens each entry to IndexCall (STATUS ignores its arguments but takes them like the others). */
function byName<Name extends string>(calls: Record<Name, IndexCall>): Readonly<Record<Name, IndexCall>> {
  return calls;
}

export type IndexFunctionName = keyof typeof INDEX_FUNCTIONS;

/** The functions as [name, call] pairs, in the order above (for `it.each`). */
export const EVERY_INDEX_FUNCTION = Object.entries(INDEX_FUNCTIONS) as ReadonlyArray<[IndexFunctionName, IndexCall]>;
