import { functionVisibility, publishesNewerDescription, type FunctionVisibility } from "../formulas";
import type { AppContext } from "./app-context/app-context";
import { excelApiSupports } from "./host/excel-api";
import { excelRun } from "./host/undo-group";

/**
 * Shows in AutoComplete the functions the connected service publishes and hides the others (FORWARD, HEALTH and
 * STATUS against the older description). Resolves with what it set, or undefined when the host has no
 * CustomFunctionManager or the service cannot say now (nothing is asked of a host without ExcelApi 1.20).
 */
export async function applyFunctionVisibility(
  app: Pick<AppContext, "userSource">,
): Promise<FunctionVisibility | undefined> {
  // Excel.CustomFunctionManager came with ExcelApi 1.20.
  if (!excelApiSupports("1.20")) return undefined;
  const newer = await publishesNewerDescription(app.userSource);
  if (newer === undefined) return undefined;
  const visibility = functionVisibility(newer);
  await excelRun(async (context) => {
    // Static in Office.js: called inside a batch, then synced.
    Excel.CustomFunctionManager.setVisibility(visibility);
    await context.sync();
  });
  return visibility;
}

/**
 * Keeps AutoComplete's list matching the service: applied now and after every settings change, since Excel does not
 * keep it (setVisibility is not persisted). Returns what stops it. A failure leaves the list as it was, and is
 * recorded for the pane's About section.
 */
export function keepFunctionVisibility(app: Pick<AppContext, "userSource" | "settings" | "diagnostics">): () => void {
  const apply = () =>
    void applyFunctionVisibility(app).catch((error: unknown) =>
      app.diagnostics.note({ where: "function visibility", error }),
    );
  apply();
  return app.settings.subscribe(apply);
}
