import { parseSymbol } from "../arguments";
import { isCellError, type CellError } from "../cell-error";
import {
  answeredId,
  ENTITY_BATCH_LIMITS,
  indexEntityError,
  linkedCard,
  parseEntityBatch,
  type EntityCellValue,
  type LinkedEntityId,
  type LinkedEntityLoadServiceResult,
} from "../entity";
import { evaluate, type FormulaEnv } from "../evaluate";
import { unlistedSymbolError } from "../service-errors";
import { indexCardEntity } from "./card";

/**
 * The load service of the Index data type, as a pure formula: Excel's batch of entity ids in, one linked entity per
 * id out, in the request's order. Each entity is INDEX.CARD's card for its symbol, built by the same code from the
 * same requests, and each distinct symbol's card is built once. The batch costs its request minimum: the catalogue (which
 * INDEX.CARD reads for names anyway, and which refuses every symbol it lacks without a request for each), then one
 * latest fix per distinct listed symbol, shared in flight with every INDEX cell asking for the same. An id that is
 * no symbol, or that the catalogue lacks, is that entity's own error; a service that is down gives last-known cards,
 * marked so. The work is done in chunks that give the runtime back between them (ENTITY_BATCH_LIMITS).
 */
export async function loadIndexEntities(env: FormulaEnv, request: unknown): Promise<LinkedEntityLoadServiceResult> {
  const batch = parseEntityBatch(request);
  // The load service exists only where Excel has linked data types (ExcelApi 1.19), which shows entities and dates.
  const cardEnv: FormulaEnv = { ...env, caps: { formattedNumbers: true, entities: true } };
  const listed = await listedSymbols(env);
  const cards = new Map<string, Promise<EntityCellValue | CellError>>();
  const planned = await inChunks(batch.entities, ({ entityId, culture }) => {
    const id = answeredId(entityId, culture);
    const symbol = symbolOrError(entityId);
    if (isCellError(symbol)) return indexEntityError(id, symbol);
    if (listed !== undefined && !listed.set.has(symbol))
      return indexEntityError(id, unlistedSymbolError(symbol, listed.symbols, "latest fix"));
    if (!cards.has(symbol)) cards.set(symbol, indexCardEntity(cardEnv, symbol));
    return { id, symbol } satisfies PendingEntity;
  });
  const built = new Map<string, EntityCellValue | CellError>();
  await Promise.all([...cards].map(async ([symbol, card]) => built.set(symbol, await card)));
  const entities = await inChunks(planned, (entity) => {
    if (!("symbol" in entity)) return entity;
    const card = built.get(entity.symbol) as EntityCellValue | CellError;
    return isCellError(card) ? indexEntityError(entity.id, card) : linkedCard(card, entity.id);
  });
  return { entities };
}

/** An entity whose card is still to come: its answered id and its symbol. */
interface PendingEntity {
  readonly id: LinkedEntityId;
  readonly symbol: string;
}

/** The symbol an id names, or why it names none (empty, too long, characters no symbol has): no one is asked. */
function symbolOrError(entityId: string): string | CellError {
  try {
    return parseSymbol(entityId, "entity id");
  } catch (error) {
    return error as CellError;
  }
}

/**
 * The catalogue's symbols, read once for the batch (the engine holds it, or asks for it once, as the cards need it
 * for names); undefined when it cannot be had, and then each symbol is asked for, so the service says which it lacks.
 */
async function listedSymbols(env: FormulaEnv): Promise<{ set: ReadonlySet<string>; symbols: string[] } | undefined> {
  let symbols: string[] | undefined;
  // Under the formulas' settle bound, as every read of the load service is.
  await evaluate(env, "the index list", () => async () => {
    symbols = (await env.source.listIndexes()).data.map((entry) => entry.symbol);
    return "";
  });
  return symbols === undefined ? undefined : { set: new Set(symbols), symbols };
}

/** Gives the runtime back (a macrotask turn), so a large batch never holds it between two chunks. */
function yieldToRuntime(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** `items` mapped by `each`, ENTITY_BATCH_LIMITS.chunk at a time, with a yield to the runtime between chunks. */
async function inChunks<T, R>(items: readonly T[], each: (item: T) => R): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < items.length; start += ENTITY_BATCH_LIMITS.chunk) {
    if (start > 0) await yieldToRuntime();
    for (const item of items.slice(start, start + ENTITY_BATCH_LIMITS.chunk)) out.push(each(item));
  }
  return out;
}
