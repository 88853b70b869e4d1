// The taskpane UI (React, Fluent UI, charts): loaded by the light bootstrap (index.tsx) only when the pane shows.
import { MessageBar, MessageBarBody } from "@fluentui/react-components";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { TaskpaneRoot } from "./components/App/TaskpaneRoot";
import { pagePolicy } from "./model/csp";
import type { AppContext } from "../office";
import { createTaskpaneServices } from "./services";

/** Renders into #root, replacing the shell the page shows while scripts load; `app` gives the entry its app context. */
export function mountTaskpane(app: () => AppContext): void {
  const element = document.getElementById("root");
  if (element === null) return;
  const root = createRoot(element);
  let services;
  try {
    services = createTaskpaneServices(app());
  } catch (error) {
    root.render(
      <MessageBar intent="error">
        <MessageBarBody>
          The add-in could not start: {error instanceof Error ? error.message : String(error)}
        </MessageBarBody>
      </MessageBar>,
    );
    return;
  }
  const policy = pagePolicy();
  root.render(
    <StrictMode>
      <TaskpaneRoot services={services} policy={policy} selfOrigin={window.location.origin} />
    </StrictMode>,
  );
}
