import { withDeadline } from "@index-data/wire/time";
import { noDiagnostics, type Diagnostics } from "@index-data/wire/diagnostics";
import { normalizeAddress, sheetOf } from "../../workbook";

/**
 * Which cells the user can see, for the request engine's order: a visible cell's request goes before the
 * background's. Office.js has no "scrolled viewport" (VBA's Window.VisibleRange has no counterpart), so the
 * visible set is the active worksheet's used range less its hidden and filtered-out rows and columns
 * (`Range.getVisibleView`, ExcelApi 1.3). A hint only: a host without these APIs gets the whole active sheet,
 * or no hint at all; nothing here decides what is sent.
 */

/** Above this many used cells the visible view is not read (one sync would carry every address): the sheet counts. */
const MAX_VIEW_CELLS = 10_000;

/** Reading the visible set must never hold up a refresh. */
const READ_BOUND_MS = 2000;

export type IsVisible = (address: string) => boolean;

type Run = <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;

function onSheet(sheet: string): IsVisible {
  const name = sheet.toLowerCase();
  return (address) => sheetOf(address).toLowerCase() === name;
}

/** The cells of `view` (RangeView.cellAddresses, with or without the sheet's name) as one set. */
function inView(sheet: string, cellAddresses: readonly (readonly unknown[])[]): IsVisible {
  const cells = new Set<string>();
  for (const row of cellAddresses) {
    for (const cell of row) {
      if (typeof cell !== "string") continue;
      cells.add(normalizeAddress(cell.includes("!") ? cell : `${sheet}!${cell}`).toUpperCase());
    }
  }
  return (address) => cells.has(normalizeAddress(address).toUpperCase());
}

/** The visible set of the active worksheet: its visible used cells, or the whole sheet when they cannot be read. */
export async function readVisibleCells(context: Excel.RequestContext): Promise<IsVisible> {
  const sheet = context.workbook.worksheets.getActiveWorksheet();
  sheet.load("name");
  await context.sync();
  const wholeSheet = onSheet(sheet.name);
  try {
    const used = sheet.getUsedRangeOrNullObject(true); // ExcelApi 1.4
    used.load("rowCount,columnCount"); // isNullObject is set by the sync itself
    await context.sync();
    if (used.isNullObject || used.rowCount * used.columnCount > MAX_VIEW_CELLS) return wholeSheet;
    const view = used.getVisibleView(); // ExcelApi 1.3
    view.load("cellAddresses");
    await context.sync();
    return inView(sheet.name, view.cellAddresses as unknown[][]);
  } catch {
    // Expected: an older host; the active sheet is still a fair guess of what the user sees.
    return wholeSheet;
  }
}

/** Reads the visible set and hands it on; anything Office refuses (no workbook, an old host) leaves the last hint. */
export async function reportVisibleCells(
  run: Run,
  report: (isVisible: IsVisible) => void,
  diagnostics: Diagnostics = noDiagnostics,
): Promise<void> {
  try {
    report(await withDeadline(run(readVisibleCells), READ_BOUND_MS, () => new Error("visible cells: no answer")));
  } catch (error) {
    // A hint only: the order falls back to first come first served.
    diagnostics.note({ where: "visible cells", error });
  }
}

/**
 * Reports the visible set now and whenever another worksheet is activated (WorksheetCollection.onActivated,
 * ExcelApi 1.7; without it, the set follows refreshes only). Resolves when the handler is registered or refused.
 */
export async function watchVisibleCells(
  run: Run,
  report: (isVisible: IsVisible) => void,
  diagnostics: Diagnostics = noDiagnostics,
): Promise<void> {
  await reportVisibleCells(run, report, diagnostics);
  try {
    await run(async (context) => {
      context.workbook.worksheets.onActivated.add(() => reportVisibleCells(run, report, diagnostics));
      await context.sync();
    });
  } catch (error) {
    // No activation events on this host: the visible set follows refreshes only.
    diagnostics.note({ where: "worksheet activation events", error });
  }
}
