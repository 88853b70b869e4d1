import { invalidArgument, isCellError, type CellError } from "../cell-error";
import {
  INDEX_DOMAIN,
  indexEntityError,
  indexEntityId,
  linkedCard,
  LinkedEntityLoadServiceRequest,
  type EntityCellValue,
  type LinkedEntityLoadServiceResult,
} from "../entity";
import type { FormulaEnv } from "../evaluate";
import { indexCardEntity } from "./card";

/**
 * The load service of the Index data type, as a pure formula: Excel's batch of entity ids in, one linked entity per
 * id out, in the request's order. Each entity is INDEX.CARD's card for its symbol, built by the same code from the
 * same requests, so the whole batch costs what the formulas cost: one catalogue request and one latest fix per
 * distinct symbol, shared in flight with every INDEX cell asking for the same. A symbol the service does not know,
 * or has no data for, becomes that entity's own error; a service that is down gives last-known cards, marked so.
 */
export async function loadIndexEntities(env: FormulaEnv, request: unknown): Promise<LinkedEntityLoadServiceResult> {
  const batch = parseRequest(request);
  // The load service exists only where Excel has linked data types (ExcelApi 1.19), which shows entities and dates.
  const cardEnv: FormulaEnv = { ...env, caps: { formattedNumbers: true, entities: true } };
  const cards = new Map<string, Promise<EntityCellValue | CellError>>();
  const cardOf = (symbol: string) => {
    let card = cards.get(symbol);
    if (card === undefined) cards.set(symbol, (card = indexCardEntity(cardEnv, symbol)));
    return card;
  };
  const entities = await Promise.all(
    batch.entities.map(async ({ entityId, culture }) => {
      const id = indexEntityId(entityId, culture);
      const card = await cardOf(entityId);
      return isCellError(card) ? indexEntityError(id, card) : linkedCard(card, id);
    }),
  );
  return { entities };
}

/** Excel passes the request as JSON text (documented); an object is taken as it is. Anything else is refused whole. */
function parseRequest(request: unknown): LinkedEntityLoadServiceRequest {
  let value = request;
  if (typeof request === "string") {
    try {
      value = JSON.parse(request);
    } catch {
      value = undefined;
    }
  }
  const parsed = LinkedEntityLoadServiceRequest.safeParse(value);
  if (!parsed.success || parsed.data.domainId !== INDEX_DOMAIN.id) {
    throw invalidArgument(
      "request",
      `a batch of entities of the "${INDEX_DOMAIN.id}" domain, as Excel sends it`,
      typeof request === "string" ? request : undefined,
    );
  }
  return parsed.data;
}
