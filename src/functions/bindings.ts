import * as excel from "../formulas";
import { entity, loadService, matrix, matrixOfList, scalar, stream } from "./adapters";

/**
 * What Excel calls for each function of functions.json, by its id. functions.json (beside this file) is what Excel
 * shows the person typing the formula: names, descriptions, parameters, AutoComplete's lists; src/formulas does the
 * work; the adapters only hand it the shared runtime's source and convert its result for Excel. The reference
 * methods (CARD.*) get the INDEX.CARD cell or Index entity they are called on as their first argument.
 */
export const FUNCTIONS = {
  LIST: matrix(excel.indexList),
  LATEST: scalar(excel.indexLatest),
  FIX: matrix(excel.indexFix),
  HISTORY: matrixOfList(excel.indexHistory, 7),
  PERIODS: matrixOfList(excel.indexPeriods, 6),
  PANEL: matrix(excel.indexPanel),
  VOL: scalar(excel.indexVol),
  FORWARD: matrix(excel.indexForward),
  CAPACITY: matrix(excel.indexCapacity),
  HEALTH: matrix(excel.indexHealth),
  STATUS: scalar(excel.indexStatus),
  METHODOLOGY: matrix(excel.indexMethodology),
  LIVE: stream(excel.indexLive, excel.indexLatest),
  CARD: entity(excel.indexCard),
  "CARD.VOL": scalar(excel.cardVol),
  "CARD.FORWARD": matrix(excel.cardForward),
  "CARD.CAPACITY": matrix(excel.cardCapacity),
  "CARD.HISTORY": matrix(excel.cardHistory),
  "CARD.PERIODS": matrix(excel.cardPeriods),
  // The Index data type's load service: Excel calls it (never a formula) to load and refresh the cells Convert to
  // Index linked to the "index" domain (src/office/data-type-domain.ts registers the domain with this id).
  ENTITYSERVICE: loadService(excel.loadIndexEntities),
};
