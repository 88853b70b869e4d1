import {
  builtSheetsText,
  checkSheet,
  freeOrigin,
  freeSheetName,
  freeTableName,
  localRange,
  planLimitProblem,
  planPricingSheet,
  TOP_LEFT,
  withBuiltSheet,
  type BuiltSheet,
  type Origin,
  type PricingSheetPlan,
  type PricingTemplate,
  type WatchList,
} from "../../workbook";
import { boxOf } from "./rollback";
import { PRICING_SHEETS_SETTING, readWorkbook, snapshotCells, surveySheet, type WorkbookView } from "./survey";
import { SheetWriteFailed, writePricingSheet, type Written } from "./writer";
import { blockedWords, builtWords, PROTECTED } from "./words";

/**
 * One build of one list's pricing sheet in one Excel.run: plan, check, then write. It reads the record and the sheet,
 * works out every cell, table, rule and chart the new layout takes (each panel's whole spill included), and stops
 * before writing anything when a cell it does not own is in the way (naming the cells, and where the sheet's area
 * could move instead), when the sheet is protected, or when a formula would break Excel's limits. Then it writes, and
 * if Excel fails part-way the writer takes every step back before this says what failed.
 */
export interface BuildOptions {
  /** Build from this top-left cell of the list's sheet: the pane's "Move the sheet's area". */
  readonly origin?: Origin;
  /** Build on a new sheet, leaving the list's earlier one as it is: the pane's "Build on a new sheet". */
  readonly newSheet?: boolean;
}

/** What the trader may choose instead when a build stopped. */
export type BuildChoice =
  { readonly kind: "move"; readonly origin: Origin; readonly at: string } | { readonly kind: "newSheet" };

/** What a build did, in words for the pane. */
export interface BuildOutcome {
  /** False when nothing was written (or all of it was taken back); the message says why. */
  readonly built: boolean;
  readonly message: string;
  readonly choice?: BuildChoice;
  /** A sheet this build made and could not finish: empty again, for the caller to delete outside the undo group. */
  readonly leftover?: string | undefined;
}

interface Job {
  readonly list: WatchList;
  readonly template: PricingTemplate;
  readonly entities: boolean;
  /** Excel resizes a table (ExcelApi 1.13). */
  readonly resizable: boolean;
  readonly options: BuildOptions;
}

