import { linkedIndexValue } from "../../formulas";
import {
  cellKey,
  inRect,
  keyOf,
  localRange,
  rectRange,
  rectsOfCells,
  textEntry,
  type BuiltSheet,
} from "../../workbook";
import { addRules, drawChart, TABLE_STYLE } from "./objects";
import { rollBack, type Remade } from "./rollback";
import type { SheetWrite } from "./sheet-write";

/**
 * Writes a checked pricing sheet's plan (the caller read the sheet and found nothing in the way): the cells the earlier
 * build owned and the new one does not write emptied, the header, Index column, formulas and number formats, the
 * table (the earlier one, found by its id, resized in place, so its name and a column Excel added to it stay), the
 * conditional formats, the panels and their charts (the earlier charts, found by id, updated in place), the frozen
 * header. A failure part-way is taken back in the same Excel.run (rollback.ts) before it is reported.
 */

export interface Written {
  readonly tableId: string;
  readonly charts: readonly string[];
  readonly rules: readonly string[];
}

const GENERAL = "General";

/**
 * Empties owned cells that pass `which` (and those outside the new table back to General). Excel names an empty header
 * cell of a table "Column1", so a header cell of the standing table is emptied only once the table is off it.
 */
function clearOwned(job: SheetWrite, touched: Set<string>, which: (row: number, column: number) => boolean): void {
  const cleared = [...job.owned].filter((key) => {
    const { row, column } = keyOf(key);
    return which(row, column);
  });
  cleared.forEach((key) => touched.add(key));
  for (const rect of rectsOfCells(cleared)) job.sheet.getRange(rectRange(rect)).clear("Contents" as Excel.ClearApplyTo);
  const outside = cleared.filter((key) => {
    const { row, column } = keyOf(key);
    return !inRect(job.plan.table, row, column);
  });
  for (const rect of rectsOfCells(outside))
    job.sheet.getRange(rectRange(rect)).numberFormat = Array.from({ length: rect.bottom - rect.top + 1 }, () =>
      Array.from({ length: rect.right - rect.left + 1 }, () => GENERAL),
    );
}

/** The header, Index column, formulas, number formats and panel formulas. */
function writeCells(job: SheetWrite, touched: Set<string>): void {
  const { sheet, plan } = job;
  for (let row = plan.table.top; row <= plan.table.bottom; row += 1)
    for (let column = plan.table.left; column <= plan.table.right; column += 1) touched.add(cellKey(row, column));
  sheet.getRange(plan.headerAddress).values = [plan.header.map(textEntry)];
  const index = sheet.getRange(plan.indexAddress);
  if (job.entities) index.valuesAsJson = plan.symbols.map((symbol) => [linkedIndexValue(symbol) as Excel.CellValue]);
  else index.values = plan.symbols.map((symbol) => [textEntry(symbol)]);
  const formats = new Map(plan.numberFormats.map(({ address, format }) => [address.split(":")[0], format]));
  const columns = plan.header.map(
    (_, c) => formats.get(localRange(plan.table.top + 1, plan.table.left + c)) ?? GENERAL,
  );
  sheet.getRange(rectRange({ ...plan.table, top: plan.table.top + 1 })).numberFormat = plan.symbols.map(() => columns);
  sheet.getRange(plan.formulaAddress).formulas = plan.formulas.map((row) => [...row]);
  for (const panel of plan.panels) {
    touched.add(cellKey(panel.spill.top, panel.spill.left));
    sheet.getRange(panel.anchor).formulas = [[panel.formula]];
  }
}

/**
 * The earlier table resized in place (keeping the columns Excel added beside it), or taken off the cells where the
 * sheet's area moved or Excel cannot resize a table (a column Excel added to it stays as plain cells, and the new
 * table takes the earlier one's name): the table a build writes into, if any.
 */
function fitEarlierTable(job: SheetWrite): Excel.Table | undefined {
  const { plan, view, earlier } = job;
  const own = view?.table;
  if (own === undefined || earlier === undefined) return undefined;
  if (job.resizable && own.rect.top === plan.table.top && own.rect.left === plan.table.left) {
    const added = own.rect.right - earlier.plan.table.right;
    const sameWidth = plan.table.right === earlier.plan.table.right;
    own.table.resize(rectRange(sameWidth && added > 0 ? { ...plan.table, right: own.rect.right } : plan.table));
    return own.table;
  }
  own.table.convertToRange();
  return undefined;
}

