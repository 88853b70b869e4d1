export * from "./cell-values";
export * from "./card-properties";
export { buildCardEntity, propertyCell } from "./card-entity";
export { cardLines, numberText, propertyText, type CardLine } from "./card-text";
