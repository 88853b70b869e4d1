import { definedOnly } from "@index-data/wire";
import type { CellError } from "../cell-error";
import type { EntityCellValue } from "./cell-values";
import { PROVIDER_NAME } from "./card-properties";
import { isLinkedEntityCellValue, type LinkedEntityCellValue, type LinkedEntityId } from "./linked-values";

/**
 * The Index data type: cells that hold a symbol become linked entities of the "index" domain, which Excel
 * (ExcelApi 1.19) refreshes by calling the add-in's load service. This module knows what such a cell holds:
 * the value written to link a symbol, the loaded entity (INDEX.CARD's card, linked), an entity the service could
 * not give, and how a linked entity is recognised.
 */
export const INDEX_DOMAIN = {
  /** Never changes after release: workbooks store it in every Index cell (documented: no "!"). */
  id: "index",
  name: "Index",
  dataProvider: "Index Data",
  /** Excel's reserved service id for every data domain an add-in defines. */
  serviceId: 268436224,
  /** The custom function Excel calls to load entities: the id in functions.json (src/functions/bindings.ts). */
  loadFunctionId: "ENTITYSERVICE",
} as const;

/**
 * The culture written into each entity id. Excel hands it back to the load service unchanged; the card's words and
 * number formats are English whatever the workbook's language, so the id says so.
 */
export const INDEX_ENTITY_CULTURE = "en-US";

/** The fallback an Excel without linked data types shows (documented: set on every write). */
const OLDER_EXCEL = { basicValue: "#VALUE!", basicType: "Error" } as const;

export function indexEntityId(symbol: string, culture: string = INDEX_ENTITY_CULTURE): LinkedEntityId {
  return { entityId: symbol, domainId: INDEX_DOMAIN.id, serviceId: INDEX_DOMAIN.serviceId, culture };
}

/**
 * What Convert to Index writes into a cell: the link and the symbol as the text Excel shows until the load service
 * has answered (documented: without text the cell is blank meanwhile).
 */
export function linkedIndexValue(symbol: string): LinkedEntityCellValue {
  return { type: "LinkedEntity", id: indexEntityId(symbol), text: symbol, ...OLDER_EXCEL };
}

/** True for a cell value linked to the Index domain (read through valuesAsJson). */
export function isIndexLinkedEntity(value: unknown): value is LinkedEntityCellValue {
  return (
    isLinkedEntityCellValue(value) &&
    value.id.domainId === INDEX_DOMAIN.id &&
    value.id.serviceId === INDEX_DOMAIN.serviceId
  );
}

/** INDEX.CARD's entity, linked to `id`: the same properties, card and provider, so both read alike. */
export function linkedCard(card: EntityCellValue, id: LinkedEntityId): LinkedEntityCellValue {
  const { properties, layouts, provider, text } = card;
  return {
    type: "LinkedEntity",
    id,
    text,
    ...OLDER_EXCEL,
    properties,
    // Excel's value shapes are exact (cell-values.ts): a field not given is left out, never undefined.
    ...definedOnly({ layouts, provider }),
  };
}

const NOT_AVAILABLE = { type: "Error", errorType: "NotAvailable", basicValue: "#N/A", basicType: "Error" } as const;

/**
 * An entity the service could not give (unknown symbol, no data, the service down with nothing last-known): the
 * cell shows the symbol and the error code, the card says why in the cell error's words (src/formulas/service-errors.ts),
 * and Value and Price read as #N/A, so `=A1.Price` is #N/A as INDEX.LATEST would be. The rest of the batch is unaffected.
 */
export function indexEntityError(id: LinkedEntityId, error: CellError): LinkedEntityCellValue {
  const symbol = id.entityId;
  // A cell Excel linked with no id at all still says what it is, not a bare code.
  const shown = symbol === "" ? "(no symbol)" : symbol;
  return {
    type: "LinkedEntity",
    id,
    text: `${shown} ${error.code}`,
    ...OLDER_EXCEL,
    properties: {
      Error: { type: "String", basicValue: error.message, basicType: "String" },
      Symbol: { type: "String", basicValue: symbol, basicType: "String" },
      Value: NOT_AVAILABLE,
      Price: { ...NOT_AVAILABLE, propertyMetadata: { excludeFrom: { cardView: true } } },
    },
    layouts: {
      card: {
        title: `${shown} · ${error.code}`,
        sections: [{ layout: "List", properties: ["Error", "Symbol", "Value"] }],
      },
    },
    provider: { description: PROVIDER_NAME },
  };
}

/** What a linked entity shows (text, properties, card, provider) as a plain entity: for pages that draw cards. */
export function linkedAsEntity(value: LinkedEntityCellValue): EntityCellValue {
  return {
    type: "Entity",
    text: value.text ?? value.id.entityId,
    properties: value.properties ?? {},
    ...definedOnly({ layouts: value.layouts, provider: value.provider }),
  };
}
