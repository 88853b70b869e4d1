import {
  buildCardEntity,
  cardLines,
  catalogueEntry,
  type EntityCellValue,
  type EntityProperty,
  propertyText,
  shownOnCard,
} from "../formulas";
import type { CommandContext } from "./command-context";
import { answer } from "./service-call";
import { symbolArgument } from "./usage";

/** One printed line of `index-data card`: the property's label on the card (nested ones after their entity's) and its text. */
export interface CardRow {
  readonly label: string;
  readonly value: string;
}

/** A line of `card --csv`: the value as data a spreadsheet reads (a number, a date, TRUE/FALSE), and the card's text. */
export interface CardCsvRow {
  readonly label: string;
  readonly value: string | number | boolean;
  readonly text: string;
}

/**
 * `index-data card SYM`: INDEX.CARD's entity, built by the same builder from the same property table, so the
 * properties, their order and their names are the card's. `--json` prints the entity itself; otherwise label/value
 * rows, values as the card shows them (prices to 4 decimals with the unit, dates as yyyy-mm-dd).
 */
export async function runCard(context: CommandContext): Promise<EntityCellValue | CardRow[] | CardCsvRow[]> {
  const symbol = symbolArgument(context.args.positionals, "card");
  const { env } = context;
  const [{ data: fix, meta }, entry] = await Promise.all([
    answer(env, "latest", [symbol]),
    catalogueEntry(env, symbol),
  ]);
  const entity = buildCardEntity({ fix, stale: meta.servedStale, entry });
  if (context.args.json) return entity;
  return context.args.csv ? cardCsvRows(entity) : cardRows(entity);
}

function cardRows(entity: EntityCellValue): CardRow[] {
  let parent = "";
  return cardLines(entity).map((line) => {
    if (line.depth === 0) parent = line.label;
    return { label: line.depth === 0 ? line.label : `${parent}: ${line.label}`, value: line.text };
  });
}

/** The property's value as data: numbers as numbers (33.5% is 0.335), dates and text as the card shows them. */
function dataOf(property: EntityProperty): string | number | boolean {
  if (property.type === "Boolean") return property.basicValue;
  if (property.type === "Double" || property.type === "FormattedNumber") {
    const format = property.type === "FormattedNumber" ? property.numberFormat : undefined;
    return format?.startsWith("yyyy-mm-dd") === true ? propertyText(property) : property.basicValue;
  }
  return propertyText(property);
}

function cardCsvRows(entity: EntityCellValue, parent = ""): CardCsvRow[] {
  return Object.entries(entity.properties)
    .filter(([, property]) => shownOnCard(property))
    .flatMap(([label, property]) => {
      const name = parent === "" ? label : `${parent}: ${label}`;
      const row = { label: name, value: dataOf(property), text: propertyText(property) };
      return property.type === "Entity" ? [row, ...cardCsvRows(property, label)] : [row];
    });
}
