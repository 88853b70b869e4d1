// The `commands` entry of the shared runtime: the ribbon's ExecuteFunction buttons.
import { getContext } from "../office/context";
import { refreshCommand, type CommandEvent } from "./refresh-command";

const refreshAll = refreshCommand(() => getContext().refresh());

if (typeof Office !== "undefined" && typeof Office.onReady === "function") {
  void Office.onReady(() => {
    // Office calls the handler and waits for event.completed(), which refreshCommand calls in every path.
    Office.actions.associate("refreshAll", (event: CommandEvent) => {
      void refreshAll(event);
    });
  });
}
