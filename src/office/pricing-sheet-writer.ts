import { linkedIndexValue } from "../formulas";
import {
  pricingSheetName,
  pricingTableName,
  readBuiltSheets,
  textEntry,
  withBuiltSheet,
  type BuiltSheet,
  type PricingSheetPlan,
} from "../workbook";

/**
 * Writes a pricing sheet's plan into the workbook in one Excel.run (the caller's, one undo step where Excel allows):
 * a new worksheet the first time, the same worksheet (found by its id, whatever it is called now) every time after,
 * with what the last build wrote taken away first: its table, its charts, its cells and their formats.
 */
export const PRICING_SHEETS_SETTING = "indexData.pricingSheets.v1";

/** Excel's table style the sheet wears: banded rows, a dark header. */
const TABLE_STYLE = "TableStyleMedium2";

export interface WrittenSheet {
  readonly name: string;
  /** True when an earlier build's sheet was updated in place. */
  readonly updated: boolean;
  readonly charts: number;
}

interface Target {
  readonly sheet: Excel.Worksheet;
  readonly earlier: BuiltSheet | undefined;
}

/** The list's sheet from an earlier build, if it is still there, or a new one with a free name. One sync. */
async function targetSheet(
  context: Excel.RequestContext,
  listId: string,
  listName: string,
): Promise<Target & { built: BuiltSheet[] }> {
  const setting = context.workbook.settings.getItemOrNullObject(PRICING_SHEETS_SETTING);
  setting.load("value");
  const sheets = context.workbook.worksheets;
  sheets.load("items/name,items/id");
  await context.sync();
  const built = setting.isNullObject ? [] : readBuiltSheets(setting.value);
  const earlier = built.find((sheet) => sheet.listId === listId);
  const found = earlier === undefined ? undefined : sheets.items.find((sheet) => sheet.id === earlier.sheetId);
  if (found !== undefined) return { sheet: found, earlier, built };
  const name = pricingSheetName(
    listName,
    sheets.items.map((sheet) => sheet.name),
  );
  return { sheet: sheets.add(name), earlier: undefined, built };
}

/**
 * Takes away what the earlier build wrote: its table (wherever it stands now) and charts where they still are, and
 * its cells with their formats and rules. The sheet is the builder's: a note typed inside that area goes with it.
 * One sync.
 */
async function clearEarlier(context: Excel.RequestContext, { sheet, earlier }: Target): Promise<void> {
  if (earlier === undefined) return;
  const table = sheet.tables.getItemOrNullObject(earlier.table);
  const charts = earlier.charts.map((name) => sheet.charts.getItemOrNullObject(name));
  await context.sync();
  if (!table.isNullObject) {
    const cells = table.getRange();
    cells.conditionalFormats.clearAll();
    cells.clear("All");
    table.delete();
  }
  for (const chart of charts) if (!chart.isNullObject) chart.delete();
  const area = sheet.getRange(earlier.area);
  area.conditionalFormats.clearAll();
  area.clear("All");
}

/** The table: header, the index column (Index values where Excel links them), the formulas, formats and rules. */
function writeTable(sheet: Excel.Worksheet, plan: PricingSheetPlan, tableName: string, entities: boolean): void {
  sheet.getRange(plan.headerAddress).values = [plan.header.map(textEntry)];
  const index = sheet.getRange(plan.indexAddress);
  if (entities) index.valuesAsJson = plan.symbols.map((symbol) => [linkedIndexValue(symbol) as Excel.CellValue]);
  else index.values = plan.symbols.map((symbol) => [textEntry(symbol)]);
  sheet.getRange(plan.formulaAddress).formulas = plan.formulas.map((row) => [...row]);
  const table = sheet.tables.add(plan.tableAddress, true);
  table.name = tableName;
  table.style = TABLE_STYLE;
  for (const { address, format } of plan.numberFormats) {
    const range = sheet.getRange(address);
    range.numberFormat = plan.symbols.map(() => [format]);
  }
  for (const rule of plan.rules) {
    const format = sheet.getRange(rule.address).conditionalFormats.add("Custom" as Excel.ConditionalFormatType);
    format.custom.rule.formula = rule.formula;
    format.custom.format.fill.color = rule.fill;
    if (rule.font !== undefined) format.custom.format.font.color = rule.font;
  }
  sheet.freezePanes.freezeRows(1);
}

/** The panels under the table, each charted beside the table; the charts' names. */
function writePanels(sheet: Excel.Worksheet, plan: PricingSheetPlan, tableName: string): string[] {
  const names: string[] = [];
  plan.panels.forEach((panel, i) => {
    sheet.getRange(panel.anchor).formulas = [[panel.formula]];
    if (panel.chart === undefined) return;
    // A chart follows a spill's new size only when its source is the whole spill: the panel's full size is known.
    const chart = sheet.charts.add(
      "Line" as Excel.ChartType,
      sheet.getRange(panel.source),
      "Columns" as Excel.ChartSeriesBy,
    );
    const name = `${tableName}_chart${i + 1}`;
    chart.name = name;
    chart.title.text = panel.chart.title;
    chart.setPosition(panel.chart.from, panel.chart.to);
    names.push(name);
  });
  return names;
}

/** Writes `plan` for the list `listId` named `listName`; `entities`: the index column as linked Index values. */
export async function writePricingSheet(
  context: Excel.RequestContext,
  list: { readonly id: string; readonly name: string },
  plan: PricingSheetPlan,
  entities: boolean,
): Promise<WrittenSheet> {
  const target = await targetSheet(context, list.id, list.name);
  await clearEarlier(context, target);
  const { sheet } = target;
  const tableName = pricingTableName(list.id);
  writeTable(sheet, plan, tableName, entities);
  const charts = writePanels(sheet, plan, tableName);
  sheet.activate();
  sheet.load("id,name");
  await context.sync();
  const record: BuiltSheet = { listId: list.id, sheetId: sheet.id, table: tableName, area: plan.area, charts };
  context.workbook.settings.add(PRICING_SHEETS_SETTING, withBuiltSheet(target.built, record));
  await context.sync();
  return { name: sheet.name, updated: target.earlier !== undefined, charts: charts.length };
}
