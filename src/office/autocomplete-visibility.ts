import { functionVisibility, publishesNewerDescription, type FunctionVisibility } from "../formulas";
import type { AppContext } from "./app-context/app-context";
import { excelApiSupports } from "./host/excel-api";
import { excelRun, type ExcelRun } from "./host/undo-group";

/** The Office side of AutoComplete's function list; injectable for office-addin-mock. */
export interface VisibilityHost {
  readonly run: ExcelRun;
  /** Excel.CustomFunctionManager came with ExcelApi 1.20. */
  readonly supported: () => boolean;
  /** Excel.CustomFunctionManager.setVisibility (static in Office.js); called inside a batch, then synced. */
  readonly setVisibility: (options: Excel.CustomFunctionVisibilityOptions) => void;
}

const officeHost: Readonly<VisibilityHost> = {
  run: excelRun,
  supported: () => excelApiSupports("1.20"),
  setVisibility: (options) => Excel.CustomFunctionManager.setVisibility(options),
};

/**
 * Shows in AutoComplete the functions the connected service publishes and hides the others (FORWARD, HEALTH and
 * STATUS against the older description). Resolves with what it set, or undefined when the host has no
 * CustomFunctionManager or the service cannot say now (nothing is asked of a host without ExcelApi 1.20).
 */
export async function applyFunctionVisibility(
  app: Pick<AppContext, "userSource">,
  host: VisibilityHost = officeHost,
): Promise<FunctionVisibility | undefined> {
  if (!host.supported()) return undefined;
  const newer = await publishesNewerDescription(app.userSource);
  if (newer === undefined) return undefined;
  const visibility = functionVisibility(newer);
  await host.run(async (context) => {
    host.setVisibility(visibility);
    await context.sync();
  });
  return visibility;
}

/**
 * Keeps AutoComplete's list matching the service: applied now and after every settings change, since Excel does not
 * keep it (setVisibility is not persisted). Returns what stops it. A failure leaves the list as it was, and is
 * recorded for the pane's About section.
 */
export function keepFunctionVisibility(
  app: Pick<AppContext, "userSource" | "settings" | "diagnostics">,
  host: VisibilityHost = officeHost,
): () => void {
  const apply = () =>
    void applyFunctionVisibility(app, host).catch((error: unknown) =>
      app.diagnostics.note({ where: "function visibility", error }),
    );
  apply();
  return app.settings.subscribe(apply);
}
