import { NO_DATA_TYPE } from "../support/startup";
import { act, screen, waitFor } from "@testing-library/react";
import { CredentialWatch, type CredentialStatus } from "../../src/runtime";
import { MemoryStorage, SETTINGS_STORAGE_KEYS, SettingsStore } from "../../src/settings/index";
import { SettingsPanel } from "../../src/taskpane/components/SettingsPanel/SettingsPanel";
import type { StartupPort } from "../../src/taskpane/components/SettingsPanel/SettingsPanel.types";
import { renderPane } from "./render";

/** The Settings panel says which credential the runtime's requests carry, and follows it as it changes. */
const STARTUP: StartupPort = { isOn: async () => true, setOn: async () => undefined };

async function renderWith(status: CredentialStatus): Promise<CredentialWatch> {
  const storage = new MemoryStorage();
  await storage.setItem(SETTINGS_STORAGE_KEYS.apiKey, "desk-token-1");
  const noTest = () => Promise.reject(new Error("Test connection is not part of this test."));
  const watch = new CredentialWatch();
  watch.begin(status);
  renderPane(
    <SettingsPanel
      store={new SettingsStore(storage)}
      testConnection={noTest}
      startup={STARTUP}
      dataType={NO_DATA_TYPE}
      credential={watch}
    />,
  );
  // The startup switch reads its state as the pane opens: let it settle before the test looks.
  const startup = screen.getByRole("switch") as HTMLInputElement;
  await waitFor(() => expect(startup.disabled).toBe(false));
  return watch;
}

test("where Office can sign the user in, the pane says the Microsoft sign-in is in use", async () => {
  await renderWith({ credential: "sign-in", signInNamed: true });
  expect((await screen.findByText(/Your Microsoft sign-in/)).getAttribute("data-credential")).toBe("sign-in");
});

test("where nested app authentication is missing, the pane says the desk token is used instead, and why", async () => {
  await renderWith({ credential: "desk-token", signInNamed: true, fallback: "no-naa" });
  expect((await screen.findByText(/The desk token/)).getAttribute("data-credential")).toBe("desk-token");
  expect(screen.getByText(/cannot sign you in for the add-in/).textContent).toMatch(/desk token is used instead/);
});

test("the line follows the runtime: consent needed, then signed in after Save, without reopening the pane", async () => {
  const watch = await renderWith({ credential: "sign-in", signInNamed: true });
  await screen.findByText(/Your Microsoft sign-in/);
  const session = watch.begin({ credential: "sign-in", signInNamed: true });
  act(() => watch.report(session, { credential: "none", signInNamed: true, fallback: "consent" }));
  expect(screen.getByText(/None: requests go out anonymously/).getAttribute("data-fallback")).toBe("consent");
  expect(screen.getByText(/has not yet consented/).textContent).toMatch(/ask your administrator.*anonymously\.$/);
  act(() => {
    watch.begin({ credential: "sign-in", signInNamed: true });
    // A report of the session before the last Save is stale, and ignored.
    watch.report(session, { credential: "desk-token", signInNamed: true, fallback: "failed" });
  });
  expect(screen.getByText(/Your Microsoft sign-in/).getAttribute("data-credential")).toBe("sign-in");
});
