import { systemClock, type Clock } from "@index-data/wire/time";
import type { AppContext } from "./app-context/app-context";
import { excelApiSupports } from "./host/excel-api";
import type { FreezeOutcome } from "./freeze/freeze";
import type { RestoreOutcome } from "./freeze/restore";
import type { FrozenCheckOutcome } from "./freeze/frozen-check";
import type { CellScope } from "./refresh/scope-ranges";
import { excelRun, inOneUndoStep, undoGroupsSupported, type ExcelRun } from "./host/undo-group";
import { planRefresh, runRefresh, type RefreshOutcome, type RefreshPlan, type RefreshScope } from "./refresh/scope";

export type { FreezeOutcome } from "./freeze/freeze";
export type { RestoreOutcome } from "./freeze/restore";
export type { CorrectedCell, FrozenCheckOutcome } from "./freeze/frozen-check";
export type { RefreshOutcome, RefreshPlan, RefreshScope } from "./refresh/scope";
export type { CellScope } from "./refresh/scope-ranges";

/** The desk's workbook-wide actions, for the taskpane's Share panel and refresh scope picker and the ribbon. */
export interface SheetActions {
  freeze(scope: CellScope, receiptVisible: boolean): Promise<FreezeOutcome>;
  restore(selectionOnly: boolean): Promise<RestoreOutcome>;
  /** The active sheet's frozen cells whose published day the service has corrected since; writes nothing. */
  checkFrozen(): Promise<FrozenCheckOutcome>;
  /** What a scoped refresh would do (cells, requests); nothing is fetched. */
  planRefresh(scope: RefreshScope): Promise<RefreshPlan>;
  runRefresh(plan: RefreshPlan): Promise<RefreshOutcome>;
  /** The selection's cell count: the ribbon's Freeze picks the selection above one cell, else the sheet. */
  selectedCellCount(): Promise<number>;
}

/**
 * Desk actions through `Excel.run` over the app context; `run` is injectable for the Office fake,
 * `clock` (what freezing waits for busy cells on) for a fake clock. Receipts are signed with a key in the
 * add-in's storage (OfficeRuntime.storage), never in the workbook. Freeze and restore are each one undo step
 * where `undoGroups` holds (ExcelApi 1.20). Freezing's and restoring's code loads when first used: the shared runtime
 * registers the functions without it.
 */
export function excelSheetActions(
  app: AppContext,
  run: ExcelRun = excelRun,
  clock: Clock = systemClock,
  undoGroups: () => boolean = undoGroupsSupported,
): SheetActions {
  const signer = app.receiptSigner;
  // Data types (cards) are read and written through valuesAsJson, ExcelApi 1.16.
  const dataTypes = () => excelApiSupports("1.16");
  return {
    freeze: (scope, receiptVisible) =>
      inOneUndoStep(run, undoGroups(), async (context) => {
        const [{ freezeForSharing }, engine, { baseUrl }] = await Promise.all([
          import("./freeze/freeze"),
          app.engine(),
          app.settings.load(),
        ]);
        return freezeForSharing(context, {
          scope,
          receiptVisible,
          serviceUrl: baseUrl,
          now: () => new Date(),
          provenanceOf: (address) => engine.addresses.provenanceOf(address),
          errorOf: (address) => engine.addresses.errorOf(address),
          signer,
          dataTypes: dataTypes(),
          settle: { clock },
        });
      }),
    restore: (selectionOnly) =>
      inOneUndoStep(run, undoGroups(), async (context) => {
        const { restoreFormulas } = await import("./freeze/restore");
        return restoreFormulas(context, { selectionOnly, signer, dataTypes: dataTypes() });
      }),
    checkFrozen: () =>
      run(async (context) => {
        const [{ checkFrozenSheet }, engine] = await Promise.all([import("./freeze/frozen-check"), app.engine()]);
        return checkFrozenSheet(context, {
          historyNow: async (symbol, startDate, endDate) =>
            (await engine.historyNow(symbol, { startDate, endDate })).data.values,
          signer,
        });
      }),
    planRefresh: (scope) => run(async (context) => planRefresh(context, await app.engine(), scope)),
    runRefresh: (plan) => run((context) => runRefresh(context, app, plan)),
    selectedCellCount: () =>
      run(async (context) => {
        const selection = context.workbook.getSelectedRange();
        selection.load("cellCount");
        await context.sync();
        return selection.cellCount;
      }),
  };
}
