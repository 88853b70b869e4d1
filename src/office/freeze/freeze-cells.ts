import { constantEntry } from "../../workbook";
import { anchorRange } from "./freeze-settle";
import type { IndexCell } from "../refresh/scope-ranges";

/**
 * What an INDEX formula shows, read once, and written back as constants that hold exactly that: text as text,
 * errors as the error constants, numbers with their number formats (a date a function returned as a formatted
 * number keeps its date format), and cards (entities, and linked entities a later data type may return) as
 * cards with every property and their card layout, no longer linked to any service.
 */
export interface ShownBlock {
  readonly cell: IndexCell;
  readonly anchor: Excel.Range;
  /** The spill, or a null object when the formula shows one value. */
  readonly spill: Excel.Range;
  /** valuesAsJson (ExcelApi 1.16) was read: data types can be kept. */
  readonly readsJson: boolean;
}

type Json = Readonly<Record<string, unknown>>;

/** Queues the loads of one anchor and its spill (read at the next sync). */
export function loadShown(context: Excel.RequestContext, cell: IndexCell, readsJson: boolean): ShownBlock {
  const anchor = anchorRange(context, cell.address);
  const spill = anchor.getSpillingToRangeOrNullObject();
  anchor.load(
    readsJson
      ? "address,values,valueTypes,numberFormat,formulasR1C1,valuesAsJson"
      : "address,values,valueTypes,numberFormat,formulasR1C1",
  );
  // valuesAsJson is a scalar property (ExcelApi 1.16), which the plugin's property list predates.
  // eslint-disable-next-line office-addins/no-navigational-load
  if (readsJson) spill.load("address,values,valueTypes,numberFormat,valuesAsJson");
  else spill.load("address,values,valueTypes,numberFormat");
  return { cell, anchor, spill, readsJson };
}

/** The cells the formula shows: its spill, or its own cell. */
export function shownRange(block: ShownBlock): Excel.Range {
  return block.spill.isNullObject ? block.anchor : block.spill;
}

function typeOf(json: unknown): string | undefined {
  const type = typeof json === "object" && json !== null ? (json as { type?: unknown }).type : undefined;
  return typeof type === "string" ? type : undefined;
}

/** A card of any kind (an entity, or a linked entity), which freezing keeps as a card. */
export function isCardJson(json: unknown): json is Json {
  const type = typeOf(json);
  return type === "Entity" || type === "LinkedEntity";
}

/**
 * The card as a plain entity: its text, properties, layouts and provider kept; a linked entity's id dropped (it
 * would ask its service again), nested linked cards likewise; the read-only basic type and value left to Excel.
 */
function unlinkedCard(json: Json): Json {
  const { type: _type, basicType: _basicType, basicValue: _basicValue, id: _id, properties, ...rest } = json;
  const kept: Record<string, unknown> = {};
  for (const [name, property] of Object.entries((properties ?? {}) as Json))
    kept[name] = isCardJson(property) ? unlinkedCard(property) : property;
  return { ...rest, type: "Entity", properties: kept };
}

/** The number format a cell shows: a formatted number's own (the cell itself says General), else the cell's. */
function shownFormat(format: unknown, json: unknown): unknown {
  if (typeOf(json) !== "FormattedNumber" || (format !== "General" && format !== "")) return format;
  return (json as { numberFormat?: unknown }).numberFormat ?? format;
}

/** Writes the block back as constants (queued: applied at the next sync). Returns how many cards it kept. */
export function writeFrozen(block: ShownBlock): number {
  const range = shownRange(block);
  const json = block.readsJson ? range.valuesAsJson : undefined;
  const types = range.valueTypes;
  // Values over the whole range replace the anchor's formula and so its spill; then formats, then cards.
  range.values = range.values.map((row, r) => row.map((value: unknown, c) => constantEntry(value, types[r]?.[c])));
  range.numberFormat = range.numberFormat.map((row, r) =>
    row.map((format: unknown, c) => shownFormat(format, json?.[r]?.[c])),
  );
  let cards = 0;
  json?.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (!isCardJson(cell)) return;
      range.getCell(r, c).valuesAsJson = [[unlinkedCard(cell) as unknown as Excel.CellValue]];
      cards += 1;
    }),
  );
  return cards;
}

/** The values for the receipt's reader: as Range.values reads them, a card as its text. */
export function shownValues(block: ShownBlock): unknown[][] {
  const range = shownRange(block);
  const json = block.readsJson ? range.valuesAsJson : undefined;
  return range.values.map((row, r) =>
    row.map((value: unknown, c) => {
      const cell = json?.[r]?.[c];
      return isCardJson(cell) ? (cell["text"] ?? value) : value;
    }),
  );
}
