import { withDeadline } from "@index-data/wire/time";

/** How long a recalculation request may take before refresh gives up waiting for Excel. */
const RECALC_TIMEOUT_MS = 30_000;

/** True where a workbook can be recalculated (Excel); false in the preview and in Node. */
function canRecalculate(): boolean {
  return typeof Excel !== "undefined" && typeof Excel.run === "function";
}

/**
 * Recalculates every formula of the open workbooks, which re-evaluates every INDEX formula with the
 * invalidated cache. A full calculation is the only Office.js call that reaches custom functions whose
 * arguments did not change; Excel answers the unchanged non-INDEX formulas from its own results.
 * Resolves false outside Excel; rejects if Excel refuses or does not answer within RECALC_TIMEOUT_MS.
 */
export async function recalculateIndexFormulas(): Promise<boolean> {
  if (!canRecalculate()) return false;
  const recalculation = Excel.run(async (context) => {
    context.workbook.application.calculate("Full");
    await context.sync();
  });
  await withDeadline(
    recalculation,
    RECALC_TIMEOUT_MS,
    () => new Error("Excel did not recalculate within 30 s; press Ctrl+Alt+F9 to recalculate."),
  );
  return true;
}
