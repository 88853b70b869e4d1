import { MessageBar, MessageBarBody } from "@fluentui/react-components";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { TaskpaneRoot } from "./components/App/TaskpaneRoot";
import { pagePolicy } from "./model/csp";
import { createTaskpaneServices } from "./services";

/** Renders at once (before office.js reports its host), so the first content shows without waiting. */
function mount(): void {
  const element = document.getElementById("root");
  if (element === null) return;
  const root = createRoot(element);
  let services;
  try {
    services = createTaskpaneServices();
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
      <TaskpaneRoot
        services={services}
        {...(policy !== undefined ? { policy } : {})}
        selfOrigin={window.location.origin}
      />
    </StrictMode>,
  );
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mount);
else mount();
