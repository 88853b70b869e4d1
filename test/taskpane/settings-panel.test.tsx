import { NO_DATA_TYPE } from "../support/startup";
import { screen, within } from "@testing-library/react";
import { DEFAULT_BASE_URL, MemoryStorage, SETTINGS_STORAGE_KEYS, SettingsStore } from "../../src/settings/index";
import { SettingsPanel } from "../../src/taskpane/components/SettingsPanel/SettingsPanel";
import type { StartupPort } from "../../src/taskpane/components/SettingsPanel/SettingsPanel.types";
import { renderPane } from "./render";

/** "Load with workbooks" needs Office; here it is on and stays so. */
const STARTUP: StartupPort = { isOn: async () => true, setOn: async () => undefined };

/** Storage holding `settings` as saved by an earlier version, and an API key. */
async function storageHolding(settings: object, apiKey: string): Promise<MemoryStorage> {
  const storage = new MemoryStorage();
  await storage.setItem(SETTINGS_STORAGE_KEYS.settings, JSON.stringify(settings));
  await storage.setItem(SETTINGS_STORAGE_KEYS.apiKey, apiKey);
  return storage;
}

function renderSettings(storage: MemoryStorage) {
  const noTest = () => Promise.reject(new Error("Test connection is not part of this test."));
  return renderPane(
    <SettingsPanel
      store={new SettingsStore(storage)}
      testConnection={noTest}
      startup={STARTUP}
      dataType={NO_DATA_TYPE}
    />,
  );
}

const ADVICE = "The add-in uses the settings shown below. Check them and choose Save to store them.";
const itemsOf = (notice: HTMLElement) =>
  within(notice)
    .getAllByRole("listitem")
    .map((item) => item.textContent);
const urlField = () => screen.getByRole("textbox", { name: /^Service base URL/ }) as HTMLInputElement;

describe("a stored setting that no longer validates, in the Settings panel", () => {
  it("is named once with why, the other settings are kept, and Save stores what is shown", async () => {
    const storage = await storageHolding({ baseUrl: "https://x.example", keyHeaderStyle: "basic" }, "k1");
    const { user, unmount } = renderSettings(storage);
    const notice = await screen.findByRole("group", { name: "A saved setting was not used" });
    expect(itemsOf(notice)).toEqual([
      'Key header style "basic" was set back to its default: Key header style must be one of x-api-key, bearer.',
    ]);
    expect(notice.textContent).toContain(ADVICE);
    // The valid ones were kept: the service URL, and the saved key (shown on request).
    expect(urlField().value).toBe("https://x.example");
    expect((screen.getByRole("radio", { name: "X-API-Key header" }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole("button", { name: "Show API key" }));
    expect((await screen.findByDisplayValue("k1")).getAttribute("type")).toBe("text");
    // Reading the settings again (for Show) says nothing twice.
    expect(screen.getAllByRole("group", { name: /saved setting/ })).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("group", { name: "Saved" })).toBeTruthy();
    expect(screen.queryByRole("group", { name: /saved setting/ })).toBeNull();
    expect(JSON.parse((await storage.getItem(SETTINGS_STORAGE_KEYS.settings)) ?? "")).toEqual({
      baseUrl: "https://x.example",
      keyHeaderStyle: "x-api-key",
    });
    expect(await storage.getItem(SETTINGS_STORAGE_KEYS.apiKey)).toBe("k1");
    unmount();

    // Saved settings all validate: the panel opens without a notice.
    renderSettings(storage);
    expect(await screen.findByDisplayValue("https://x.example")).toBe(urlField());
    expect(screen.queryByRole("group", { name: /saved setting/ })).toBeNull();
  });

  it("holds back a key saved for a base URL that was set back, says both, and can be dismissed", async () => {
    const storage = await storageHolding({ baseUrl: "https://x.example/?q=1", keyHeaderStyle: "bearer" }, "k");
    const { user } = renderSettings(storage);
    const notice = await screen.findByRole("group", { name: "Some saved settings were not used" });
    expect(itemsOf(notice)).toEqual([
      'Service base URL "https://x.example/?q=1" was set back to its default: The base URL must not contain ? or #; enter only the service root (e.g. https://indexes.example.com).',
      "API key is not used: it was saved for the service base URL that was set back, and a key is never sent to another service. Paste it again once the URL is right.",
    ]);
    expect(urlField().value).toBe(DEFAULT_BASE_URL);
    expect((screen.getByRole("radio", { name: "Authorization: Bearer" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByPlaceholderText("Paste your API key")).toBeTruthy();

    await user.click(within(notice).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("group", { name: /saved settings/ })).toBeNull();
    // Dismissing writes nothing: the stored key stays until a save replaces it.
    expect(await storage.getItem(SETTINGS_STORAGE_KEYS.apiKey)).toBe("k");
  });
});

describe("the gateway switch in the Settings panel", () => {
  const gatewaySwitch = () => screen.getByRole("checkbox", { name: "This URL is my desk's Index Data gateway" });

  it("is off for a fresh install, says what it does, and Save stores it with the URL", async () => {
    const storage = new MemoryStorage();
    const { user } = renderSettings(storage);
    await screen.findAllByDisplayValue(DEFAULT_BASE_URL);
    expect((gatewaySwitch() as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/Turn on only when the URL above is your desk's gateway/)).toBeTruthy();
    await user.clear(urlField());
    await user.type(urlField(), "https://gateway.desk.example");
    await user.click(gatewaySwitch());
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("group", { name: "Saved" })).toBeTruthy();
    expect(JSON.parse((await storage.getItem(SETTINGS_STORAGE_KEYS.settings)) ?? "")).toEqual({
      baseUrl: "https://gateway.desk.example",
      keyHeaderStyle: "x-api-key",
      gateway: true,
    });
  });

  it("shows a stored switch as on, and turning it off stores it off", async () => {
    const storage = await storageHolding(
      { baseUrl: "https://gateway.desk.example", keyHeaderStyle: "x-api-key", gateway: true },
      "k",
    );
    const { user } = renderSettings(storage);
    await screen.findByDisplayValue("https://gateway.desk.example");
    await screen.findByRole("checkbox", { name: "This URL is my desk's Index Data gateway", checked: true });
    await user.click(gatewaySwitch());
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("group", { name: "Saved" })).toBeTruthy();
    expect(JSON.parse((await storage.getItem(SETTINGS_STORAGE_KEYS.settings)) ?? "")).not.toHaveProperty("gateway");
  });

  it("is turned off, and says so, when the base URL it was said of is set back", async () => {
    const storage = await storageHolding(
      { baseUrl: "https://gw.example/#x", keyHeaderStyle: "x-api-key", gateway: true },
      "k",
    );
    renderSettings(storage);
    const notice = await screen.findByRole("group", { name: "Some saved settings were not used" });
    expect(itemsOf(notice)).toContain(
      `"This URL is my desk's Index Data gateway" was turned off: it was said of the service base URL that was set back. Turn it on again once the URL is your gateway's.`,
    );
    expect((gatewaySwitch() as HTMLInputElement).checked).toBe(false);
  });
});
