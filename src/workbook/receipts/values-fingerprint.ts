/**
 * What restore compares a frozen block with: a SHA-256 of what its cells hold, kept in the receipt instead of
 * comparing the receipt's JSON (a five-year history is longer than a cell can hold). The hash is of a
 * projection that every host reads the same way: each cell's basic value (Range.values), and for a card
 * (an entity, read through valuesAsJson) its text and the basic values of its properties, nested cards
 * included. Number formats and layout are not part of it: reformatting a frozen cell does not block restore.
 */
import { sha256Hex } from "@index-data/wire";

/** A cell's data type as the fingerprint sees it, or the basic value when it is none. */
function projectCell(basic: unknown, json: unknown): unknown {
  if (!isCard(json)) return basic;
  return ["card", json.text ?? "", projectProperties(json.properties)];
}

function isCard(
  json: unknown,
): json is { readonly text?: string; readonly properties?: Readonly<Record<string, unknown>> } {
  const type = typeof json === "object" && json !== null ? (json as { type?: unknown }).type : undefined;
  return type === "Entity" || type === "LinkedEntity";
}

function projectProperties(properties: Readonly<Record<string, unknown>> | undefined): unknown {
  const entries = Object.entries(properties ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.map(([name, property]) => [name, projectProperty(property)]);
}

function projectProperty(property: unknown): unknown {
  if (isCard(property)) return ["card", property.text ?? "", projectProperties(property.properties)];
  if (typeof property !== "object" || property === null) return property;
  const { type, basicValue, elements } = property as { type?: unknown; basicValue?: unknown; elements?: unknown };
  if (Array.isArray(elements))
    return [type, elements.map((row: unknown) => (Array.isArray(row) ? row.map(projectProperty) : row))];
  return [type, basicValue];
}

/**
 * The fingerprint of a block: "values-sha256:<hex>" from Range.values alone, or "cards-sha256:<hex>" when
 * valuesAsJson was read too (cards then count by their properties). The prefix tells restore what to read.
 */
export async function blockFingerprint(
  values: readonly (readonly unknown[])[],
  json?: readonly (readonly unknown[])[],
): Promise<string> {
  const cells = values.map((row, r) => row.map((basic, c) => projectCell(basic, json?.[r]?.[c])));
  return `${json === undefined ? "values" : "cards"}-sha256:${sha256Hex(JSON.stringify(cells))}`;
}

/** True when a fingerprint was taken with valuesAsJson (restore must read it too). */
export function fingerprintNeedsJson(fingerprint: string): boolean {
  return fingerprint.startsWith("cards-sha256:");
}
