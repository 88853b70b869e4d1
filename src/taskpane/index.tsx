// The `taskpane` entry of the shared runtime page: kept tiny so the custom functions (registered by the
// `functions` entry before this runs) are not held up by the UI. React, Fluent UI and the charts load
// with a dynamic import() the first time the pane is shown.
import { officeVisibilityMode, appContext } from "../office";
import { showWhenVisible } from "./show-when-visible";

/** Says in the pane why it is empty when the UI chunk could not load (offline, a deploy half-copied). */
function showLoadFailure(error: unknown): void {
  const status = document.querySelector("#root [role=status]");
  const reason = error instanceof Error ? error.message : String(error);
  if (status !== null)
    status.textContent = `The Index Data pane could not load (${reason}). Close the pane and open it again.`;
}

function loadTaskpaneUi(): void {
  import(/* webpackChunkName: "taskpane-ui" */ "./mount").then(
    ({ mountTaskpane }) => mountTaskpane(appContext),
    showLoadFailure,
  );
}

function start(): void {
  // The diagnostics are the app context's, which the functions entry has already started in Excel.
  showWhenVisible(loadTaskpaneUi, document, officeVisibilityMode(appContext().diagnostics));
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
