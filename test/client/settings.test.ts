import {
  checkSettings,
  DEFAULT_BASE_URL,
  defaultSettings,
  FALLBACK_BASE_URL,
  MemoryStorage,
  parseSettings,
  SETTINGS_STORAGE_KEYS,
  SettingsStore,
  toClientOptions,
  type Settings,
} from "../../src/settings";
import { isConfigurationError } from "@index-data/wire";

describe("settings validation", () => {
  it("defaults to the dev server when no build-time base URL was defined", () => {
    expect(DEFAULT_BASE_URL).toBe(FALLBACK_BASE_URL);
    expect(defaultSettings()).toEqual({ baseUrl: "https://localhost:3000", keyHeaderStyle: "x-api-key" });
  });

  it.each([
    ["https://indexes.example.com/", "https://indexes.example.com"],
    ["  https://indexes.example.com/base//  ", "https://indexes.example.com/base"],
    ["https://indexes.example.com/api/v1/", "https://indexes.example.com"],
    ["http://127.0.0.1:3001", "http://127.0.0.1:3001"],
    ["HTTPS://Indexes.Example.com:443", "https://indexes.example.com"],
  ])("normalizes %p to %p", (input, expected) => {
    expect(parseSettings({ baseUrl: input }).baseUrl).toBe(expected);
  });

  it.each([
    ["", /Enter the service base URL/],
    ["indexes.example.com", /not a URL/],
    ["ftp://indexes.example.com", /https:\/\/ or http:\/\//],
    ["https://user:pw@indexes.example.com", /user name or password/],
    ["https://indexes.example.com/?tenant=1", /must not contain \? or #/],
    ["https://indexes.example.com/#x", /must not contain \? or #/],
  ])("refuses base URL %p", (input, message) => {
    const checked = checkSettings({ baseUrl: input });
    expect(checked.ok).toBe(false);
    expect(checked.ok ? "" : checked.errors.baseUrl).toMatch(message);
  });

  it("allows a key over http only to loopback", () => {
    for (const baseUrl of [
      "http://localhost:3001",
      "http://127.0.0.5:3001",
      "http://[::1]:3001",
      "https://indexes.example.com",
    ]) {
      expect(checkSettings({ baseUrl, apiKey: "k-123" }).ok).toBe(true);
    }
    const remote = checkSettings({ baseUrl: "http://indexes.example.com", apiKey: "k-123" });
    expect(remote.ok ? "" : remote.errors.apiKey).toMatch(/only sent over https/);
    expect(checkSettings({ baseUrl: "http://indexes.example.com" }).ok).toBe(true);
    expect(checkSettings({ baseUrl: "http://127.example.com", apiKey: "k" }).ok).toBe(false);
  });

  it("trims the key, treats an empty key as none, and refuses keys that cannot go in a header", () => {
    expect(parseSettings({ baseUrl: "https://x.example", apiKey: "  abc  " }).apiKey).toBe("abc");
    expect(parseSettings({ baseUrl: "https://x.example", apiKey: "   " }).apiKey).toBeUndefined();
    const spaced = checkSettings({ baseUrl: "https://x.example", apiKey: "ab cd" });
    expect(spaced.ok ? "" : spaced.errors.apiKey).toMatch(/cannot be sent in a header/);
    const style = checkSettings({ baseUrl: "https://x.example", keyHeaderStyle: "cookie" });
    expect(style.ok ? "" : style.errors.keyHeaderStyle).toMatch(/x-api-key, bearer/);
  });

  it("throws a ConfigurationError listing what to fix", () => {
    expect.assertions(2);
    try {
      parseSettings({ baseUrl: "http://indexes.example.com", apiKey: "sekrit-key-123" });
    } catch (error) {
      expect(isConfigurationError(error)).toBe(true);
      expect((error as Error).message).not.toContain("sekrit-key-123");
    }
  });

  it("maps settings to client options, adding extras", () => {
    const settings: Settings = { baseUrl: "https://x.example", apiKey: "k", keyHeaderStyle: "bearer" };
    expect(toClientOptions(settings, { timeoutMs: 5000 })).toEqual({
      baseUrl: "https://x.example",
      apiKey: "k",
      keyHeaderStyle: "bearer",
      gateway: false,
      timeoutMs: 5000,
    });
    expect(toClientOptions({ baseUrl: "https://x.example", keyHeaderStyle: "x-api-key" }).apiKey).toBeUndefined();
  });
});

describe("SettingsStore", () => {
  it("loads defaults from empty storage", async () => {
    await expect(new SettingsStore(new MemoryStorage()).load()).resolves.toEqual(defaultSettings());
  });

  it("saves, reloads in a new store, and keeps the key in its own entry", async () => {
    const storage = new MemoryStorage();
    const saved = await new SettingsStore(storage).save({
      baseUrl: "https://x.example/",
      apiKey: "secret-1",
      keyHeaderStyle: "bearer",
    });
    expect(saved).toEqual({ baseUrl: "https://x.example", apiKey: "secret-1", keyHeaderStyle: "bearer" });
    await expect(new SettingsStore(storage).load()).resolves.toEqual(saved);
    expect(storage.keys().sort()).toEqual([SETTINGS_STORAGE_KEYS.apiKey, SETTINGS_STORAGE_KEYS.settings].sort());
    expect(await storage.getItem(SETTINGS_STORAGE_KEYS.settings)).not.toContain("secret-1");
  });

  it("refuses invalid settings without writing anything", async () => {
    const storage = new MemoryStorage();
    await expect(new SettingsStore(storage).save({ baseUrl: "http://x.example", apiKey: "k" })).rejects.toMatchObject({
      name: "ConfigurationError",
    });
    expect(storage.keys()).toEqual([]);
  });

  it("clears the key only, and tells subscribers about each change until they unsubscribe", async () => {
    const storage = new MemoryStorage();
    const store = new SettingsStore(storage);
    const seen: Settings[] = [];
    const unsubscribe = store.subscribe((s) => seen.push(s));
    store.subscribe(() => {
      throw new Error("a broken subscriber");
    });
    await store.save({ baseUrl: "https://x.example", apiKey: "k1" });
    await store.clearKey();
    unsubscribe();
    await store.save({ baseUrl: "https://y.example" });
    expect(seen).toEqual([
      { baseUrl: "https://x.example", apiKey: "k1", keyHeaderStyle: "x-api-key" },
      { baseUrl: "https://x.example", keyHeaderStyle: "x-api-key" },
    ]);
    expect(await storage.getItem(SETTINGS_STORAGE_KEYS.apiKey)).toBeNull();
  });
});

/** A store over storage holding `settings` (an object as JSON, or raw text) and, when given, an API key. */
async function storeHolding(settings: object | string, apiKey?: string) {
  const storage = new MemoryStorage();
  await storage.setItem(
    SETTINGS_STORAGE_KEYS.settings,
    typeof settings === "string" ? settings : JSON.stringify(settings),
  );
  if (apiKey !== undefined) await storage.setItem(SETTINGS_STORAGE_KEYS.apiKey, apiKey);
  return { storage, store: new SettingsStore(storage) };
}

describe("SettingsStore.load keeps every stored setting that still validates", () => {
  it("leaves out only a stored value that no longer validates, and says which one and why", async () => {
    const { store } = await storeHolding({ baseUrl: "https://x.example", keyHeaderStyle: "basic" }, "k1");
    await expect(store.load()).resolves.toEqual({
      baseUrl: "https://x.example",
      keyHeaderStyle: "x-api-key",
      apiKey: "k1",
    });
    await expect(store.loadChecked()).resolves.toEqual({
      settings: { baseUrl: "https://x.example", keyHeaderStyle: "x-api-key", apiKey: "k1" },
      dropped: [
        {
          field: "keyHeaderStyle",
          because: "rule",
          message: "Key header style must be one of x-api-key, bearer.",
          value: "basic",
        },
      ],
    });
  });

  it("holds back a key stored beside a plain-http service, keeps the rest, and writes nothing", async () => {
    const { storage, store } = await storeHolding({ baseUrl: "http://remote.example", keyHeaderStyle: "bearer" }, "k");
    await expect(store.loadChecked()).resolves.toEqual({
      settings: { baseUrl: "http://remote.example", keyHeaderStyle: "bearer" },
      dropped: [
        {
          field: "apiKey",
          because: "rule",
          message:
            "An API key is only sent over https (or plain http to this machine). Use an https:// base URL, or clear the API key.",
        },
      ],
    });
    // Nothing is lost on load: the key stays stored until a save replaces it.
    expect(await storage.getItem(SETTINGS_STORAGE_KEYS.apiKey)).toBe("k");
  });

  it("never sends a key to the default service when the base URL it was saved with is left out", async () => {
    const { store } = await storeHolding({ baseUrl: "https://x.example/?q=1", keyHeaderStyle: "bearer" }, "k");
    await expect(store.loadChecked()).resolves.toEqual({
      settings: { baseUrl: DEFAULT_BASE_URL, keyHeaderStyle: "bearer" },
      dropped: [
        {
          field: "baseUrl",
          because: "rule",
          message:
            "The base URL must not contain ? or #; enter only the service root (e.g. https://indexes.example.com).",
          value: "https://x.example/?q=1",
        },
        { field: "apiKey", because: "service-dropped" },
      ],
    });
  });

  it("says so when the stored settings cannot be read at all, or one value is not even text", async () => {
    await expect((await storeHolding("{not json")).store.loadChecked()).resolves.toEqual({
      settings: defaultSettings(),
      dropped: [
        { field: "baseUrl", because: "unreadable" },
        { field: "keyHeaderStyle", because: "unreadable" },
      ],
    });
    await expect(
      (await storeHolding({ baseUrl: "https://x.example", keyHeaderStyle: 7 })).store.loadChecked(),
    ).resolves.toEqual({
      settings: { baseUrl: "https://x.example", keyHeaderStyle: "x-api-key" },
      dropped: [{ field: "keyHeaderStyle", because: "unreadable" }],
    });
  });

  it("reports nothing left out when every stored value validates, or nothing is stored", async () => {
    const { store } = await storeHolding({ baseUrl: "https://x.example", keyHeaderStyle: "bearer" }, "k");
    await expect(store.loadChecked()).resolves.toEqual({
      settings: { baseUrl: "https://x.example", keyHeaderStyle: "bearer", apiKey: "k" },
      dropped: [],
    });
    await expect(new SettingsStore(new MemoryStorage()).loadChecked()).resolves.toEqual({
      settings: defaultSettings(),
      dropped: [],
    });
  });
});

describe("the gateway switch ('This URL is my desk's Index Data gateway')", () => {
  it("is off unless set, stored only when on, and reaches the client options", async () => {
    const storage = new MemoryStorage();
    const store = new SettingsStore(storage);
    const off = await store.save({ baseUrl: "https://gw.example" });
    expect(off).toEqual({ baseUrl: "https://gw.example", keyHeaderStyle: "x-api-key" });
    expect(toClientOptions(off).gateway).toBe(false);
    const on = await store.save({ baseUrl: "https://gw.example", gateway: true });
    expect(JSON.parse((await storage.getItem(SETTINGS_STORAGE_KEYS.settings)) ?? "")).toEqual({
      baseUrl: "https://gw.example",
      keyHeaderStyle: "x-api-key",
      gateway: true,
    });
    await expect(new SettingsStore(storage).load()).resolves.toEqual(on);
    expect(toClientOptions(on).gateway).toBe(true);
  });

  it("refuses anything but on or off, naming the field", () => {
    expect(checkSettings({ baseUrl: "https://gw.example", gateway: "yes" as never })).toEqual({
      ok: false,
      errors: { gateway: "Gateway must be on or off." },
    });
  });

  it("a stored value that is not on or off is left out alone, the rest kept", async () => {
    const { store } = await storeHolding(
      { baseUrl: "https://gw.example", keyHeaderStyle: "bearer", gateway: "yes" },
      "k",
    );
    await expect(store.loadChecked()).resolves.toEqual({
      settings: { baseUrl: "https://gw.example", keyHeaderStyle: "bearer", apiKey: "k" },
      dropped: [{ field: "gateway", because: "unreadable" }],
    });
  });

  it("is turned off with the key when the base URL it was said of is left out", async () => {
    const { store } = await storeHolding(
      { baseUrl: "https://gw.example/#x", keyHeaderStyle: "x-api-key", gateway: true },
      "k",
    );
    const loaded = await store.loadChecked();
    expect(loaded.settings).toEqual({ baseUrl: DEFAULT_BASE_URL, keyHeaderStyle: "x-api-key" });
    expect(loaded.dropped.map((d) => [d.field, d.because])).toEqual([
      ["baseUrl", "rule"],
      ["apiKey", "service-dropped"],
      ["gateway", "service-dropped"],
    ]);
  });
});
