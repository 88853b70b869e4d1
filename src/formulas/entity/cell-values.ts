import { z } from "zod";

/**
 * The cell value shapes Microsoft documents for data types (Excel.StringCellValue, DoubleCellValue,
 * FormattedNumberCellValue, BooleanCellValue, EntityCellValue with its card layout and provider), declared
 * once. INDEX.CARD builds its entity from these types, and the tests parse every card with these schemas.
 * Objects are strict: a misspelt key would be dropped silently by Excel, so here it is an error.
 * `basicType` is read-only in Excel (what Range.valueTypes reports); we send it where documented so a reader of
 * the JSON (the preview, the CLI's --json) sees the same value Excel would report.
 */

/**
 * Excel.CellValuePropertyMetadata, the part we use: where a property is left out. A property hidden from the card
 * view still reads with `=A1.Name` (an alias such as Price), unless it is hidden from dot notation too (a marker).
 */
const PropertyMetadata = z.strictObject({
  excludeFrom: z
    .strictObject({
      cardView: z.boolean().exactOptional(),
      autoComplete: z.boolean().exactOptional(),
      calcCompare: z.boolean().exactOptional(),
      dotNotation: z.boolean().exactOptional(),
    })
    .exactOptional(),
  sublabel: z.string().exactOptional(),
});

/**
 * A primitive cell value as a property: its type, its value, the basicType Excel reports for it, the property's
 * metadata, and whatever else its kind documents (a number format).
 */
function primitiveValue<const T extends string, V extends z.ZodType, const B extends string, E extends z.ZodRawShape>(
  type: T,
  basicValue: V,
  basicType: B,
  extra: E,
) {
  return z.strictObject({
    type: z.literal(type),
    basicValue,
    basicType: z.literal(basicType).exactOptional(),
    propertyMetadata: PropertyMetadata.exactOptional(),
    ...extra,
  });
}

const StringCellValue = primitiveValue("String", z.string(), "String", {});
const DoubleCellValue = primitiveValue("Double", z.number().finite(), "Double", {
  numberFormat: z.string().min(1).exactOptional(),
});
const FormattedNumberCellValue = primitiveValue("FormattedNumber", z.number().finite(), "Double", {
  numberFormat: z.string().min(1),
});
const BooleanCellValue = primitiveValue("Boolean", z.boolean(), "Boolean", {});
/** Excel.NotAvailableErrorCellValue: a property that is #N/A (an Index entity the service could not give). */
const NotAvailableCellValue = primitiveValue("Error", z.literal("#N/A").exactOptional(), "Error", {
  errorType: z.literal("NotAvailable"),
});

/**
 * Excel.JavaScriptCustomFunctionReferenceCellValue (ExcelApi 1.19): a reference method, `=A1.History(…)`, calling
 * the custom function `id` of `namespace` with the entity as its first argument. The card view never shows it.
 */
const FunctionReferenceCellValue = z.strictObject({
  type: z.literal("Function"),
  functionType: z.literal("JavaScriptReference"),
  namespace: z.string().min(1),
  id: z.string().min(1),
});

/** Excel.CardLayoutListSection: a titled list of property names, in display order. */
export const CardLayoutSection = z.strictObject({
  layout: z.literal("List"),
  title: z.string().min(1).exactOptional(),
  properties: z.array(z.string().min(1)).min(1),
  collapsible: z.boolean().exactOptional(),
  collapsed: z.boolean().exactOptional(),
});

/** Excel.EntityCardLayout (layout "Entity"), title as text. */
const EntityCardLayout = z.strictObject({
  layout: z.literal("Entity").exactOptional(),
  title: z.string().min(1).exactOptional(),
  sections: z.array(CardLayoutSection).exactOptional(),
});

/** Excel.CellValueProviderAttributes: who supplied the data, with an optional link. */
export const ProviderAttributes = z.strictObject({
  description: z.string().min(1),
  logoSourceAddress: z.url().exactOptional(),
  logoTargetAddress: z.url().exactOptional(),
});

type StringCellValue = z.output<typeof StringCellValue>;
type DoubleCellValue = z.output<typeof DoubleCellValue>;
type FormattedNumberCellValue = z.output<typeof FormattedNumberCellValue>;
type BooleanCellValue = z.output<typeof BooleanCellValue>;
type NotAvailableCellValue = z.output<typeof NotAvailableCellValue>;
export type FunctionReferenceCellValue = z.output<typeof FunctionReferenceCellValue>;
type PropertyMetadata = z.output<typeof PropertyMetadata>;
export type CardLayoutSection = z.output<typeof CardLayoutSection>;
export type ProviderAttributes = z.output<typeof ProviderAttributes>;

/** A property holding one value (no nested entity). */
export type PrimitiveProperty =
  StringCellValue | DoubleCellValue | FormattedNumberCellValue | BooleanCellValue | NotAvailableCellValue;
/** A property of an entity: one of the primitive shapes, a nested entity, or a reference method. */
export type EntityProperty = PrimitiveProperty | EntityCellValue | FunctionReferenceCellValue;

export interface EntityCellValue {
  readonly type: "Entity";
  readonly text: string;
  /** What an Excel without data types shows; read-only in Excel, documented as "#VALUE!" / "Error". */
  readonly basicValue?: "#VALUE!";
  readonly basicType?: "Error";
  readonly properties: Readonly<Record<string, EntityProperty>>;
  readonly layouts?: { readonly card?: z.output<typeof EntityCardLayout> };
  readonly provider?: ProviderAttributes;
}

/** An entity's properties by label; the linked entity (linked-values.ts) has the same. */
export const EntityProperties: z.ZodType<Readonly<Record<string, EntityProperty>>> = z.record(
  z.string().min(1),
  z.lazy(() => EntityPropertySchema),
);
/** Excel.EntityViewLayouts, the card view only. */
export const EntityLayouts = z.strictObject({ card: EntityCardLayout.exactOptional() });

export const EntityCellValue: z.ZodType<EntityCellValue> = z.strictObject({
  type: z.literal("Entity"),
  text: z.string(),
  basicValue: z.literal("#VALUE!").exactOptional(),
  basicType: z.literal("Error").exactOptional(),
  properties: EntityProperties,
  layouts: EntityLayouts.exactOptional(),
  provider: ProviderAttributes.exactOptional(),
});

const EntityPropertySchema: z.ZodType<EntityProperty> = z.union([
  StringCellValue,
  DoubleCellValue,
  FormattedNumberCellValue,
  BooleanCellValue,
  NotAvailableCellValue,
  EntityCellValue,
  FunctionReferenceCellValue,
]);

/** True for an entity cell value (structural: it may come from another realm, or from JSON). */
export function isEntityCellValue(value: unknown): value is EntityCellValue {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "Entity";
}
