import { excelString } from "../formula-text";
import { formulaLimitProblem } from "./formula-limits";
import { columnFormula, type PricingTemplate, type TemplateColumn, type TemplateRule } from "./template";
import { columnLetters, localRange, rectRange, type CellRect } from "../sheet-address";

/**
 * Where everything of a pricing sheet goes, as addresses and text, from its top-left cell (the origin): the table
 * (header row, the index column, one formula per column and row), its number formats and conditional-format rules,
 * and under it the panels of the list's last days with their charts. The footprint is every cell the sheet will
 * take, each panel's whole spill included (its header row and one row a day of its window), so the builder can check
 * them all before writing. Pure, so the whole layout is tested as data; src/office writes exactly this.
 */
export interface PlannedRule {
  /** The cells it marks, e.g. "B2:B51". */
  readonly address: string;
  /** Excel's conditional-format formula, relative to the first cell of `address` (built-in functions only). */
  readonly formula: string;
  readonly fill: string;
  readonly font?: string | undefined;
}

export interface PlannedPanel {
  /** Its INDEX.PANEL cell, and the formula there, which reads its symbols from the table's Index column. */
  readonly anchor: string;
  readonly formula: string;
  /** The whole spill it can fill (header row and one row a day of its window): the chart's source. */
  readonly source: string;
  readonly spill: CellRect;
  readonly symbols: readonly string[];
  /** Where its chart goes (top-left and bottom-right cells), and its title. */
  readonly chart?: { readonly from: string; readonly to: string; readonly title: string };
}

/** The sheet's top-left cell, zero-based. */
export interface Origin {
  readonly row: number;
  readonly column: number;
}

export const TOP_LEFT: Readonly<Origin> = { row: 0, column: 0 };

export interface PricingSheetPlan {
  readonly origin: Origin;
  readonly table: CellRect;
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
  /** Every cell the sheet takes: the table and each panel's whole spill. */
  readonly footprint: readonly CellRect[];
  /** The smallest rectangle around the footprint. */
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

interface Placed {
  readonly origin: Origin;
  readonly rows: number;
  readonly template: PricingTemplate;
}

function columnRules({ origin, rows, template }: Placed, column: TemplateColumn, at: number): PlannedRule[] {
  const keys = template.columns.map((c) => c.key);
  const first = origin.row + 1;
  return (column.rules ?? []).map((rule) => {
    const tested = origin.column + (rule.column === undefined ? at : keys.indexOf(rule.column) + 1);
    return {
      address: localRange(first, origin.column + at, origin.row + rows, origin.column + at),
      formula: ruleFormula(rule, `$${columnLetters(tested)}${first + 1}`),
      fill: rule.fill,
      font: rule.font,
    };
  });
}

/** The list's symbols in blocks INDEX.PANEL takes, side by side under the table, each with its chart beside it. */
function panelsOf(placed: Placed, listName: string, symbols: readonly string[]): PlannedPanel[] {
  const { origin, template } = placed;
  const panel = template.panel;
  if (panel === undefined) return [];
  const top = origin.row + symbols.length + 2; // a blank row under the table
  const chartLeft = origin.column + template.columns.length + 2;
  const blocks: string[][] = [];
  for (let i = 0; i < symbols.length; i += PANEL_SYMBOLS) blocks.push(symbols.slice(i, i + PANEL_SYMBOLS));
  let left = origin.column;
  return blocks.map((block, b) => {
    const spill = { top, left, bottom: top + panel.days + 1, right: left + block.length };
    const first = origin.row + 1 + b * PANEL_SYMBOLS;
    const index = `$${columnLetters(origin.column)}$${first + 1}:$${columnLetters(origin.column)}$${first + block.length}`;
    left += block.length + 2;
    const part = blocks.length > 1 ? ` (${b + 1} of ${blocks.length})` : "";
    const chartTop = origin.row + b * (CHART_ROWS + 1);
    const chart = {
      from: localRange(chartTop, chartLeft),
      to: localRange(chartTop + CHART_ROWS - 1, chartLeft + CHART_COLUMNS - 1),
      title: `${listName}: last ${panel.days} days${part}`,
    };
    return {
      anchor: localRange(spill.top, spill.left),
      formula: `=INDEX.PANEL(${index},"-${panel.days}D",TODAY(),"previous")`,
      source: rectRange(spill),
      spill,
      symbols: block,
      ...(panel.chart === false ? {} : { chart }),
    };
  });
}

function bounds(rects: readonly CellRect[]): CellRect {
  return {
    top: Math.min(...rects.map((r) => r.top)),
    left: Math.min(...rects.map((r) => r.left)),
    bottom: Math.max(...rects.map((r) => r.bottom)),
    right: Math.max(...rects.map((r) => r.right)),
  };
}

/** The sheet `template` makes of a list's symbols from `origin` (checked: checkTemplate, unknownSymbolsProblem). */
export function planPricingSheet(
  template: PricingTemplate,
  list: { readonly name: string; readonly symbols: readonly string[] },
  origin: Origin = TOP_LEFT,
): PricingSheetPlan {
  const rows = list.symbols.length;
  const width = template.columns.length;
  const placed = { origin, rows, template };
  const { row: top, column: left } = origin;
  const table = { top, left, bottom: top + rows, right: left + width };
  const panels = panelsOf(placed, list.name, list.symbols);
  const footprint = [table, ...panels.map((panel) => panel.spill)];
  return {
    origin,
    table,
    tableAddress: rectRange(table),
    headerAddress: localRange(top, left, top, left + width),
    header: [template.indexHeader ?? "Index", ...template.columns.map((column) => column.header)],
    indexAddress: localRange(top + 1, left, top + rows, left),
    symbols: list.symbols,
    formulaAddress: localRange(top + 1, left + 1, top + rows, left + width),
    formulas: list.symbols.map((symbol) => template.columns.map((column) => columnFormula(column.formula, symbol))),
    numberFormats: template.columns.flatMap((column, i) =>
      column.numberFormat === undefined
        ? []
        : [{ address: localRange(top + 1, left + i + 1, top + rows, left + i + 1), format: column.numberFormat }],
    ),
    rules: template.columns.flatMap((column, i) => columnRules(placed, column, i + 1)),
    panels,
    footprint,
    area: rectRange(bounds(footprint)),
  };
}

/** Why Excel would refuse a formula of the plan (too long, a text constant too long), naming its cell; or undefined. */
export function planLimitProblem(plan: PricingSheetPlan): string | undefined {
  const { top, left } = plan.table;
  for (const [r, row] of plan.formulas.entries()) {
    for (const [c, formula] of row.entries()) {
      const problem = formulaLimitProblem(formula);
      if (problem !== undefined) return `the formula for ${localRange(top + 1 + r, left + 1 + c)}: ${problem}`;
    }
  }
  for (const panel of plan.panels) {
    const problem = formulaLimitProblem(panel.formula);
    if (problem !== undefined) return `the panel's formula for ${panel.anchor}: ${problem}`;
  }
  return undefined;
}
