import { z } from "zod";
import { checkTemplate, TemplateFile, type PricingTemplate } from "./template";
import { readDataFile } from "./data-file";

const Id = z.string().min(1).max(256);

/** One sheet as the record keeps it, its template by its place in the record's `templates`. */
const BuiltSheetRow = z
  .strictObject({
    listId: z.string().max(64),
    /** Excel's worksheet id. */
    sheetId: Id,
    /** Excel's table id. */
    tableId: Id,
    /** The sheet's top-left cell, zero-based (the plan's origin). */
    origin: z
      .strictObject({ row: z.number().int().min(0).max(1_048_575), column: z.number().int().min(0).max(16_383) })
      .readonly(),
    symbols: z.array(z.string().max(64)).min(1).max(200).readonly(),
    template: z.number().int().min(0),
    /** Excel's chart ids, one per charted panel, in order. */
    charts: z.array(Id).max(100).readonly(),
    /** Excel's conditional-format ids. */
    rules: z.array(Id).max(1000).readonly(),
  })
  .readonly();

/**
 * Which sheet the builder made for which watch list, and what it made there, kept in a workbook setting. Everything
 * is found again by the id Excel gives it, never by a name a trader can change: the worksheet's id, the table's id,
 * each chart's id and each conditional format's id. Beside them, what the build wrote from (the template, the symbols
 * in order, the origin), from which the builder knows exactly which cells are its own. Read as untrusted: the file
 * may come from anyone; a record this version cannot read is replaced by the next build, which then starts a new
 * sheet and leaves the old one as it is. One sheet: its row in the record, with the template it was built from.
 */
export type BuiltSheet = Omit<z.infer<typeof BuiltSheetRow>, "template"> & { readonly template: PricingTemplate };

const BuiltSheets = z.strictObject({
  version: z.literal(2),
  templates: z.array(TemplateFile).max(200),
  sheets: z.array(BuiltSheetRow).max(200),
});

export type BuiltSheetsReading =
  { readonly readable: true; readonly sheets: readonly BuiltSheet[] } | { readonly readable: false };

/** The sheets built so far (none without a setting), or that the setting cannot be read (edited, from another version). */
export function readBuiltSheets(value: unknown): BuiltSheetsReading {
  if (value === undefined || value === null || value === "") return { readable: true, sheets: [] };
  if (typeof value !== "string") return { readable: false };
  const read = readDataFile(value, BuiltSheets, "the record of pricing sheets", { maxChars: 2_000_000, fields: "" });
  if (!read.ok) return { readable: false };
  const sheets: BuiltSheet[] = [];
  for (const { template, ...row } of read.value.sheets) {
    const kept = read.value.templates[template];
    const checked = kept === undefined ? undefined : checkTemplate(kept);
    if (checked?.ok !== true) return { readable: false };
    sheets.push({ ...row, template: checked.value });
  }
  return { readable: true, sheets };
}

/** The record's text for `sheets`, each template once. */
export function builtSheetsText(sheets: readonly BuiltSheet[]): string {
  const templates: string[] = [];
  const rows = sheets.map(({ template, ...row }) => {
    const text = JSON.stringify(template);
    if (!templates.includes(text)) templates.push(text);
    return { ...row, template: templates.indexOf(text) };
  });
  return JSON.stringify({ version: 2, templates: templates.map((text) => JSON.parse(text) as unknown), sheets: rows });
}

/** `sheets` with `built` in place of any earlier build of its list. */
export function withBuiltSheet(sheets: readonly BuiltSheet[], built: BuiltSheet): BuiltSheet[] {
  return [...sheets.filter((sheet) => sheet.listId !== built.listId), built];
}
