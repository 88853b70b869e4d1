import { parseIso } from "@index-data/wire/time";
import { dateCellFromMs } from "../cells";
import type { CardLayoutSection, EntityCellValue, EntityProperty, PrimitiveProperty } from "./cell-values";
import {
  CARD_PROPERTIES,
  CARD_SECTIONS,
  COVERAGE_LABEL,
  COVERAGE_PROPERTIES,
  PROPERTY_KINDS,
  PROVIDER_NAME,
  readSource,
  STALE_MARK,
  type CardProperty,
  type CardRecord,
} from "./card-properties";
import { referenceMethodProperties } from "./reference-methods";

/**
 * The entity INDEX.CARD returns: every property the service sent (or those `labels` names), laid out as a card, and
 * with `methods` (ExcelApi 1.19) the reference methods, `=A1.History(…)`, which the card view never lists.
 */
export function buildCardEntity(record: CardRecord, labels?: ReadonlySet<string>, methods = false): EntityCellValue {
  const wanted = (label: string) => labels === undefined || labels.has(label);
  const properties: Record<string, EntityProperty> = propertiesOf(
    CARD_PROPERTIES.filter((p) => wanted(p.label)),
    record,
  );
  if (wanted(COVERAGE_LABEL)) properties[COVERAGE_LABEL] = coverageEntity(record);
  const { symbol, value } = record.fix;
  return {
    type: "Entity",
    text: `${symbol} ${value.toFixed(4)}`,
    properties: methods ? { ...properties, ...referenceMethodProperties() } : properties,
    layouts: { card: { title: cardTitle(record), sections: sectionsOf(properties) } },
    provider: { description: PROVIDER_NAME },
  };
}

/** "symbol · name"; a last-known fix says so in the title, the first line a trader reads on the card. */
function cardTitle(record: CardRecord): string {
  const { symbol } = record.fix;
  const name = record.entry?.description;
  const title = name !== undefined && name !== "" ? `${symbol} · ${name}` : symbol;
  return record.stale ? `${title} · ${STALE_MARK}` : title;
}

/** The nested "Data coverage" entity: what the fix was computed from. */
function coverageEntity(record: CardRecord): EntityCellValue {
  const properties = propertiesOf(COVERAGE_PROPERTIES, record);
  const { contributors } = record.fix.dataCoverage;
  return {
    type: "Entity",
    text: `${contributors} ${contributors === 1 ? "contributor" : "contributors"}`,
    properties,
    layouts: { card: { title: COVERAGE_LABEL, sections: [{ layout: "List", properties: Object.keys(properties) }] } },
  };
}

function propertiesOf(table: readonly CardProperty[], record: CardRecord): Record<string, EntityProperty> {
  const properties: Record<string, EntityProperty> = {};
  for (const property of table) {
    const cell = propertyCell(property, readSource(record, property.source), record.fix.unit);
    if (cell !== undefined)
      properties[property.label] =
        property.shown === "formulas" ? { ...cell, propertyMetadata: HIDDEN_FROM_CARD } : cell;
  }
  return properties;
}

/** An alias a formula reads but the card view leaves out (Excel.CellValuePropertyMetadata). */
const HIDDEN_FROM_CARD = { excludeFrom: { cardView: true } } as const;

/** One property's cell value by its kind; `undefined` (not sent) leaves it out, `null` (sent empty) is empty text. */
function propertyCell(property: CardProperty, raw: unknown, unit: string): PrimitiveProperty | undefined {
  if (raw === undefined) return undefined;
  if (raw === null) return { type: "String", basicValue: "", basicType: "String" };
  const kind = PROPERTY_KINDS[property.kind];
  if (kind.cell === "Boolean" && typeof raw === "boolean")
    return { type: "Boolean", basicValue: raw, basicType: "Boolean" };
  if (kind.cell === "FormattedNumber" && typeof raw === "string") return dateProperty(raw);
  if (kind.cell === "Double" && typeof raw === "number") {
    // A price carries its unit in the format, so the card reads "1.6508 USD/kg" while the value stays a number.
    const numberFormat =
      property.kind === "price" ? `${kind.numberFormat} "${unit.replace(/"/g, "")}"` : kind.numberFormat;
    return { type: "Double", basicValue: raw, basicType: "Double", numberFormat };
  }
  return { type: "String", basicValue: typeof raw === "string" ? raw : JSON.stringify(raw), basicType: "String" };
}

/** A service timestamp as a real Excel date; text that is not a timestamp is shown as sent. */
function dateProperty(iso: string): PrimitiveProperty {
  const ms = parseIso(iso);
  if (ms === undefined) return { type: "String", basicValue: iso, basicType: "String" };
  const cell = dateCellFromMs(ms, { formattedNumbers: true });
  if (typeof cell === "number")
    return {
      type: "FormattedNumber",
      basicValue: cell,
      basicType: "Double",
      numberFormat: PROPERTY_KINDS.date.numberFormat,
    };
  return { type: "FormattedNumber", basicValue: cell.basicValue, basicType: "Double", numberFormat: cell.numberFormat };
}

/** The card's sections in reading order, each listing the properties present; an empty section is left out. */
function sectionsOf(properties: Readonly<Record<string, EntityProperty>>): CardLayoutSection[] {
  const onCard = CARD_PROPERTIES.filter((p) => p.shown !== "formulas");
  const sectionOf = new Map<string, string>([
    ...onCard.map((p) => [p.label, p.section] as const),
    [COVERAGE_LABEL, "Coverage"],
  ]);
  return CARD_SECTIONS.flatMap((title) => {
    const names = Object.keys(properties).filter((label) => sectionOf.get(label) === title);
    return names.length > 0 ? [{ layout: "List" as const, title, properties: names }] : [];
  });
}
