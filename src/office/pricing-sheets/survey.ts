import { indexSymbolOf } from "../../formulas";
import {
  cellKey,
  parseRect,
  readBuiltSheets,
  rectRange,
  type BuiltSheet,
  type BuiltSheetsReading,
  type CellRect,
  type PricingSheetPlan,
  type SheetSurvey,
  type SurveyCell,
} from "../../workbook";

/**
 * What the builder reads before it writes anything, in as few syncs as it can: the record of built sheets and the
 * workbook's sheet and table names (one sync); then, on the sheet an earlier build made, its protection, its table
 * (found by its id), its charts and conditional formats (by id), every cell it holds and where its panels spill now
 * (two syncs); then a copy of every cell the build will touch, to put back if it fails part-way (one sync).
 */
export const PRICING_SHEETS_SETTING = "indexData.pricingSheets.v1";

export interface WorkbookView {
  readonly record: BuiltSheetsReading;
  readonly sheets: readonly { readonly id: string; readonly name: string }[];
  /** Every table and defined name of the workbook: a new table's name must differ from them all, in any case. */
  readonly takenNames: readonly string[];
}

export async function readWorkbook(context: Excel.RequestContext): Promise<WorkbookView> {
  const setting = context.workbook.settings.getItemOrNullObject(PRICING_SHEETS_SETTING);
  setting.load("value");
  const sheets = context.workbook.worksheets;
  sheets.load("items/name,items/id");
  const tables = context.workbook.tables;
  tables.load("items/name");
  const names = context.workbook.names;
  names.load("items/name");
  await context.sync();
  return {
    record: readBuiltSheets(setting.isNullObject ? undefined : setting.value),
    sheets: sheets.items.map((sheet) => ({ id: sheet.id, name: sheet.name })),
    takenNames: [...tables.items.map((table) => table.name), ...names.items.map((name) => name.name)],
  };
}

/** The builder's table on the sheet, found by its id, where it stands now. */
export interface OwnTable {
  readonly table: Excel.Table;
  readonly rect: CellRect;
}

export interface SheetView {
  readonly protected: boolean;
  readonly table?: OwnTable | undefined;
  readonly survey: SheetSurvey;
  /** The earlier build's charts and conditional formats still on the sheet, by id. */
  readonly charts: ReadonlyMap<string, Excel.Chart>;
  /** Every chart's name on the sheet: a new chart's must differ. */
  readonly chartNames: readonly string[];
  /** The ids of every chart, conditional format and table on the sheet before the build: what a rollback keeps. */
  readonly before: {
    readonly charts: ReadonlySet<string>;
    readonly rules: ReadonlySet<string>;
    readonly tables: ReadonlySet<string>;
  };
  readonly rules: ReadonlyMap<string, Excel.ConditionalFormat>;
}

function rectOf(address: string): CellRect | undefined {
  const rect = parseRect(address);
  return rect === undefined ? undefined : { top: rect.top, left: rect.left, bottom: rect.bottom, right: rect.right };
}

/** Every non-empty cell of a used range, as the check reads it. */
function surveyCells(used: Excel.Range): Map<string, SurveyCell> {
  const cells = new Map<string, SurveyCell>();
  if (used.isNullObject) return cells;
  const origin = rectOf(used.address);
  if (origin === undefined) return cells;
  used.valuesAsJson.forEach((row, r) =>
    row.forEach((json, c) => {
      const formula = used.formulas[r]?.[c];
      const basic = (json as { basicValue?: unknown }).basicValue;
      const cell: SurveyCell = {
        ...(typeof formula === "string" && formula.startsWith("=") ? { formula } : {}),
        ...(basic !== undefined && basic !== "" ? { text: String(basic) } : {}),
        ...(indexSymbolOf(json) !== undefined ? { symbol: indexSymbolOf(json) as string } : {}),
      };
      if (json.type !== "Empty" || cell.formula !== undefined)
        cells.set(cellKey(origin.top + r, origin.left + c), cell);
    }),
  );
  return cells;
}

/** Reads an existing sheet for a build: three syncs. `earlier` is the list's last build there, if any. */
export async function surveySheet(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  earlier: { readonly built: BuiltSheet; readonly plan: PricingSheetPlan } | undefined,
): Promise<SheetView> {
  const protection = sheet.protection;
  protection.load("protected");
  const tables = sheet.tables;
  tables.load("items/id,items/name");
  const charts = sheet.charts;
  charts.load("items/id,items/name");
  const rules = sheet.getRange().conditionalFormats;
  rules.load("items/id");
  const used = sheet.getUsedRangeOrNullObject(true);
  // eslint-disable-next-line office-addins/no-navigational-load -- valuesAsJson is scalar (ExcelApi 1.16), newer than the plugin's list
  used.load("address,formulas,valuesAsJson");
  const spills = (earlier?.plan.panels ?? []).map((panel) => {
    const spill = sheet.getRange(panel.anchor).getSpillingToRangeOrNullObject();
    spill.load("address");
    return { anchor: cellKey(panel.spill.top, panel.spill.left), spill };
  });
  await context.sync();
  const ranges = tables.items.map((table) => {
    const range = table.getRange();
    range.load("address");
    return { table, range };
  });
  await context.sync();
  const all = ranges.flatMap(({ table, range }) => {
    const rect = rectOf(range.address);
    return rect === undefined ? [] : [{ table, rect }];
  });
  const own = all.find(({ table }) => table.id === earlier?.built.tableId);
  const ids = <T extends { readonly id: string }>(items: readonly T[], kept: readonly string[] | undefined) =>
    items.filter((item) => kept?.includes(item.id) === true);
  return {
    protected: protection.protected,
    table: own,
    survey: {
      cells: surveyCells(used),
      otherTables: all.filter((entry) => entry !== own).map(({ table, rect }) => ({ name: table.name, rect })),
      spills: new Map(
        spills.flatMap(({ anchor, spill }) => {
          const rect = spill.isNullObject ? undefined : rectOf(spill.address);
          return rect === undefined ? [] : [[anchor, rect] as const];
        }),
      ),
    },
    charts: new Map(ids(charts.items, earlier?.built.charts).map((chart) => [chart.id, chart])),
    chartNames: charts.items.map((chart) => chart.name),
    before: {
      charts: new Set(charts.items.map((chart) => chart.id)),
      rules: new Set(rules.items.map((rule) => rule.id)),
      tables: new Set(tables.items.map((table) => table.id)),
    },
    rules: new Map(ids(rules.items, earlier?.built.rules).map((rule) => [rule.id, rule])),
  };
}

/** A copy of a block of cells as they are: what a failed build puts back. */
export interface CellSnapshot {
  readonly box: CellRect;
  readonly formulas: readonly (readonly unknown[])[];
  readonly json: readonly (readonly Excel.CellValue[])[];
  readonly formats: readonly (readonly unknown[])[];
}

/** Copies `box` of `sheet`: formulas, values as JSON (data types kept) and number formats. One sync. */
export async function snapshotCells(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  box: CellRect,
): Promise<CellSnapshot> {
  const range = sheet.getRange(rectRange(box));
  // eslint-disable-next-line office-addins/no-navigational-load -- valuesAsJson is scalar (ExcelApi 1.16), newer than the plugin's list
  range.load("formulas,valuesAsJson,numberFormat");
  await context.sync();
  return { box, formulas: range.formulas, json: range.valuesAsJson, formats: range.numberFormat };
}
