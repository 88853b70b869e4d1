import {
  frozenIndexSymbol,
  isIndexLinkedEntity,
  relinkIndexEntity,
  unlinkIndexEntity,
  type LinkedEntityCellValue,
} from "../../formulas";
import { nameBlock, newBlockName } from "./frozen-block";
import { eachCellOf } from "../../workbook";

/**
 * Freezing keeps Index entities (the Index data type's linked cells) as it keeps INDEX.CARD cells: each becomes a
 * plain entity with its text, properties and card, no longer linked (so a reader without the add-in sees the same
 * card, and `=A1.Price` still reads), in a named block with a receipt row whose formula column names the symbol
 * (`indexEntityFormula`). Restore links it again from that symbol.
 */

/** What the receipt's formula column holds for a frozen Index entity: no formula, the symbol to link again. */
const ENTITY_PREFIX = "Index data type: ";

export function indexEntityFormula(symbol: string): string {
  return `${ENTITY_PREFIX}${symbol}`;
}

/** The symbol of a receipt row that froze an Index entity, else undefined. */
export function indexEntitySymbol(formula: string): string | undefined {
  return formula.startsWith(ENTITY_PREFIX) ? formula.slice(ENTITY_PREFIX.length) : undefined;
}

/** A linked Index entity of the scope, as read. */
interface IndexEntityCell {
  readonly address: string;
  readonly cell: Excel.Range;
  readonly value: LinkedEntityCellValue;
}

/** A linked Index entity, frozen in place: its block's name and what the receipt says of it. */
export interface FrozenEntity {
  readonly address: string;
  readonly symbol: string;
  readonly text: string;
  readonly name: string;
  readonly cell: Excel.Range;
}

/** The linked Index entities of `ranges`, read with their valuesAsJson (ExcelApi 1.16) in one sync. */
export async function indexEntitiesIn(
  context: Excel.RequestContext,
  ranges: readonly Excel.Range[],
): Promise<IndexEntityCell[]> {
  ranges.forEach((range) => range.load("address,valuesAsJson"));
  await context.sync();
  const found: IndexEntityCell[] = [];
  for (const range of ranges) {
    eachCellOf<unknown>(range.address, range.valuesAsJson, (value, address, r, c) => {
      if (isIndexLinkedEntity(value)) found.push({ address, cell: range.getCell(r, c), value });
    });
  }
  return found;
}

/**
 * Freezes the entities (queued): every block name first (were one refused, the batch stops before any cell
 * changes), then each unlinked entity through valuesAsJson, read back in the same batch for the fingerprint.
 */
export function freezeIndexEntities(
  context: Excel.RequestContext,
  entities: readonly IndexEntityCell[],
): FrozenEntity[] {
  const named = entities.flatMap(({ address, cell, value }) => {
    const frozen = unlinkIndexEntity(value);
    if (frozen === undefined) return [];
    const name = newBlockName();
    nameBlock(context, name, cell, indexEntityFormula(value.id.entityId));
    return [{ address, symbol: value.id.entityId, text: frozen.text, name, cell, frozen }];
  });
  return named.map(({ frozen, ...entity }) => {
    entity.cell.valuesAsJson = [[frozen as unknown as Excel.CellValue]];
    entity.cell.load("address,values,valuesAsJson");
    return entity;
  });
}

/**
 * What restore writes into a frozen Index entity's cell: the link again, from the symbol the frozen card carries, or
 * undefined when the cell no longer holds a frozen Index entity of that symbol.
 */
export function relinkedEntity(current: unknown, symbol: string): Excel.CellValue | undefined {
  if (frozenIndexSymbol(current) !== symbol) return undefined;
  return relinkIndexEntity(current) as unknown as Excel.CellValue | undefined;
}
