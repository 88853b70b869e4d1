import { excelApiSupports } from "./excel-api";

/**
 * `Excel.run` as the actions call it: `options` is passed only when it says something (mergeUndoGroup), so a host
 * without ExcelApi 1.20 is called exactly as before. Injectable for the Office fake.
 */
export type ExcelRun = <T>(
  batch: (context: Excel.RequestContext) => Promise<T>,
  options?: Excel.RunOptions,
) => Promise<T>;

/** The real `Excel.run`. */
export const excelRun: ExcelRun = (batch, options) =>
  options === undefined ? Excel.run(batch) : Excel.run(options, batch);

/** Undo groups (`Excel.run({ mergeUndoGroup: true }, …)`) came with ExcelApi 1.20. */
export const undoGroupsSupported = (): boolean => excelApiSupports("1.20");

/** Appended to an action's message when Excel would not make it one undo step. */
export const NOT_ONE_UNDO_STEP =
  "It cannot be undone in one step: Excel would not group all of its changes, so Ctrl+Z undoes them one at a time.";

/** Appended to an action's message where Excel has no undo groups (before ExcelApi 1.20). */
export const NO_UNDO_GROUPS =
  "It cannot be undone in one step: this Excel has no undo groups (ExcelApi 1.20), so Ctrl+Z undoes its changes one at a time.";

/** Excel's error when an API in an undo group does not support undo (a string code on OfficeExtension.Error). */
export function isUndoNotSupported(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "UndoNotSupported";
}

/**
 * Runs a desk action as one undo step where the host can (ExcelApi 1.20): one Ctrl+Z takes the whole action back.
 * Where Excel refuses the group (UndoNotSupported) the action runs again without it, so it still completes, and its
 * message says it cannot be undone in one step. The batch reads the workbook afresh each time it runs.
 */
export async function inOneUndoStep<T extends { readonly message: string; readonly notable?: boolean }>(
  run: ExcelRun,
  grouped: boolean,
  batch: (context: Excel.RequestContext) => Promise<T>,
): Promise<T> {
  if (!grouped) return run(batch);
  try {
    return await run(batch, { mergeUndoGroup: true });
  } catch (error) {
    if (!isUndoNotSupported(error)) throw error;
    const outcome = await run(batch);
    // An outcome the ribbon reports only when notable now says something worth reading.
    const notable = "notable" in outcome ? { notable: true } : {};
    return { ...outcome, ...notable, message: `${outcome.message} ${NOT_ONE_UNDO_STEP}` };
  }
}
