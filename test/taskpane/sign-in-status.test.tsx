import { screen } from "@testing-library/react";
import { MemoryStorage, SETTINGS_STORAGE_KEYS, SettingsStore } from "../../src/settings/index";
import { SettingsPanel } from "../../src/taskpane/components/SettingsPanel/SettingsPanel";
import type { StartupPort } from "../../src/taskpane/components/SettingsPanel/SettingsPanel.types";
import { renderPane } from "./render";

/** The Settings panel says which credential requests carry: the sign-in, or the desk token where NAA is missing. */
const STARTUP: StartupPort = { isOn: async () => true, setOn: async () => undefined };
const SIGN_IN = {
  clientId: "00000000-0000-4000-8000-000000000abc",
  authority: "https://login.microsoftonline.com/tenant",
  scope: "api://gateway/Indexes.Read",
};

async function renderWith(nestedAppAuth: boolean) {
  const storage = new MemoryStorage();
  await storage.setItem(SETTINGS_STORAGE_KEYS.apiKey, "desk-token-1");
  const noTest = () => Promise.reject(new Error("Test connection is not part of this test."));
  return renderPane(
    <SettingsPanel
      store={new SettingsStore(storage)}
      testConnection={noTest}
      startup={STARTUP}
      signIn={SIGN_IN}
      nestedAppAuth={nestedAppAuth}
    />,
  );
}

test("where Office can sign the user in, the pane says the Microsoft sign-in is in use", async () => {
  await renderWith(true);
  expect((await screen.findByText(/Your Microsoft sign-in/)).getAttribute("data-credential")).toBe("sign-in");
});

test("where nested app authentication is missing, the pane says the desk token is used instead, and why", async () => {
  await renderWith(false);
  expect((await screen.findByText(/The desk token/)).getAttribute("data-credential")).toBe("desk-token");
  expect(screen.getByText(/cannot sign you in for the add-in/).textContent).toMatch(/desk token is used instead/);
});
