import type { IndexSummary } from "@index-data/wire";
import { flattenList, isOmitted } from "../arguments";
import { invalidArgument, isCellError, type CellError } from "../cell-error";
import type { ExcelCapabilities, FormulaResult } from "../cells";
import { buildCardEntity, CARD_LABELS, type EntityCellValue } from "../entity";
import { evaluate, load, type FormulaEnv } from "../evaluate";
import { parseSymbol } from "../arguments";
import { indexLatest } from "./latest";

/** Entities need CustomFunctionsRuntime 1.4, as formatted numbers do; a host may say otherwise. */
function showsEntities(caps: ExcelCapabilities): boolean {
  return caps.entities ?? caps.formattedNumbers;
}

/**
 * INDEX.CARD(symbol, [fields]): the latest fix as an Excel entity (a card with its provenance). On a host
 * without data types it is the plain latest value, exactly as INDEX.LATEST(symbol) gives it.
 */
export function indexCard(
  env: FormulaEnv,
  symbolArg: unknown,
  fieldsArg: unknown,
): Promise<FormulaResult | EntityCellValue> {
  return evaluate(env, CARD_SUBJECT, () => {
    const symbol = parseSymbol(symbolArg);
    const labels = parseCardFields(fieldsArg);
    if (!showsEntities(env.caps)) return () => indexLatest(env, symbol, undefined);
    return async () => asResult(await cardEntity(env, symbol, labels));
  });
}

/**
 * The whole card of a symbol, or the error INDEX.CARD's cell would show for it, under the same settle bound: the
 * Index data type's load service builds each entity with this, so a linked entity and INDEX.CARD read alike.
 */
export async function indexCardEntity(env: FormulaEnv, symbolArg: unknown): Promise<EntityCellValue | CellError> {
  const result = await evaluate(env, CARD_SUBJECT, () => {
    const symbol = parseSymbol(symbolArg);
    return async () => asResult(await cardEntity(env, symbol));
  });
  return isCellError(result) ? result : (result as unknown as EntityCellValue);
}

const CARD_SUBJECT = "the index card";

/** evaluate() is typed for plain results; the entity passes through it untouched. */
function asResult(entity: EntityCellValue): FormulaResult {
  return entity as unknown as FormulaResult;
}

/** The entity for a symbol: one latest-fix request (shared with INDEX.LATEST and INDEX.FIX), plus the catalogue entry. */
async function cardEntity(env: FormulaEnv, symbol: string, labels?: ReadonlySet<string>): Promise<EntityCellValue> {
  const [served, entry] = await Promise.all([load(env, "latest", [symbol]), catalogueEntry(env, symbol)]);
  const record = { fix: served.data, stale: served.meta.servedStale, entry };
  return buildCardEntity(record, labels, env.caps.referenceMethods === true);
}

/**
 * The catalogue only adds names; a failing catalogue leaves those properties out rather than failing the card, and
 * the failure is kept in the runtime's diagnostics.
 */
export async function catalogueEntry(env: FormulaEnv, symbol: string): Promise<IndexSummary | undefined> {
  try {
    const catalogue = await env.source.listIndexes();
    return catalogue.data.find((row) => row.symbol === symbol);
  } catch (error) {
    env.diagnostics?.note({ where: "card: the catalogue's names", error });
    return undefined;
  }
}

function normaliseLabel(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, "");
}

/** `fields`: property labels as a list ("Value, Confidence") or a range; omitted or blank: every property. */
function parseCardFields(value: unknown): ReadonlySet<string> | undefined {
  if (isOmitted(value)) return undefined;
  const items = flattenList(value).filter(
    (item) => !(isOmitted(item) || (typeof item === "string" && item.trim() === "")),
  );
  if (items.length === 0) return undefined;
  const labels = items.map((item) => {
    const wanted = typeof item === "string" ? normaliseLabel(item) : undefined;
    const label = CARD_LABELS.find((candidate) => normaliseLabel(candidate) === wanted);
    if (label === undefined)
      throw invalidArgument(
        "fields",
        `use property names of the card: ${CARD_LABELS.map((l) => `"${l}"`).join(", ")}`,
        item,
      );
    return label;
  });
  return new Set(labels);
}
