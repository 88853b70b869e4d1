import { type DataTypeAction, type DataTypeActions, type DataTypeReport } from "../office";
import { refreshCommand, type CommandOptions } from "./refresh-command";

/**
 * The Data tab's Index buttons: Convert to Index and Convert to text on the selection. A ribbon button cannot speak,
 * so an outcome worth reading (cells left untouched, INDEX.CARD formulas written instead of entities and why, a
 * failure) goes to `report`, which opens the pane to say it. Each calls event.completed() in every path, within the
 * command bound (see refreshCommand).
 */
export function dataTypeCommands(
  actions: () => DataTypeActions,
  report: (report: DataTypeReport) => void,
  options: CommandOptions = {},
) {
  const command = (action: DataTypeAction) =>
    refreshCommand(async () => {
      try {
        const outcome = await actions()[action]();
        if (outcome.notable) report({ action, outcome });
      } catch (error) {
        report({ action, error });
      }
    }, options);
  return { convertToIndex: command("toIndex"), convertToText: command("toText") };
}
