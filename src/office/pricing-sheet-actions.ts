import type { AppContext } from "./app-context/app-context";
import {
  builtSheetsText,
  checkTemplate,
  unknownSymbolsProblem,
  type PricingTemplate,
  type WatchList,
} from "../workbook";
import { buildInRun, type BuildOptions, type BuildOutcome } from "./pricing-sheets/build";
import type { IndexDomainControl } from "./data-type/domain";
import { PRICING_SHEETS_SETTING, readWorkbook } from "./pricing-sheets/survey";
import { SheetWriteFailed } from "./pricing-sheets/writer";
import { failedWords, NOTHING_WRITTEN } from "./pricing-sheets/words";
import { excelApiSupports } from "./host/excel-api";
import type { StartupControl } from "./host/startup";
import { excelRun, inOneUndoStep, NO_UNDO_GROUPS, undoGroupsSupported, type ExcelRun } from "./host/undo-group";

export type { BuildChoice, BuildOptions, BuildOutcome } from "./pricing-sheets/build";

/** The sheet builder, for the pane's Sheets tab. */
export interface PricingSheetActions {
  /** Builds the list's pricing sheet from `template`, or updates the one an earlier build made, in place. */
  build(list: WatchList, template: PricingTemplate, options?: BuildOptions): Promise<BuildOutcome>;
  /** Builds every list's sheet again, each from the template it was last built with. */
  rebuildAll(lists: readonly WatchList[]): Promise<BuildOutcome>;
  /** The name of the sheet the list's last build made, when it is still in the workbook. */
  sheetOf(listId: string): Promise<string | undefined>;
  /**
   * The list is deleted: its sheet is deleted with it (`deleteSheet`), or stays as a sheet of the trader's own, no
   * longer the builder's. Says what was done.
   */
  release(listId: string, deleteSheet: boolean): Promise<string>;
}

interface BuilderHost {
  readonly run: ExcelRun;
  /** Whether the build can be one undo step (ExcelApi 1.20). */
  readonly undoGroups: () => boolean;
  /** Whether Excel resizes a table in place (ExcelApi 1.13). */
  readonly tableResize: () => boolean;
}

/**
 * The builder through `Excel.run` over the app context and its Index domain. The template and the list are
 * checked before anything is written (a template's formulas, every symbol against the catalogue, asked as the user's
 * own read); each build is one undo step where the host has ExcelApi 1.20 (and says so where it has not), and asks
 * Office to load the add-in with the workbook, as inserting a formula does.
 */
export function excelPricingSheetActions(
  app: Pick<AppContext, "userSource"> & {
    /** The Index domain: where Excel links data types, the index column holds Index values. */
    readonly indexDomain: Pick<IndexDomainControl, "register">;
    readonly startup: Pick<StartupControl, "afterFormulaInserted">;
  },
  host: Partial<BuilderHost> = {},
): PricingSheetActions {
  const run = host.run ?? excelRun;
  const undoGroups = host.undoGroups ?? undoGroupsSupported;
  const tableResize = host.tableResize ?? (() => excelApiSupports("1.13"));
  const build = async (
    list: WatchList,
    template: PricingTemplate,
    options: BuildOptions = {},
  ): Promise<BuildOutcome> => {
    const checked = checkTemplate(template);
    if (!checked.ok)
      return { built: false, message: `The template cannot be used: ${checked.problem}. ${NOTHING_WRITTEN}` };
    const catalogue = (await app.userSource.listIndexes()).data.map((entry) => entry.symbol);
    const unknown = unknownSymbolsProblem(list.symbols, catalogue);
    if (unknown !== undefined) return { built: false, message: `${unknown} ${NOTHING_WRITTEN}` };
    const entities = await app.indexDomain.register();
    const grouped = undoGroups();
    const job = { list, template: checked.value, entities, resizable: tableResize(), options };
    const outcome = await inOneUndoStep(run, grouped, async (context) => {
      try {
        return await buildInRun(context, job);
      } catch (error) {
        // Excel would not group a step: the whole build runs again outside a group (inOneUndoStep).
        if (!(error instanceof SheetWriteFailed) || (error.cause as { code?: unknown })?.code === "UndoNotSupported")
          throw error instanceof SheetWriteFailed ? error.cause : error;
        const leftover = (error as { leftover?: string }).leftover;
        return { built: false, message: failedWords(error.cause), leftover };
      }
    });
    const { leftover, ...said } = outcome;
    if (leftover !== undefined) await deleteSheet(run, leftover);
    if (!said.built) return said;
    await app.startup.afterFormulaInserted();
    return grouped ? said : { ...said, message: `${said.message} ${NO_UNDO_GROUPS}` };
  };
  return {
    build,
    async rebuildAll(lists) {
      const book = await run((context) => readWorkbook(context));
      if (!book.record.readable)
        return {
          built: false,
          message:
            "The record of the sheets built before cannot be read, so no sheet was rebuilt. Build each list's sheet again from its list.",
        };
      const rebuilt: string[] = [];
      const refused: string[] = [];
      for (const entry of book.record.sheets) {
        const list = lists.find((candidate) => candidate.id === entry.listId);
        if (list === undefined) continue;
        const outcome = await build(list, entry.template);
        (outcome.built ? rebuilt : refused).push(outcome.built ? list.name : `"${list.name}": ${outcome.message}`);
      }
      if (rebuilt.length === 0 && refused.length === 0)
        return { built: false, message: "No pricing sheet has been built from these lists yet: build one first." };
      const done = `Rebuilt ${rebuilt.length} pricing ${rebuilt.length === 1 ? "sheet" : "sheets"}${rebuilt.length > 0 ? ` (${rebuilt.map((name) => `"${name}"`).join(", ")})` : ""}, each from the template it was built with.`;
      const left = refused.length === 0 ? "" : ` Not rebuilt: ${refused.join(" ")}`;
      return { built: refused.length === 0, message: `${done}${left}` };
    },
    async sheetOf(listId) {
      const book = await run((context) => readWorkbook(context));
      const entry = book.record.readable ? book.record.sheets.find((sheet) => sheet.listId === listId) : undefined;
      return book.sheets.find((sheet) => sheet.id === entry?.sheetId)?.name;
    },
    release: (listId, remove) =>
      // Worksheet.delete cannot be undone, so this is no undo group: the pane has asked first.
      run(async (context) => {
        const book = await readWorkbook(context);
        if (!book.record.readable) return "The record of the sheets built before cannot be read: no sheet was changed.";
        const entry = book.record.sheets.find((sheet) => sheet.listId === listId);
        const sheet = book.sheets.find((candidate) => candidate.id === entry?.sheetId);
        if (remove && sheet !== undefined) context.workbook.worksheets.getItem(sheet.id).delete();
        const others = book.record.sheets.filter((built) => built.listId !== listId);
        context.workbook.settings.add(PRICING_SHEETS_SETTING, builtSheetsText(others));
        await context.sync();
        if (sheet === undefined) return "";
        return remove
          ? `Deleted its sheet "${sheet.name}" too (a deleted sheet cannot be undone).`
          : `Its sheet "${sheet.name}" stays, as a sheet of your own: the builder no longer changes it.`;
      }),
  };
}

/** Deletes a sheet a failed build made, in a run of its own: Worksheet.delete is not one an undo group takes. */
async function deleteSheet(run: ExcelRun, name: string): Promise<void> {
  await run(async (context) => {
    context.workbook.worksheets.getItem(name).delete();
    await context.sync();
  });
}
