import type { AppContext } from "./shared-runtime";
import {
  checkTemplate,
  planPricingSheet,
  unknownSymbolsProblem,
  type PricingSheetPlan,
  type PricingTemplate,
  type WatchList,
} from "../workbook";
import type { IndexDomainControl } from "./data-type-domain";
import { writePricingSheet, type WrittenSheet } from "./pricing-sheet-writer";
import type { StartupControl } from "./startup";
import { excelRun, inOneUndoStep, undoGroupsSupported, type ExcelRun } from "./undo-group";

/** What a build did, in words for the pane. */
export interface BuildOutcome {
  /** False when nothing was written (a template or a list refused); the message says why. */
  readonly built: boolean;
  readonly message: string;
}

/** The sheet builder, for the pane's Sheets tab. */
export interface PricingSheetActions {
  /** Builds the list's pricing sheet from `template`, or updates the one an earlier build made, in place. */
  build(list: WatchList, template: PricingTemplate): Promise<BuildOutcome>;
}

interface BuilderHost {
  readonly run: ExcelRun;
  /** Whether the build can be one undo step (ExcelApi 1.20). */
  readonly undoGroups: () => boolean;
}

const NOTHING_WRITTEN = "Nothing was written.";

function describe(written: WrittenSheet, plan: PricingSheetPlan, entities: boolean): string {
  const verb = written.updated ? `Updated the sheet "${written.name}" in place` : `Built the sheet "${written.name}"`;
  const rows = plan.symbols.length;
  const panels = plan.panels.length;
  const under =
    panels === 0
      ? ""
      : `, and under it the list's last days in ${panels === 1 ? "a panel" : `${panels} panels`}${written.charts > 0 ? " with charts" : ""}`;
  const index = entities ? "" : " The Index column holds symbols: Index values need Excel with linked data types.";
  return `${verb}: ${rows} ${rows === 1 ? "index" : "indexes"} in a table of ${plan.header.length} columns${under}.${index}`;
}

/**
 * The builder through `Excel.run` over the shared runtime's context and its Index domain. The template and the list are checked before
 * anything is written (a template's formulas, every symbol against the catalogue, asked as the user's own read); the
 * build is one undo step where the host has ExcelApi 1.20, and asks Office to load the add-in with the workbook, as
 * inserting a formula does.
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
  const domain = app.indexDomain;
  return {
    async build(list, template) {
      const checked = checkTemplate(template);
      if (!checked.ok)
        return { built: false, message: `The template cannot be used: ${checked.problem}. ${NOTHING_WRITTEN}` };
      const catalogue = (await app.userSource.listIndexes()).data.map((entry) => entry.symbol);
      const unknown = unknownSymbolsProblem(list.symbols, catalogue);
      if (unknown !== undefined) return { built: false, message: `${unknown} ${NOTHING_WRITTEN}` };
      const plan = planPricingSheet(checked.value, list);
      const entities = await domain.register();
      const outcome = await inOneUndoStep(run, undoGroups(), async (context) => {
        const written = await writePricingSheet(context, list, plan, entities);
        return { built: true, message: describe(written, plan, entities) };
      });
      await app.startup.afterFormulaInserted();
      return outcome;
    },
  };
}
