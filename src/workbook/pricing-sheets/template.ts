import { z } from "zod";
import { fileNameOf, plainText, readDataFile, type FileReading } from "./data-file";
import { invisibleCharacterProblem } from "./excel-names";
import { formulaLimitProblem } from "./formula-limits";
import { excelString } from "../formula-text";
import functionNames from "../function-names.generated.json";
import { numberFormatProblem } from "./number-format";
import { readFormula } from "../receipts/receipt-formula";

/**
 * A pricing sheet's layout as data: the columns of its table (each a header, a formula of our function set with
 * `{symbol}` standing for the row's index, a number format and conditional-format rules) and the panel under it. A
 * default ships (default-template.ts); a desk loads its own from a file. Everything is checked here, before anything
 * is written: the shape by zod, each formula by the grammar restore reads (receipt-formula.ts), so a template can
 * call nothing but INDEX functions and the date helpers, refer to no cell, and write nothing a freeze could not
 * restore.
 */
export const TEMPLATE_FILE_KIND = "index-data-pricing-template";

/** The placeholder a column's formula writes for the row's symbol (replaced by it, as an Excel string). */
export const SYMBOL_PLACEHOLDER = "{symbol}";

/**
 * The INDEX functions a formula in a cell may call, by the name after `INDEX.` (generated from the function table by
 * `npm run generate`).
 */
export const INDEX_FUNCTION_NAMES: ReadonlySet<string> = new Set(functionNames);

export const TEMPLATE_LIMITS = { columns: 30, rules: 6, formulaChars: 1024, fileChars: 100_000 } as const;

const Colour = z.string().regex(/^#[0-9A-Fa-f]{6}$/, { error: 'must be a colour such as "#FFC7CE"' });
/** A name a person gives: plain, visible text, each refusal in words. */
export const Label = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(plainText, { error: "must be plain text (no control characters)" })
  .superRefine((text, context) => {
    const problem = invisibleCharacterProblem(text);
    if (problem !== undefined) context.addIssue({ code: "custom", message: `must be visible text: ${problem}` });
  });

/**
 * A conditional-format rule on a column's cells, testing the same row's cell of `column` (default: its own):
 * below/above a number, equal to a text or number, not blank, an error, or a date more than `value` days old.
 */
const Rule = z.discriminatedUnion("when", [
  z.strictObject({ when: z.enum(["below", "above"]), value: z.number(), ...ruleStyle() }),
  z.strictObject({ when: z.literal("equals"), value: z.union([z.string().max(255), z.number()]), ...ruleStyle() }),
  z.strictObject({ when: z.literal("olderThanDays"), value: z.number().int().min(0).max(3650), ...ruleStyle() }),
  z.strictObject({ when: z.enum(["notBlank", "isError"]), ...ruleStyle() }),
]);

function ruleStyle() {
  return {
    column: z.string().optional(),
    fill: Colour,
    font: Colour.optional(),
    /** What the rule marks, for the person reading the template ("stale", "low confidence"). */
    meaning: Label.optional(),
  };
}

const Column = z.strictObject({
  key: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/, { error: "must be a short name of letters and digits" }),
  header: Label,
  formula: z.string().min(1).max(TEMPLATE_LIMITS.formulaChars),
  numberFormat: z.string().max(64).refine(plainText).optional(),
  rules: z.array(Rule).max(TEMPLATE_LIMITS.rules).optional(),
});

export const TemplateFile = z.strictObject({
  kind: z.literal(TEMPLATE_FILE_KIND),
  version: z.literal(1),
  name: Label,
  indexHeader: Label.optional(),
  columns: z.array(Column).min(1).max(TEMPLATE_LIMITS.columns),
  panel: z.strictObject({ days: z.number().int().min(2).max(366), chart: z.boolean().optional() }).optional(),
});

export type PricingTemplate = z.infer<typeof TemplateFile>;
export type TemplateColumn = PricingTemplate["columns"][number];
export type TemplateRule = NonNullable<TemplateColumn["rules"]>[number];

