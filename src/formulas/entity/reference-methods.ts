import { CARD_PROPERTIES } from "./card-properties";
import type { EntityProperty, FunctionReferenceCellValue } from "./cell-values";
import { frozenIndexSymbol } from "./index-entity-freeze";
import { isIndexLinkedEntity } from "./index-entity";

/** The custom functions' namespace (scripts/addin/description.cjs): a method names its function within it. */
export const FUNCTIONS_NAMESPACE = "INDEX";

/**
 * The methods of an Index entity (an INDEX.CARD card or a linked Index entity): the name a formula calls
 * (`=A1.History("-30D")`) and the id of the custom function Excel then calls with the entity as its first argument.
 */
export const REFERENCE_METHODS = {
  History: "CARD.HISTORY",
  Vol: "CARD.VOL",
  Forward: "CARD.FORWARD",
  Periods: "CARD.PERIODS",
  Capacity: "CARD.CAPACITY",
  Change: "CARD.CHANGE",
} as const;

/** The method properties an Index entity carries where Excel has reference methods (ExcelApi 1.19). */
export function referenceMethodProperties(): Record<string, FunctionReferenceCellValue> {
  const methods: Record<string, FunctionReferenceCellValue> = {};
  for (const [name, id] of Object.entries(REFERENCE_METHODS))
    methods[name] = { type: "Function", functionType: "JavaScriptReference", namespace: FUNCTIONS_NAMESPACE, id };
  return methods;
}

/** The card's symbol property: the one a method reads, never text the user retypes. */
const SYMBOL_LABEL = CARD_PROPERTIES.find((property) => property.source === "fix.symbol")?.label ?? "Symbol";

/**
 * The symbol of the Index value a method was called on: a linked Index entity's id, a frozen Index entity's hidden
 * marker, or an INDEX.CARD card's Symbol property; undefined for anything else.
 */
export function indexSymbolOf(value: unknown): string | undefined {
  if (isIndexLinkedEntity(value)) return value.id.entityId;
  const frozen = frozenIndexSymbol(value);
  if (frozen !== undefined) return frozen;
  if (typeof value !== "object" || value === null) return undefined;
  const { type, properties } = value as { type?: unknown; properties?: Record<string, EntityProperty> };
  const symbol = type === "Entity" ? properties?.[SYMBOL_LABEL] : undefined;
  return symbol?.type === "String" && symbol.basicValue !== "" ? symbol.basicValue : undefined;
}
