import { invalidArgument, notAvailable, type CellError } from "../cell-error";
import { INDEX_DOMAIN, INDEX_ENTITY_CULTURE, indexEntityId } from "./index-entity";
import { LinkedEntityLoadServiceRequest, MAX_ENTITY_ID_LENGTH, type LinkedEntityId } from "./linked-values";

/**
 * The bounds of one call of the load service: what a batch may ask, and what is echoed back. Excel passes whatever
 * the workbook holds, and a crafted workbook can hold anything, so none of it may cost more than it is worth.
 */
export const ENTITY_BATCH_LIMITS = {
  /**
   * Entities in one batch; a larger one is refused whole, before any request, saying so. A card is about 3 KB of
   * answer, so the largest answer Excel has to take in is about 15 MB.
   */
  entities: 5_000,
  /** Characters of an entity id echoed back (a symbol has at most 64); a longer id is cut. */
  idLength: MAX_ENTITY_ID_LENGTH,
  /** Characters of a culture echoed back (Windows' LOCALE_NAME_MAX_LENGTH); a longer or empty one is answered as en-US. */
  cultureLength: 85,
  /** Entities handled between two yields to the runtime, so no batch holds it for long. */
  chunk: 500,
} as const;

/** Excel passes the request as JSON text (documented); an object is taken as it is. */
function requestValue(request: unknown): unknown {
  if (typeof request !== "string") return request;
  try {
    return JSON.parse(request);
  } catch {
    // Expected: a request that is not JSON is refused as Excel's own would not be.
    return undefined;
  }
}

/** A request that is not Excel's (not JSON, another domain, no entities): refused whole. */
function notExcels(request: unknown): CellError {
  return invalidArgument(
    "request",
    `a batch of entities of the "${INDEX_DOMAIN.id}" domain, as Excel sends it`,
    typeof request === "string" ? request : undefined,
  );
}

/** A batch over the bound, refused whole: what Excel asked, what the add-in takes, what to do instead. */
function tooMany(count: number): CellError {
  const most = ENTITY_BATCH_LIMITS.entities.toLocaleString("en-US");
  return notAvailable(
    `Excel asked for ${count.toLocaleString("en-US")} Index entities at once; the add-in loads at most ${most} in one batch. Keep fewer cells linked to the Index data type (Convert to text), or use INDEX.CARD formulas for the rest.`,
  );
}

/** The batch Excel asked for, or a refusal of the whole of it (not Excel's request, or over the bound). */
export function parseEntityBatch(request: unknown): LinkedEntityLoadServiceRequest {
  const value = requestValue(request);
  // Counted before every entity is checked: a huge batch is refused at the cost of reading its length.
  const entities = (value as { entities?: unknown } | undefined)?.entities;
  if (Array.isArray(entities) && entities.length > ENTITY_BATCH_LIMITS.entities) throw tooMany(entities.length);
  const parsed = LinkedEntityLoadServiceRequest.safeParse(value);
  if (!parsed.success || parsed.data.domainId !== INDEX_DOMAIN.id) throw notExcels(request);
  return parsed.data;
}

/**
 * The id an entity is answered under: Excel's own, as asked, within the bounds. An id too long (no symbol is) is cut
 * and loses any "!" (documented: not in ids); a culture that is empty or too long is answered as the card's own,
 * en-US. Nothing Excel sent is echoed at a length it was not worth.
 */
export function answeredId(entityId: string, culture: string): LinkedEntityId {
  const id =
    entityId.length <= ENTITY_BATCH_LIMITS.idLength && !entityId.includes("!")
      ? entityId
      : entityId.replaceAll("!", "").slice(0, ENTITY_BATCH_LIMITS.idLength);
  const fits = culture !== "" && culture.length <= ENTITY_BATCH_LIMITS.cultureLength;
  return indexEntityId(id, fits ? culture : INDEX_ENTITY_CULTURE);
}
