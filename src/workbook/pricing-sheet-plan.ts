import { excelString } from "./formula-text";
import { columnFormula, type PricingTemplate, type TemplateColumn, type TemplateRule } from "./pricing-template";
import { columnLetters, localRange } from "./sheet-address";

/**
 * Where everything of a pricing sheet goes, as addresses and text: the table (header row, the index column, one
 * formula per column and row), its number formats and conditional-format rules, and under it the panels of the
 * list's last days with their charts. Pure, so the whole layout is tested as data; src/office writes exactly this.
 */
export interface PlannedRule {
  /** The cells it marks, e.g. "B2:B51". */
  readonly address: string;
  /** Excel's conditional-format formula, relative to the first cell of `address` (built-in functions only). */
  readonly formula: string;
  readonly fill: string;
  readonly font?: string;
}

export interface PlannedPanel {
  /** Its INDEX.PANEL cell, and the formula there. */
  readonly anchor: string;
  readonly formula: string;
  /** The whole spill it is expected to fill (header row and one row a day): the chart's source. */
  readonly source: string;
  readonly symbols: readonly string[];
  /** Where its chart goes (top-left and bottom-right cells), and its title. */
  readonly chart?: { readonly from: string; readonly to: string; readonly title: string };
}

export interface PricingSheetPlan {
  readonly tableAddress: string;
  /** The header row: the index column's header, then each column's. */
  readonly headerAddress: string;
  readonly header: readonly string[];
  /** The index column below the header, one symbol a row (an Index value where Excel has linked data types). */
  readonly indexAddress: string;
  readonly symbols: readonly string[];
  /** The template's columns below the header: one formula per column and row. */
  readonly formulaAddress: string;
  readonly formulas: readonly (readonly string[])[];
  readonly numberFormats: readonly { readonly address: string; readonly format: string }[];
  readonly rules: readonly PlannedRule[];
  readonly panels: readonly PlannedPanel[];
  /** Every cell the builder writes: what a rebuild clears first. */
  readonly area: string;
}

/** INDEX.PANEL takes at most this many symbols: a longer list gets a panel per block, side by side. */
export const PANEL_SYMBOLS = 20;
/** A chart's size, in columns and rows, beside the table. */
const CHART_COLUMNS = 8;
const CHART_ROWS = 18;

/** The cell `column` tests in the rule's row, absolute in column and relative in row: `$C2`. */
function ruleFormula(rule: TemplateRule, cell: string): string {
  switch (rule.when) {
    case "below":
      return `=AND(ISNUMBER(${cell}),${cell}<${rule.value})`;
    case "above":
      return `=AND(ISNUMBER(${cell}),${cell}>${rule.value})`;
    case "equals":
      return typeof rule.value === "number" ? `=${cell}=${rule.value}` : `=${cell}=${excelString(rule.value)}`;
    case "olderThanDays":
      return `=AND(ISNUMBER(${cell}),${cell}<TODAY()-${rule.value})`;
    case "notBlank":
      return `=LEN(${cell})>0`;
    case "isError":
      return `=ISERROR(${cell})`;
  }
}

function columnRules(template: PricingTemplate, column: TemplateColumn, at: number, rows: number): PlannedRule[] {
  const keys = template.columns.map((c) => c.key);
  return (column.rules ?? []).map((rule) => {
    const tested = rule.column === undefined ? at : keys.indexOf(rule.column) + 1;
    return {
      address: localRange(1, at, rows, at),
      formula: ruleFormula(rule, `$${columnLetters(tested)}2`),
      fill: rule.fill,
      ...(rule.font !== undefined ? { font: rule.font } : {}),
    };
  });
}

/** The list's symbols in blocks INDEX.PANEL takes, side by side under the table, each with its chart beside it. */
function panelsOf(template: PricingTemplate, listName: string, symbols: readonly string[]): PlannedPanel[] {
  const panel = template.panel;
  if (panel === undefined) return [];
  const top = symbols.length + 2; // a blank row under the table
  const chartLeft = template.columns.length + 2;
  const blocks: string[][] = [];
  for (let i = 0; i < symbols.length; i += PANEL_SYMBOLS) blocks.push(symbols.slice(i, i + PANEL_SYMBOLS));
  let left = 0;
  return blocks.map((block, b) => {
    const anchor = localRange(top, left);
    const source = localRange(top, left, top + panel.days + 1, left + block.length);
    left += block.length + 2;
    const part = blocks.length > 1 ? ` (${b + 1} of ${blocks.length})` : "";
    const chartTop = b * (CHART_ROWS + 1);
    const chart = {
      from: localRange(chartTop, chartLeft),
      to: localRange(chartTop + CHART_ROWS - 1, chartLeft + CHART_COLUMNS - 1),
      title: `${listName}: last ${panel.days} days${part}`,
    };
    return {
      anchor,
      formula: `=INDEX.PANEL(${excelString(block.join(","))},"-${panel.days}D",TODAY(),"previous")`,
      source,
      symbols: block,
      ...(panel.chart === false ? {} : { chart }),
    };
  });
}

/** The sheet `template` makes of a list's symbols (checked: checkTemplate, unknownSymbolsProblem). */
export function planPricingSheet(
  template: PricingTemplate,
  list: { readonly name: string; readonly symbols: readonly string[] },
): PricingSheetPlan {
  const rows = list.symbols.length;
  const width = template.columns.length;
  const panels = panelsOf(template, list.name, list.symbols);
  const panelBottom = panels.length === 0 ? rows : rows + 2 + (template.panel?.days ?? 0) + 1;
  // Every block but the last is full, and one empty column stands between two.
  const last = panels[panels.length - 1];
  const lastPanelColumn = last === undefined ? 0 : (panels.length - 1) * (PANEL_SYMBOLS + 2) + last.symbols.length;
  return {
    tableAddress: localRange(0, 0, rows, width),
    headerAddress: localRange(0, 0, 0, width),
    header: [template.indexHeader ?? "Index", ...template.columns.map((column) => column.header)],
    indexAddress: localRange(1, 0, rows, 0),
    symbols: list.symbols,
    formulaAddress: localRange(1, 1, rows, width),
    formulas: list.symbols.map((symbol) => template.columns.map((column) => columnFormula(column.formula, symbol))),
    numberFormats: template.columns.flatMap((column, i) =>
      column.numberFormat === undefined
        ? []
        : [{ address: localRange(1, i + 1, rows, i + 1), format: column.numberFormat }],
    ),
    rules: template.columns.flatMap((column, i) => columnRules(template, column, i + 1, rows)),
    panels,
    area: localRange(0, 0, panelBottom, Math.max(width, lastPanelColumn)),
  };
}

/** Characters Excel never allows in a sheet's name. */
const NOT_IN_SHEET_NAMES = /[[\]:*?/\\]/g;

/** A free name for the list's new sheet: "Pricing <list>", at most 31 characters, numbered when taken. */
export function pricingSheetName(listName: string, taken: readonly string[]): string {
  const base = `Pricing ${listName.replace(NOT_IN_SHEET_NAMES, " ")}`
    .replace(/\s+/g, " ")
    .replace(/^'+|'+$/g, "")
    .trim();
  const used = new Set(taken.map((name) => name.toLowerCase()));
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? "" : ` (${n})`;
    const name = `${base.slice(0, 31 - suffix.length).trim()}${suffix}`;
    if (!used.has(name.toLowerCase())) return name;
  }
}

/** The table's name for a list: a workbook-wide name Excel accepts (letters, digits, underscores). */
export function pricingTableName(listId: string): string {
  return `IndexPricing_${listId.replace(/[^A-Za-z0-9_]/g, "_")}`;
}
