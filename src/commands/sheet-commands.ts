import type { SheetActions } from "../office";
import { refreshCommand, type CommandOptions } from "./refresh-command";

/**
 * The ribbon's sheet buttons. A ribbon button has no dialog, so each does the plain thing: Freeze for sharing
 * freezes the selection when more than one cell is selected (the trader marked a block), else the active
 * sheet (a single selected cell is where the cursor happens to be, not a choice), and shows the receipt sheet
 * so the outcome is visible; Refresh sheet refreshes the active sheet's INDEX cells without asking (the
 * taskpane's scope picker is where a large refresh is planned and confirmed first).
 * Both call event.completed() in every path, within the command bound (see refreshCommand).
 */
async function freezeSelectionOrSheet(sheet: Pick<SheetActions, "freeze" | "selectedCellCount">): Promise<void> {
  const selected = await sheet.selectedCellCount();
  await sheet.freeze(selected > 1 ? "selection" : "sheet", true);
}

async function refreshActiveSheet(sheet: Pick<SheetActions, "planRefresh" | "runRefresh">): Promise<void> {
  await sheet.runRefresh(await sheet.planRefresh("sheet"));
}

export function sheetCommands(sheet: () => SheetActions, options: CommandOptions = {}) {
  return {
    freezeForSharing: refreshCommand(() => freezeSelectionOrSheet(sheet()), options),
    refreshSheet: refreshCommand(() => refreshActiveSheet(sheet()), options),
  };
}
