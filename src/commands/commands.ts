// The `commands` entry of the shared runtime: the ribbon's ExecuteFunction buttons.
import { getContext } from "../office/context";
import { excelDeskActions } from "../office/desk-actions";
import { deskCommands } from "./desk-commands";
import { refreshCommand, type CommandEvent } from "./refresh-command";

const refreshAll = refreshCommand(() => getContext().refresh());
const desk = deskCommands(() => excelDeskActions(getContext()));

if (typeof Office !== "undefined" && typeof Office.onReady === "function") {
  void Office.onReady(() => {
    // Office calls the handler and waits for event.completed(), which refreshCommand calls in every path.
    Office.actions.associate("refreshAll", (event: CommandEvent) => {
      void refreshAll(event);
    });
    Office.actions.associate("freezeForSharing", (event: CommandEvent) => {
      void desk.freezeForSharing(event);
    });
    Office.actions.associate("refreshSheet", (event: CommandEvent) => {
      void desk.refreshSheet(event);
    });
  });
}
