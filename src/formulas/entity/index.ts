export * from "./cell-values";
export * from "./card-properties";
export * from "./linked-values";
export { buildCardEntity } from "./card-entity";
export { FUNCTIONS_NAMESPACE, indexSymbolOf, REFERENCE_METHODS, referenceMethodProperties } from "./reference-methods";
export { answeredId, ENTITY_BATCH_LIMITS, parseEntityBatch } from "./entity-batch";
export { cardLines, numberText, propertyText, shownOnCard } from "./card-text";
export {
  INDEX_DOMAIN,
  INDEX_ENTITY_CULTURE,
  indexEntityError,
  indexEntityId,
  isIndexLinkedEntity,
  linkedAsEntity,
  linkedCard,
  linkedIndexValue,
} from "./index-entity";
export { frozenIndexSymbol, relinkIndexEntity, unlinkIndexEntity } from "./index-entity-freeze";
export {
  planToIndex,
  planToText,
  writeRuns,
  type IndexPlan,
  type SelectedCell,
  type TextPlan,
  type Untouched,
  type WriteRun,
} from "./convert-plan";
export { NO_LINKED_TYPES_REASON, toIndexMessage, toTextMessage, type ConvertMode } from "./convert-message";