function chartNames(listId: string, taken: readonly string[]): (panel: number) => string {
  const used = new Set(taken.map((name) => name.toLowerCase()));
  return (panel) => {
    const base = `IndexPricing_${listId}_chart${panel + 1}`;
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${base}_${n}`;
    used.add(name.toLowerCase());
    return name;
  };
}

async function recordBuild(context: Excel.RequestContext, book: WorkbookView, entry: BuiltSheet): Promise<void> {
  const earlier = book.record.readable ? book.record.sheets : [];
  context.workbook.settings.add(PRICING_SHEETS_SETTING, builtSheetsText(withBuiltSheet(earlier, entry)));
  await context.sync();
}

/** A build on a sheet of its own, new. */
async function buildNew(context: Excel.RequestContext, job: Job, book: WorkbookView, plan: PricingSheetPlan) {
  const name = freeSheetName(
    `Pricing ${job.list.name}`,
    book.sheets.map((sheet) => sheet.name),
    "Pricing",
  );
  const sheet = context.workbook.worksheets.add(name);
  sheet.load("id");
  try {
    const written = await writePricingSheet(context, {
      sheet,
      plan,
      owned: new Set(),
      entities: job.entities,
      resizable: job.resizable,
      tableName: freeTableName(`IndexPricing_${job.list.id}`, book.takenNames),
      chartName: chartNames(job.list.id, []),
    });
    return { sheet, sheetId: sheet.id, written, updated: false };
  } catch (error) {
    // Worksheet.delete cannot be undone, so not in an undo group: the caller deletes the sheet in a run of its own.
    if (error instanceof SheetWriteFailed) throw Object.assign(error, { leftover: name });
    throw error;
  }
}

/** The written sheet, or the outcome that stopped the build before anything was written. */
type Build = { sheet: Excel.Worksheet; sheetId: string; written: Written; updated: boolean } | BuildOutcome;

/** A build on the sheet an earlier build of the list made, found by its id. */
async function buildAgain(
  context: Excel.RequestContext,
  job: Job,
  earlier: { readonly built: BuiltSheet; readonly plan: PricingSheetPlan; readonly name: string },
  plan: PricingSheetPlan,
  book: WorkbookView,
): Promise<Build> {
  const sheet = context.workbook.worksheets.getItem(earlier.built.sheetId);
  const view = await surveySheet(context, sheet, earlier);
  if (view.protected) return { built: false, message: PROTECTED, choice: { kind: "newSheet" } };
  const check = checkSheet(view.survey, plan, earlier.plan);
  if (check.blockers.length > 0 || check.tables.length > 0) {
    const origin = freeOrigin(view.survey, plan, check.owned);
    const at = origin === undefined ? undefined : localRange(origin.row, origin.column);
    return {
      built: false,
      message: blockedWords(earlier.name, plan, check, at),
      ...(origin !== undefined && at !== undefined ? { choice: { kind: "move", origin, at } } : {}),
    };
  }
  const anchors = plan.panels.map((panel) => ({ ...panel.spill, bottom: panel.spill.top, right: panel.spill.left }));
  const box = boxOf(check.owned, [plan.table, ...anchors]);
  const snapshot = box === undefined ? undefined : await snapshotCells(context, sheet, box);
  try {
    const written = await writePricingSheet(context, {
      sheet,
      plan,
      earlier,
      view,
      owned: check.owned,
      snapshot,
      entities: job.entities,
      resizable: job.resizable,
      tableName: freeTableName(`IndexPricing_${job.list.id}`, book.takenNames),
      chartName: chartNames(job.list.id, view.chartNames),
    });
    return { sheet, sheetId: earlier.built.sheetId, written, updated: true };
  } catch (error) {
    if (error instanceof SheetWriteFailed && error.restored !== undefined)
      await recordBuild(context, book, { ...earlier.built, ...error.restored });
    throw error;
  }
}

/** Builds `job` in `context` (one Excel.run): the outcome in words, or a SheetWriteFailed after a rollback. */
export async function buildInRun(context: Excel.RequestContext, job: Job): Promise<BuildOutcome> {
  const { list, template, options } = job;
  const book = await readWorkbook(context);
  const built = book.record.readable ? book.record.sheets : [];
  const entry = options.newSheet === true ? undefined : built.find((sheet) => sheet.listId === list.id);
  const sheet = entry === undefined ? undefined : book.sheets.find((candidate) => candidate.id === entry.sheetId);
  const origin = options.origin ?? (sheet !== undefined && entry !== undefined ? entry.origin : TOP_LEFT);
  const plan = planPricingSheet(template, list, origin);
  const limit = planLimitProblem(plan);
  if (limit !== undefined)
    return { built: false, message: `The sheet cannot be built: ${limit}. Nothing was written.` };
  const result =
    sheet === undefined || entry === undefined
      ? await buildNew(context, job, book, plan)
      : await buildAgain(
          context,
          job,
          {
            built: entry,
            plan: planPricingSheet(entry.template, { ...list, symbols: entry.symbols }, entry.origin),
            name: sheet.name,
          },
          plan,
          book,
        );
  if ("built" in result) return result;
  const { written } = result;
  await recordBuild(context, book, {
    listId: list.id,
    sheetId: result.sheetId,
    origin,
    symbols: [...list.symbols],
    template,
    ...written,
  });
  result.sheet.load("name");
  await context.sync();
  return {
    built: true,
    message: builtWords({
      name: result.sheet.name,
      updated: result.updated,
      plan,
      entities: job.entities,
      unreadableRecord: !book.record.readable,
    }),
  };
}