/** A column's formula for one symbol: the placeholder replaced by the symbol as an Excel string. */
export function columnFormula(formula: string, symbol: string): string {
  return formula.split(SYMBOL_PLACEHOLDER).join(excelString(symbol));
}

/** The longest symbol a list may hold (64 characters): a formula within Excel's limits with it is within them with any. */
const LONGEST_SYMBOL = "X".repeat(64);

/** Why a column's formula may not be written, or undefined. */
function formulaProblem(formula: string): string | undefined {
  if (/\{(?!symbol\})[^}"]*\}/.test(formula.replace(/"(?:[^"]|"")*"/g, '""')))
    return `only ${SYMBOL_PLACEHOLDER} may stand for the row's index`;
  const reading = readFormula(columnFormula(formula, "RTM-NWE-A-1x3"));
  if (!reading.ok) return `${reading.reason}`;
  if (reading.references > 0) return `it refers to a cell; write ${SYMBOL_PLACEHOLDER} for the row's index`;
  const foreign = reading.indexFunctions.find((name) => !INDEX_FUNCTION_NAMES.has(name));
  if (foreign !== undefined) return `INDEX.${foreign} is not a function of this add-in`;
  if (reading.indexFunctions.length === 0) return "it calls no INDEX function";
  return formulaLimitProblem(columnFormula(formula, LONGEST_SYMBOL));
}

/** The problems zod cannot see: formulas, unique keys and headers, rules naming a column of the template. */
function layoutProblem(template: PricingTemplate): string | undefined {
  const keys = new Set<string>();
  const headers = new Set([(template.indexHeader ?? "Index").toLowerCase()]);
  for (const [i, column] of template.columns.entries()) {
    const at = `columns[${i}]`;
    const formula = formulaProblem(column.formula);
    if (formula !== undefined) return `${at}.formula: ${formula}`;
    const format = column.numberFormat === undefined ? undefined : numberFormatProblem(column.numberFormat);
    if (format !== undefined) return `${at}.numberFormat: ${format}`;
    if (keys.has(column.key)) return `${at}.key: "${column.key}" names two columns`;
    // Excel refuses a table with two headers alike in any case.
    if (headers.has(column.header.toLowerCase())) return `${at}.header: "${column.header}" heads two columns`;
    keys.add(column.key);
    headers.add(column.header.toLowerCase());
  }
  for (const [i, column] of template.columns.entries()) {
    const rule = (column.rules ?? []).findIndex((r) => r.column !== undefined && !keys.has(r.column));
    if (rule >= 0)
      return `columns[${i}].rules[${rule}].column: no column has the key "${column.rules?.[rule]?.column}"`;
  }
  return undefined;
}

/** A template from a file's text, or what is wrong with it, its field named; nothing is written either way. */
export function readTemplateFile(text: string): FileReading<PricingTemplate> {
  const read = readDataFile(text, TemplateFile, "a pricing template", {
    maxChars: TEMPLATE_LIMITS.fileChars,
    fields: "a template holds kind, version, name, indexHeader, columns and panel",
  });
  if (!read.ok) return read;
  const problem = layoutProblem(read.value);
  return problem === undefined ? read : { ok: false, problem };
}

/** The same checks for a template already in memory (the default, a test's), as if read from its file. */
export function checkTemplate(template: PricingTemplate): FileReading<PricingTemplate> {
  return readTemplateFile(JSON.stringify(template));
}

/** The JSON text of a template's file, as a desk keeps and shares it (readTemplateFile reads it back). */
export function templateFile(template: PricingTemplate): string {
  return `${JSON.stringify(template, null, 2)}\n`;
}

/** A file name for a template's file: its name in plain letters, digits and dashes. */
export function templateFileName(name: string): string {
  return fileNameOf(name, "pricing-template", ".template.json");
}
