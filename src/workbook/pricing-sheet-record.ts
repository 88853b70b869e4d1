import { z } from "zod";
import { readDataFile } from "./data-file";

/**
 * Which sheet the builder made for which watch list, kept in a workbook setting: a second build of the same list
 * finds its sheet by the sheet's id (stable when the user renames the sheet) and replaces what the first wrote (its
 * table, its charts, its cells), never making a second copy. Read as untrusted: the file may come from anyone.
 */
export interface BuiltSheet {
  readonly listId: string;
  /** Excel's worksheet id. */
  readonly sheetId: string;
  readonly table: string;
  /** Every cell the build wrote, cleared by the next. */
  readonly area: string;
  readonly charts: readonly string[];
}

const BuiltSheetRow = z.strictObject({
  listId: z.string().max(64),
  sheetId: z.string().min(1).max(256),
  table: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,254}$/),
  area: z.string().regex(/^[A-Z]{1,3}\d{1,7}(:[A-Z]{1,3}\d{1,7})?$/),
  charts: z.array(z.string().regex(/^[A-Za-z0-9_]{1,255}$/)).max(100),
});

const BuiltSheets = z.strictObject({ version: z.literal(1), sheets: z.array(BuiltSheetRow).max(200) });

/**
 * The sheets built so far. A setting this add-in cannot read (edited by hand, from a later version) counts as none:
 * the next build then makes a new sheet, and the record written after it is readable again.
 */
export function readBuiltSheets(value: unknown): BuiltSheet[] {
  if (typeof value !== "string") return [];
  const read = readDataFile(value, BuiltSheets, "the record of pricing sheets", { maxChars: 200_000, fields: "" });
  return read.ok ? read.value.sheets : [];
}

/** The record's text with `built` in place of any earlier build of its list. */
export function withBuiltSheet(sheets: readonly BuiltSheet[], built: BuiltSheet): string {
  const others = sheets.filter((sheet) => sheet.listId !== built.listId);
  return JSON.stringify({ version: 1, sheets: [...others, built] });
}
