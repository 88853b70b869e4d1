import { definedOnly } from "@index-data/wire";
import { validSymbol } from "@index-data/wire";
import type { EntityCellValue, EntityProperty } from "./cell-values";
import { isIndexLinkedEntity, linkedIndexValue } from "./index-entity";
import type { LinkedEntityCellValue } from "./linked-values";

/**
 * Freezing keeps Index entities: a linked Index entity becomes a plain (unlinked) entity with the same text,
 * properties and card, so a reader without the add-in sees the same card and `=A1.Price` still reads; Restore links
 * it again from its symbol. The freeze and restore code (src/office/freeze/) call these three.
 */

/**
 * The property that says "this entity was a linked Index entity, of this symbol". Hidden from the card, from
 * autocomplete and from dot notation, so the frozen card reads exactly as the linked one did; only restore reads it.
 */
const INDEX_LINK_MARK = "Index data type";

const HIDDEN_EVERYWHERE = {
  excludeFrom: { cardView: true, autoComplete: true, dotNotation: true, calcCompare: true },
} as const;

/**
 * The frozen form of a linked Index entity: an Excel entity with its text, properties, card and provider, and the
 * mark that lets restore link it again. Undefined for any other value (the freeze code leaves those to its own rules).
 * A linked entity Excel never loaded has no properties: it freezes to its text and the mark.
 */
export function unlinkIndexEntity(value: unknown): EntityCellValue | undefined {
  if (!isIndexLinkedEntity(value)) return undefined;
  const symbol = value.id.entityId;
  const mark: EntityProperty = {
    type: "String",
    basicValue: symbol,
    basicType: "String",
    propertyMetadata: HIDDEN_EVERYWHERE,
  };
  return {
    type: "Entity",
    text: value.text ?? symbol,
    basicValue: "#VALUE!",
    basicType: "Error",
    properties: { ...value.properties, [INDEX_LINK_MARK]: mark },
    // Excel's value shapes are exact (cell-values.ts): a field not given is left out, never undefined.
    ...definedOnly({ layouts: value.layouts, provider: value.provider }),
  };
}

/** The symbol of an entity `unlinkIndexEntity` made (read back through valuesAsJson), else undefined. */
export function frozenIndexSymbol(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || (value as { type?: unknown }).type !== "Entity") return undefined;
  const mark = (value as { properties?: Record<string, unknown> }).properties?.[INDEX_LINK_MARK] as
    { type?: unknown; basicValue?: unknown } | undefined;
  return mark?.type === "String" ? validSymbol(mark.basicValue) : undefined;
}

/** What restore writes back: the cell linked again to its symbol (Excel then loads it fresh). Undefined when `value` is no frozen Index entity. */
export function relinkIndexEntity(value: unknown): LinkedEntityCellValue | undefined {
  const symbol = frozenIndexSymbol(value);
  return symbol === undefined ? undefined : linkedIndexValue(symbol);
}