/** A new table over the plan's, named as the earlier one was (where the area moved) or with a free name. */
function addTable(job: SheetWrite): Excel.Table {
  const table = job.sheet.tables.add(job.plan.tableAddress, true);
  table.name = job.view?.table?.table.name ?? job.tableName;
  table.style = TABLE_STYLE;
  return table;
}

/** Each charted panel's chart: the earlier one of its place (found by id) updated in place, or a new one. */
function writeCharts(job: SheetWrite): Excel.Chart[] {
  const { sheet, plan, earlier, view } = job;
  return plan.panels
    .filter((panel) => panel.chart !== undefined)
    .map((panel, i) => {
      const id = earlier?.built.charts[i];
      const kept = id === undefined ? undefined : view?.charts.get(id);
      if (kept !== undefined) return drawChart(sheet, panel, kept);
      const added = drawChart(sheet, panel);
      added.name = job.chartName(i);
      return added;
    });
}

/** What the earlier build made and the new one does not keep: its conditional formats, its charts past the new count. */
function deleteEarlier(job: SheetWrite, keptCharts: number): void {
  const { view, earlier } = job;
  if (view === undefined || earlier === undefined) return;
  for (const rule of view.rules.values()) rule.delete();
  earlier.built.charts.slice(keptCharts).forEach((id) => view.charts.get(id)?.delete());
}

/**
 * A build that failed part-way and was taken back. `restored` names what the sheet holds again where the rollback had
 * to make something anew (its id changed), for the record; undefined when every id is as it was.
 */
export class SheetWriteFailed extends Error {
  override readonly name = "SheetWriteFailed" as const;
  constructor(
    override readonly cause: unknown,
    readonly restored: Pick<BuiltSheet, "tableId" | "charts" | "rules"> | undefined,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** The earlier build's ids after a rollback: those it had to make again replaced; undefined when none changed. */
function restoredIds(job: SheetWrite, remade: Remade): SheetWriteFailed["restored"] {
  const { earlier } = job;
  if (earlier === undefined || (remade.table === undefined && remade.charts.size === 0 && remade.rules === undefined))
    return undefined;
  return {
    tableId: remade.table?.id ?? earlier.built.tableId,
    charts: earlier.built.charts.map((id, i) => remade.charts.get(i)?.id ?? id),
    rules: remade.rules === undefined ? earlier.built.rules : remade.rules.map((rule) => rule.id),
  };
}

/**
 * Writes `job` in three syncs and returns the ids of what the sheet now holds. On any failure everything is taken back
 * in the same Excel.run and a SheetWriteFailed is thrown, with the failure.
 */
export async function writePricingSheet(context: Excel.RequestContext, job: SheetWrite): Promise<Written> {
  const touched = new Set<string>();
  const header = job.view?.table?.rect;
  const inHeader = (row: number, column: number) =>
    header !== undefined && row === header.top && column >= header.left && column <= header.right;
  try {
    clearOwned(job, touched, (row, column) => !inHeader(row, column));
    const fitted = fitEarlierTable(job);
    clearOwned(job, touched, (row, column) => inHeader(row, column) && !inRect(job.plan.table, row, column));
    writeCells(job, touched);
    const table = fitted ?? addTable(job);
    table.load("id");
    await context.sync();
    const rules = addRules(job.sheet, job.plan);
    const charts = writeCharts(job);
    await context.sync();
    deleteEarlier(job, charts.length);
    if (job.plan.origin.row === 0) job.sheet.freezePanes.freezeRows(1);
    job.sheet.activate();
    await context.sync();
    return { tableId: table.id, charts: charts.map((chart) => chart.id), rules: rules.map((rule) => rule.id) };
  } catch (error) {
    const remade = await rollBack(context, job, touched);
    throw new SheetWriteFailed(error, restoredIds(job, remade));
  }
}
