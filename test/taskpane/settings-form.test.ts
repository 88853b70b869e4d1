import type { Settings } from "../../src/client/settings";
import {
  checkForm,
  INITIAL_SETTINGS_FORM,
  KEY_CLEARED_VERDICT,
  keySource,
  revealNeedsStoredKey,
  SAVED_VERDICT,
  settingsFormReducer,
  type SettingsFormEvent,
  type SettingsFormState,
} from "../../src/taskpane/components/SettingsPanel/settings-form";

/** The form after these events, from a fresh one. */
const after = (...events: SettingsFormEvent[]): SettingsFormState =>
  events.reduce(settingsFormReducer, INITIAL_SETTINGS_FORM);

const SAVED: Settings = { baseUrl: "https://x.example", apiKey: "stored-key", keyHeaderStyle: "bearer" };

describe("the settings form model", () => {
  it("takes the stored settings on load, but never the stored key itself", () => {
    const form = after({ type: "loaded", settings: SAVED, dropped: [] });
    expect(form).toMatchObject({
      baseUrl: "https://x.example",
      keyHeaderStyle: "bearer",
      hasSavedKey: true,
      draft: "",
    });
    expect(keySource(form)).toBe("stored");
    expect(
      keySource(
        after({ type: "loaded", settings: { baseUrl: SAVED.baseUrl, keyHeaderStyle: "x-api-key" }, dropped: [] }),
      ),
    ).toBe("none");
  });

  it("keeps a URL and header style the user changed before the stored settings arrived (Office's storage is async)", () => {
    const form = after(
      { type: "baseUrlChanged", baseUrl: "https://typed.example" },
      { type: "loaded", settings: SAVED, dropped: [] },
    );
    expect(form).toMatchObject({
      loaded: true,
      baseUrl: "https://typed.example",
      keyHeaderStyle: "bearer",
      hasSavedKey: true,
    });
    const styled = after(
      { type: "keyHeaderStyleChanged", keyHeaderStyle: "x-api-key" },
      { type: "loaded", settings: SAVED, dropped: [] },
    );
    expect(styled).toMatchObject({ baseUrl: "https://x.example", keyHeaderStyle: "x-api-key" });
    // Once saved, the next load is the saved settings again.
    const saved = settingsFormReducer(form, {
      type: "saved",
      settings: { ...SAVED, baseUrl: "https://typed.example" },
    });
    expect(settingsFormReducer(saved, { type: "loaded", settings: SAVED, dropped: [] }).baseUrl).toBe(
      "https://x.example",
    );
  });

  it("shows the saved key when Show was pressed before the stored settings arrived, and nothing else then", () => {
    const shown = after({ type: "revealChanged", revealed: true }, { type: "loaded", settings: SAVED, dropped: [] });
    expect(shown).toMatchObject({ draft: "stored-key", draftIsStored: true, revealed: true });
    expect(after({ type: "loaded", settings: SAVED, dropped: [] })).toMatchObject({ draft: "", draftIsStored: false });
    expect(
      after(
        { type: "revealChanged", revealed: true },
        { type: "draftChanged", draft: "t" },
        { type: "loaded", settings: SAVED, dropped: [] },
      ),
    ).toMatchObject({
      draft: "t",
      draftIsStored: false,
    });
  });

  it("is not loaded until the stored settings or their failure arrive", () => {
    expect(INITIAL_SETTINGS_FORM.loaded).toBe(false);
    const failed = after({ type: "loadFailed", error: new Error("storage unavailable") });
    expect(failed).toMatchObject({ loaded: true, verdict: { kind: "failed", title: "Settings not loaded" } });
  });

  it("uses what was typed before the stored key", () => {
    const form = after({ type: "loaded", settings: SAVED, dropped: [] }, { type: "draftChanged", draft: "typed" });
    expect(keySource(form)).toBe("draft");
    const check = checkForm(form, "stored-key");
    expect(check.ok && check.settings.apiKey).toBe("typed");
    const stored = checkForm(after({ type: "loaded", settings: SAVED, dropped: [] }), "stored-key");
    expect(stored.ok && stored.settings.apiKey).toBe("stored-key");
  });

  it("reads the stored key for Show only when nothing is typed, and forgets it on Hide", () => {
    const loaded = after({ type: "loaded", settings: SAVED, dropped: [] });
    expect(revealNeedsStoredKey(loaded, true)).toBe(true);
    expect(revealNeedsStoredKey(loaded, false)).toBe(false);
    expect(revealNeedsStoredKey(settingsFormReducer(loaded, { type: "draftChanged", draft: "t" }), true)).toBe(false);
    const shown = after(
      { type: "loaded", settings: SAVED, dropped: [] },
      { type: "revealChanged", revealed: true },
      { type: "storedKeyLoaded", apiKey: "stored-key" },
    );
    expect(shown).toMatchObject({ draft: "stored-key", draftIsStored: true, revealed: true });
    expect(settingsFormReducer(shown, { type: "revealChanged", revealed: false })).toMatchObject({
      draft: "",
      draftIsStored: false,
      revealed: false,
    });
    // A typed key stays when hidden: it is the user's own input.
    const typed = settingsFormReducer(shown, { type: "draftChanged", draft: "typed" });
    expect(settingsFormReducer(typed, { type: "revealChanged", revealed: false })).toMatchObject({
      draft: "typed",
      revealed: false,
    });
  });

  it("ignores a stored key that arrives after the user hid the field, typed, or cleared the key", () => {
    const loadedKey: SettingsFormEvent = { type: "storedKeyLoaded", apiKey: "stored-key" };
    const base: SettingsFormEvent[] = [
      { type: "loaded", settings: SAVED, dropped: [] },
      { type: "revealChanged", revealed: true },
    ];
    const hidden = after(...base, { type: "revealChanged", revealed: false }, loadedKey);
    expect(hidden).toMatchObject({ draft: "", draftIsStored: false, revealed: false });
    const typed = after(...base, { type: "draftChanged", draft: "typed" }, loadedKey);
    expect(typed).toMatchObject({ draft: "typed", draftIsStored: false });
    const cleared = after(
      ...base,
      { type: "clearing" },
      { type: "keyCleared" },
      { type: "revealChanged", revealed: true },
      loadedKey,
    );
    expect(cleared).toMatchObject({ draft: "", hasSavedKey: false });
  });

  it("shows one message per wrong field and ends the action when the check fails", () => {
    const form = after({ type: "baseUrlChanged", baseUrl: "not a url" }, { type: "checking" });
    expect(form.busy).toBe(true);
    const checked = settingsFormReducer(form, { type: "checked", check: checkForm(form, undefined) });
    expect(checked.busy).toBe(false);
    expect(checked.errors.baseUrl).toMatch(/is not a URL/);
    expect(checked.verdict).toBeUndefined();
  });

  it("refuses a key over plain http to another machine, with the key rule's message on the key field", () => {
    const form = after(
      { type: "baseUrlChanged", baseUrl: "http://indexes.example.com" },
      { type: "draftChanged", draft: "k" },
    );
    const check = checkForm(form, undefined);
    expect(check.ok ? "" : check.errors.apiKey).toMatch(/only sent over https/);
  });

  it("clears the last verdict when an action starts, and keeps busy until it is done", () => {
    const failed = after({ type: "failed", title: "Failed", error: new Error("boom") });
    expect(failed.verdict).toMatchObject({ intent: "error", kind: "failed", title: "Failed" });
    const checking = settingsFormReducer(failed, { type: "checking" });
    expect(checking).toMatchObject({ busy: true, verdict: undefined });
    const valid = settingsFormReducer(checking, { type: "checked", check: { ok: true, settings: SAVED } });
    expect(valid).toMatchObject({ busy: true, errors: {} });
    const verdict = { intent: "success", kind: "connected", title: "Connected", text: "" } as const;
    expect(settingsFormReducer(valid, { type: "done", verdict })).toMatchObject({ busy: false, verdict });
  });

  it("after Save shows the normalized URL, the saved-key state and forgets the draft", () => {
    const form = after(
      { type: "baseUrlChanged", baseUrl: "https://x.example/api/" },
      { type: "draftChanged", draft: "typed" },
      { type: "revealChanged", revealed: true },
      { type: "checking" },
      { type: "saved", settings: { ...SAVED, apiKey: "typed" } },
    );
    expect(form).toMatchObject({
      baseUrl: "https://x.example",
      hasSavedKey: true,
      draft: "",
      revealed: false,
      busy: false,
    });
    expect(form.verdict).toBe(SAVED_VERDICT);
  });

  it("after Clear key has no saved key and says the public tier applies", () => {
    const form = after({ type: "loaded", settings: SAVED, dropped: [] }, { type: "clearing" }, { type: "keyCleared" });
    expect(form).toMatchObject({ hasSavedKey: false, draft: "", busy: false, verdict: KEY_CLEARED_VERDICT });
    expect(keySource(form)).toBe("none");
  });

  it("keeps the settings left out on load until they are dismissed or Save stores what is shown", () => {
    const dropped = [{ field: "keyHeaderStyle", because: "unreadable" }] as const;
    const loaded = after({ type: "loaded", settings: SAVED, dropped });
    expect(loaded.dropped).toEqual(dropped);
    // Test connection and Show read the store again, but only the first load is announced.
    expect(settingsFormReducer(loaded, { type: "checking" }).dropped).toEqual(dropped);
    expect(settingsFormReducer(loaded, { type: "droppedDismissed" }).dropped).toEqual([]);
    expect(settingsFormReducer(loaded, { type: "saved", settings: SAVED }).dropped).toEqual([]);
    expect(settingsFormReducer(loaded, { type: "keyCleared" }).dropped).toEqual(dropped);
  });

  it("takes the stored gateway switch, keeps one the user flipped before it arrived, and checks it with the rest", () => {
    const loaded = after({ type: "loaded", settings: { ...SAVED, gateway: true }, dropped: [] });
    expect(loaded.gateway).toBe(true);
    expect(checkForm(loaded, "stored-key")).toEqual({ ok: true, settings: { ...SAVED, gateway: true } });
    const flipped = after({ type: "gatewayChanged", gateway: true }, { type: "loaded", settings: SAVED, dropped: [] });
    expect(flipped).toMatchObject({ gateway: true, gatewayEdited: true });
    const saved = settingsFormReducer(flipped, { type: "saved", settings: { ...SAVED, gateway: true } });
    expect(saved).toMatchObject({ gateway: true, gatewayEdited: false });
    expect(after({ type: "loaded", settings: SAVED, dropped: [] }).gateway).toBe(false);
  });
});
