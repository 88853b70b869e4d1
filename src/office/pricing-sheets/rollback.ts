import { cellKey, inRect, keyOf, rectRange, rectsOfCells, type CellRect } from "../../workbook";
import { addRules, drawChart, TABLE_STYLE } from "./objects";
import type { CellSnapshot } from "./survey";
import type { SheetWrite } from "./sheet-write";

/**
 * A build that fails part-way puts back what was there, in the same Excel.run (so inside its undo group where Excel
 * has one). It reads what the sheet holds after the failure and brings it back to what it held before: every chart,
 * conditional format and table the build added goes (whether or not Excel had finished making it); the earlier
 * table, charts and formats are set back as the earlier build made them, made again where the build had deleted them
 * (their ids then change, and the caller records the new ones); the cells the build touched come back from the copy
 * taken before writing (snapshotCells): formulas as formulas, values through valuesAsJson (an Index value stays one),
 * number formats; a cell an earlier panel spilled into is left empty, for that panel, put back, to fill again.
 */
export interface Remade {
  table?: Excel.Table;
  readonly charts: Map<number, Excel.Chart>;
  rules?: Excel.ConditionalFormat[];
}

/** Queues the writes that put the cells `touched` (by key) back as `snapshot` holds them. */
export function restoreCells(
  sheet: Excel.Worksheet,
  snapshot: CellSnapshot,
  touched: ReadonlySet<string>,
  spilled: (row: number, column: number) => boolean,
): void {
  const { box } = snapshot;
  const inBox = [...touched].filter((key) => {
    const { row, column } = keyOf(key);
    return inRect(box, row, column);
  });
  const at = <T>(grid: readonly (readonly T[])[], key: string) => {
    const { row, column } = keyOf(key);
    return grid[row - box.top]?.[column - box.left] as T;
  };
  const isSpilled = (key: string) => {
    const { row, column } = keyOf(key);
    return spilled(row, column);
  };
  const isFormula = (key: string) => {
    const text = at(snapshot.formulas, key);
    return typeof text === "string" && text.startsWith("=") && !isSpilled(key);
  };
  const isValue = (key: string) => !isFormula(key) && !isSpilled(key) && at(snapshot.json, key).type !== "Empty";
  const part = <T>(grid: readonly (readonly T[])[], rect: CellRect) =>
    grid
      .slice(rect.top - box.top, rect.bottom - box.top + 1)
      .map((row) => row.slice(rect.left - box.left, rect.right - box.left + 1));
  for (const rect of rectsOfCells(inBox)) {
    const cells = sheet.getRange(rectRange(rect));
    cells.clear("Contents" as Excel.ClearApplyTo);
    cells.numberFormat = part(snapshot.formats, rect) as unknown[][];
  }
  for (const rect of rectsOfCells(inBox.filter(isValue)))
    sheet.getRange(rectRange(rect)).valuesAsJson = part(snapshot.json, rect) as Excel.CellValue[][];
  for (const rect of rectsOfCells(inBox.filter(isFormula)))
    sheet.getRange(rectRange(rect)).formulas = part(snapshot.formulas, rect) as unknown[][];
}

/** The earlier build's objects set back (made again where gone); what had to be made again. */
function restoreEarlier(
  job: SheetWrite,
  now: { charts: Excel.ChartCollection; rules: Excel.ConditionalFormatCollection; tables: Excel.TableCollection },
): Remade {
  const { sheet, earlier, view } = job;
  const remade: Remade = { charts: new Map() };
  if (earlier === undefined || view === undefined) return remade;
  const gone = earlier.built.rules.some((id) => !now.rules.items.some((rule) => rule.id === id));
  if (gone) {
    now.rules.items.filter((rule) => earlier.built.rules.includes(rule.id)).forEach((rule) => rule.delete());
    remade.rules = addRules(sheet, earlier.plan);
  }
  const charted = earlier.plan.panels.filter((panel) => panel.chart !== undefined);
  earlier.built.charts.forEach((id, i) => {
    const panel = charted[i];
    if (panel === undefined) return;
    const kept = now.charts.items.find((chart) => chart.id === id);
    if (kept !== undefined) drawChart(sheet, panel, kept);
    else remade.charts.set(i, drawChart(sheet, panel));
  });
  const own = view.table;
  if (own === undefined) return remade;
  if (now.tables.items.some((table) => table.id === own.table.id)) own.table.resize(rectRange(own.rect));
  else {
    const back = sheet.tables.add(rectRange(own.rect), true);
    back.name = own.table.name;
    back.style = TABLE_STYLE;
    back.load("id");
    remade.table = back;
  }
  return remade;
}

/** Takes a failed build back (two syncs); what had to be made again, with new ids. */
export async function rollBack(
  context: Excel.RequestContext,
  job: SheetWrite,
  touched: ReadonlySet<string>,
): Promise<Remade> {
  const { sheet, view, snapshot } = job;
  const charts = sheet.charts;
  charts.load("items/id");
  const rules = sheet.getRange().conditionalFormats;
  rules.load("items/id");
  const tables = sheet.tables;
  tables.load("items/id");
  await context.sync();
  const before = view?.before;
  charts.items.filter((chart) => before?.charts.has(chart.id) !== true).forEach((chart) => chart.delete());
  rules.items.filter((rule) => before?.rules.has(rule.id) !== true).forEach((rule) => rule.delete());
  tables.items.filter((table) => before?.tables.has(table.id) !== true).forEach((table) => table.convertToRange());
  const remade = restoreEarlier(job, { charts, rules, tables });
  if (snapshot !== undefined) {
    const spills = [...(view?.survey.spills.entries() ?? [])];
    const spilled = (row: number, column: number) =>
      spills.some(([anchor, rect]) => anchor !== cellKey(row, column) && inRect(rect, row, column));
    restoreCells(sheet, snapshot, touched, spilled);
  }
  await context.sync();
  return remade;
}

/** The smallest rectangle holding every cell of `keys` and every rectangle of `rects`. */
export function boxOf(keys: Iterable<string>, rects: readonly CellRect[]): CellRect | undefined {
  let box: CellRect | undefined;
  const widen = (rect: CellRect) => {
    box =
      box === undefined
        ? rect
        : {
            top: Math.min(box.top, rect.top),
            left: Math.min(box.left, rect.left),
            bottom: Math.max(box.bottom, rect.bottom),
            right: Math.max(box.right, rect.right),
          };
  };
  for (const key of keys) {
    const { row, column } = keyOf(key);
    widen({ top: row, left: column, bottom: row, right: column });
  }
  rects.forEach(widen);
  return box;
}
