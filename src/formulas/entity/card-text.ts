import { serialToIso } from "../dates";
import type { EntityCellValue, EntityProperty } from "./cell-values";

/**
 * Entity properties as the text Excel's card shows, for the places that are not Excel (the preview and the
 * CLI). It reads only the number formats the card table uses: fixed decimals, thousands separators, a
 * percentage, a quoted suffix, and the date formats of src/formulas/cells.ts (read in UTC).
 */

/** One line of a card in reading order; a nested entity's properties follow it one level deeper. */
interface CardLine {
  readonly label: string;
  readonly text: string;
  readonly depth: number;
}

export function cardLines(entity: EntityCellValue, depth = 0): CardLine[] {
  return Object.entries(entity.properties)
    .filter(([, property]) => shownOnCard(property))
    .flatMap(([label, property]) =>
      property.type === "Entity"
        ? [{ label, text: property.text, depth }, ...cardLines(property, depth + 1)]
        : [{ label, text: propertyText(property), depth }],
    );
}

/** False for a property the card view leaves out (an alias such as Price, read only by formulas; a method). */
export function shownOnCard(property: EntityProperty): boolean {
  if (property.type === "Function") return false;
  return property.type === "Entity" || property.propertyMetadata?.excludeFrom?.cardView !== true;
}

export function propertyText(property: EntityProperty): string {
  switch (property.type) {
    case "String":
      return property.basicValue;
    case "Boolean":
      return property.basicValue ? "TRUE" : "FALSE";
    case "Entity":
      return property.text;
    case "Error":
      return "#N/A";
    case "Function":
      return `=${property.namespace}.${property.id}`;
    default:
      return numberText(property.basicValue, property.numberFormat);
  }
}

/** A number in one of the card's formats; without a format, as JavaScript writes it. */
export function numberText(value: number, numberFormat: string | undefined): string {
  if (numberFormat === undefined) return String(value);
  if (numberFormat.startsWith("yyyy-mm-dd")) return dateText(value, numberFormat);
  const suffix = /"([^"]*)"\s*$/.exec(numberFormat)?.[1];
  const pattern = numberFormat.replace(/\s*"[^"]*"\s*$/, "");
  const percent = pattern.endsWith("%");
  const decimals = /\.(0+)/.exec(pattern)?.[1]?.length ?? 0;
  const scaled = percent ? value * 100 : value;
  const digits = pattern.includes(",")
    ? scaled.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
    : scaled.toFixed(decimals);
  return `${digits}${percent ? "%" : ""}${suffix !== undefined ? ` ${suffix}` : ""}`;
}

function dateText(serial: number, numberFormat: string): string {
  const iso = serialToIso(serial);
  if (numberFormat === "yyyy-mm-dd") return iso.slice(0, 10);
  return iso.slice(0, numberFormat.endsWith(".000") ? 23 : 19).replace("T", " ");
}
