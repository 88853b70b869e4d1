import { z } from "zod";
import {
  EntityLayouts,
  EntityProperties,
  ProviderAttributes,
  type EntityCellValue,
  type EntityProperty,
} from "./cell-values";

/**
 * The shapes Microsoft documents for linked data types (ExcelApi 1.19): Excel.LinkedEntityId,
 * LinkedEntityCellValue, and the load service's LinkedEntityLoadServiceRequest and LinkedEntityLoadServiceResult.
 * Declared once, strictly where we write (a misspelt key would be dropped by Excel without a word), loosely where
 * Excel writes to us (the request may carry fields a later Excel adds).
 */

/** The longest entity id a linked value holds: twice the longest symbol; the load service cuts a longer one. */
export const MAX_ENTITY_ID_LENGTH = 128;

/** Documented: "Don't use exclamation marks in the entityId or domainId values." */
const noExclamation = (text: string) => !text.includes("!");
const EXCLAMATION = { message: "no exclamation mark in a linked entity id" } as const;

/**
 * Excel.LinkedEntityId: which service, domain and entity, and the culture it was created in. The entity id may be
 * empty: the load service answers whatever id Excel asked about, and an empty one gets its own error entity.
 */
export const LinkedEntityId = z.strictObject({
  serviceId: z.number().int(),
  domainId: z.string().min(1).refine(noExclamation, EXCLAMATION).exactOptional(),
  entityId: z.string().max(MAX_ENTITY_ID_LENGTH).refine(noExclamation, EXCLAMATION),
  culture: z.string().min(1),
});
export type LinkedEntityId = z.output<typeof LinkedEntityId>;

/** Excel.LinkedEntityCellValue: what a converted cell holds, and what the load service answers for each entity. */
export interface LinkedEntityCellValue {
  readonly type: "LinkedEntity";
  readonly id: LinkedEntityId;
  readonly text?: string;
  /** What an Excel without linked data types shows: documented as "#VALUE!" / "Error", set on every write. */
  readonly basicValue?: "#VALUE!";
  readonly basicType?: "Error";
  readonly properties?: Readonly<Record<string, EntityProperty>>;
  readonly layouts?: EntityCellValue["layouts"];
  readonly provider?: EntityCellValue["provider"];
}

export const LinkedEntityCellValue: z.ZodType<LinkedEntityCellValue> = z.strictObject({
  type: z.literal("LinkedEntity"),
  id: LinkedEntityId,
  text: z.string().exactOptional(),
  basicValue: z.literal("#VALUE!").exactOptional(),
  basicType: z.literal("Error").exactOptional(),
  properties: EntityProperties.exactOptional(),
  layouts: EntityLayouts.exactOptional(),
  provider: ProviderAttributes.exactOptional(),
});

/** Excel.LinkedEntityLoadServiceRequest: a batch of entities of one domain, as Excel sends it. */
export const LinkedEntityLoadServiceRequest = z.looseObject({
  domainId: z.string(),
  entities: z.array(z.looseObject({ entityId: z.string(), culture: z.string() })),
});
export type LinkedEntityLoadServiceRequest = z.output<typeof LinkedEntityLoadServiceRequest>;

/** Excel.LinkedEntityLoadServiceResult: one entity per requested one, in the request's order. */
export const LinkedEntityLoadServiceResult = z.strictObject({ entities: z.array(LinkedEntityCellValue) });
export type LinkedEntityLoadServiceResult = z.output<typeof LinkedEntityLoadServiceResult>;

/** True for a linked entity cell value (structural: it may come from valuesAsJson, or from another realm). */
export function isLinkedEntityCellValue(value: unknown): value is LinkedEntityCellValue {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as { type?: unknown; id?: unknown };
  return candidate.type === "LinkedEntity" && typeof candidate.id === "object" && candidate.id !== null;
}
