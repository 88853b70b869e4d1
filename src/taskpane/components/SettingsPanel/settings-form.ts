import {
  checkSettings,
  type DataTypeRefresh,
  type DroppedSetting,
  type LoadedSettings,
  PERIODIC_REFRESH_MINUTES,
  type Settings,
  type SettingsCheck,
  type SettingsField,
  type SignInPart,
  signInFieldErrors,
} from "../../../settings";
import type { KeyHeaderStyle } from "../../../client";
import type { ConnectionVerdict } from "../../model/connection";
import { describeError } from "../../model/errors";

/**
 * The settings form as data: its state, the events that change it, and what it derives. Pure (no React,
 * no store): the hook in useSettingsForm.ts runs the store calls and feeds their outcomes in as events.
 */

type FieldErrors = Readonly<Partial<Record<SettingsField, string>>>;

/** The three sign-in fields as typed; all empty means the build's sign-in (if any) for the build's base URL. */
export type SignInDraft = Readonly<Record<SignInPart, string>>;

const NO_SIGN_IN: Readonly<SignInDraft> = { clientId: "", authority: "", scope: "" };

export interface SettingsFormState {
  /**
   * The stored settings have arrived. Office's storage answers asynchronously, so the user may type first: what
   * they changed (`*Edited`) is kept when the stored settings arrive, and nothing is tested or saved before.
   */
  readonly loaded: boolean;
  readonly baseUrl: string;
  readonly baseUrlEdited: boolean;
  readonly keyHeaderStyle: KeyHeaderStyle;
  readonly keyHeaderStyleEdited: boolean;
  /** "This URL is my desk's Index Data gateway": its stale marks are believed. */
  readonly gateway: boolean;
  readonly gatewayEdited: boolean;
  /** The gateway's sign-in, offered while the gateway switch is on; kept (not saved) while it is off. */
  readonly signIn: SignInDraft;
  readonly signInEdited: boolean;
  /** One message per sign-in field its rule refused, from the last Test connection or Save. */
  readonly signInErrors: Readonly<Partial<Record<SignInPart, string>>>;
  /** What is in the key field: typed by the user, or the stored key once revealed. */
  readonly draft: string;
  /** The draft is the stored key, loaded for Show; hiding it again forgets it. */
  readonly draftIsStored: boolean;
  readonly hasSavedKey: boolean;
  readonly revealed: boolean;
  readonly errors: FieldErrors;
  readonly verdict: ConnectionVerdict | undefined;
  /** An action (test, save, clear) is running; the buttons are disabled. */
  readonly busy: boolean;
  /**
   * Stored settings left out when they were loaded (they no longer validate): said once, from the first load,
   * until dismissed or until Save stores the settings on screen.
   */
  readonly dropped: readonly DroppedSetting[];
}

export type SettingsFormEvent =
  | ({ readonly type: "loaded" } & LoadedSettings)
  | { readonly type: "droppedDismissed" }
  | { readonly type: "loadFailed"; readonly error: unknown }
  | { readonly type: "baseUrlChanged"; readonly baseUrl: string }
  | { readonly type: "keyHeaderStyleChanged"; readonly keyHeaderStyle: KeyHeaderStyle }
  | { readonly type: "gatewayChanged"; readonly gateway: boolean }
  | { readonly type: "signInChanged"; readonly part: SignInPart; readonly value: string }
  /** "Reset to build's sign-in": the fields are emptied, so the build's sign-in (if any) applies again. */
  | { readonly type: "signInReset" }
  | { readonly type: "draftChanged"; readonly draft: string }
  | { readonly type: "revealChanged"; readonly revealed: boolean }
  | { readonly type: "storedKeyLoaded"; readonly apiKey: string | undefined }
  /** Test connection or Save began: the last verdict goes, the new one comes when it is done. */
  | { readonly type: "checking" }
  | { readonly type: "checked"; readonly check: SettingsCheck }
  | { readonly type: "clearing" }
  | { readonly type: "done"; readonly verdict: ConnectionVerdict }
  | { readonly type: "saved"; readonly settings: Settings }
  | { readonly type: "keyCleared" }
  | { readonly type: "failed"; readonly title: string; readonly error: unknown };

export const INITIAL_SETTINGS_FORM: Readonly<SettingsFormState> = {
  loaded: false,
  baseUrl: "",
  baseUrlEdited: false,
  keyHeaderStyle: "x-api-key",
  keyHeaderStyleEdited: false,
  gateway: false,
  gatewayEdited: false,
  signIn: NO_SIGN_IN,
  signInEdited: false,
  signInErrors: {},
  draft: "",
  draftIsStored: false,
  hasSavedKey: false,
  revealed: false,
  errors: {},
  verdict: undefined,
  busy: false,
  dropped: [],
};

export const SAVED_VERDICT: Readonly<ConnectionVerdict> = {
  intent: "success",
  kind: "saved",
  title: "Saved",
  text: "Settings saved. INDEX cells are refreshing with them.",
};

export const KEY_CLEARED_VERDICT: Readonly<ConnectionVerdict> = {
  intent: "success",
  kind: "cleared",
  title: "Key cleared",
  text: "The API key was removed; the public tier applies.",
};

const NO_DRAFT = { draft: "", draftIsStored: false, revealed: false } as const;

/** The next state of the form after one event. */
export function settingsFormReducer(state: SettingsFormState, event: SettingsFormEvent): SettingsFormState {
  switch (event.type) {
    case "loaded":
      return { ...state, ...storedSettingsArrived(state, event.settings), dropped: event.dropped };
    case "droppedDismissed":
      return { ...state, dropped: [] };
    case "loadFailed":
      return { ...state, loaded: true, verdict: failedVerdict("Settings not loaded", event.error) };
    case "baseUrlChanged":
      return { ...state, baseUrl: event.baseUrl, baseUrlEdited: true };
    case "keyHeaderStyleChanged":
      return { ...state, keyHeaderStyle: event.keyHeaderStyle, keyHeaderStyleEdited: true };
    case "gatewayChanged":
      return { ...state, gateway: event.gateway, gatewayEdited: true };
    case "signInChanged":
      return { ...state, signIn: { ...state.signIn, [event.part]: event.value }, signInEdited: true };
    case "signInReset":
      return { ...state, signIn: NO_SIGN_IN, signInEdited: true, signInErrors: {} };
    case "draftChanged":
      return { ...state, draft: event.draft, draftIsStored: false };
    case "revealChanged":
      // A stored key shown on request is forgotten when hidden again, so it never stays in memory unseen.
      return !event.revealed && state.draftIsStored
        ? { ...state, ...NO_DRAFT }
        : { ...state, revealed: event.revealed };
    case "storedKeyLoaded":
      // The read may finish after the user hid the field, typed, or cleared the key: then it is stale, and
      // showing it would put a key back that the user just removed or overwrite what they typed.
      if (!state.revealed || state.draft !== "" || !state.hasSavedKey) return state;
      return { ...state, draft: event.apiKey ?? "", draftIsStored: true };
    case "checking":
      return { ...state, busy: true, verdict: undefined };
    case "checked":
      return event.check.ok
        ? { ...state, errors: {}, signInErrors: {}, busy: true }
        : { ...state, errors: event.check.errors, signInErrors: offeredSignInErrors(state), busy: false };
    case "clearing":
      return { ...state, busy: true };
    case "done":
      return { ...state, busy: false, verdict: event.verdict };
    case "saved":
      return {
        ...state,
        ...NO_DRAFT,
        baseUrl: event.settings.baseUrl,
        baseUrlEdited: false,
        keyHeaderStyleEdited: false,
        gateway: event.settings.gateway === true,
        gatewayEdited: false,
        signIn: draftOf(event.settings),
        signInEdited: false,
        hasSavedKey: event.settings.apiKey !== undefined,
        busy: false,
        verdict: SAVED_VERDICT,
        dropped: [],
      };
    case "keyCleared":
      return { ...state, ...NO_DRAFT, hasSavedKey: false, busy: false, verdict: KEY_CLEARED_VERDICT };
    case "failed":
      return { ...state, busy: false, verdict: failedVerdict(event.title, event.error) };
  }
}

function failedVerdict(title: string, error: unknown): ConnectionVerdict {
  return { intent: "error", kind: "failed", title, text: describeError(error, "settings") };
}

/**
 * The stored settings, where the user has not changed them yet. Show pressed before they arrived shows the saved
 * key now, as Show pressed after would.
 */
function storedSettingsArrived(state: SettingsFormState, settings: Settings): Partial<SettingsFormState> {
  const showStored = state.revealed && state.draft === "" && settings.apiKey !== undefined;
  return {
    loaded: true,
    baseUrl: state.baseUrlEdited ? state.baseUrl : settings.baseUrl,
    keyHeaderStyle: state.keyHeaderStyleEdited ? state.keyHeaderStyle : settings.keyHeaderStyle,
    gateway: state.gatewayEdited ? state.gateway : settings.gateway === true,
    signIn: state.signInEdited ? state.signIn : draftOf(settings),
    hasSavedKey: settings.apiKey !== undefined,
    ...(showStored ? { draft: settings.apiKey, draftIsStored: true } : {}),
  };
}

/** Where the key to test or save comes from: the field when something is in it, else the store, else none. */
export function keySource(state: SettingsFormState): "draft" | "stored" | "none" {
  if (state.draft !== "") return "draft";
  return state.hasSavedKey ? "stored" : "none";
}

/** Whether showing the key must first read the stored key (nothing typed, a key saved). */
export function revealNeedsStoredKey(state: SettingsFormState, revealed: boolean): boolean {
  return revealed && keySource(state) === "stored";
}

/** The form's settings checked by the settings rules; `storedKey` is the saved key when keySource says "stored". */
export function checkForm(state: SettingsFormState, storedKey: string | undefined): SettingsCheck {
  const apiKey = state.draft !== "" ? state.draft : storedKey;
  return checkSettings({
    baseUrl: state.baseUrl,
    apiKey,
    keyHeaderStyle: state.keyHeaderStyle,
    gateway: state.gateway,
    signIn: offeredSignIn(state),
  });
}

/** The sign-in the form holds: only with the gateway switch on (sign-in is for the gateway), else none. */
function offeredSignIn(state: SettingsFormState): SignInDraft | undefined {
  return state.gateway ? state.signIn : undefined;
}

function offeredSignInErrors(state: SettingsFormState): SettingsFormState["signInErrors"] {
  return signInFieldErrors(offeredSignIn(state) ?? NO_SIGN_IN);
}

/** The user's own sign-in as the fields show it: empty where the settings have none (the build's applies). */
function draftOf(settings: Settings): SignInDraft {
  return settings.signIn ?? NO_SIGN_IN;
}

/**
 * Where a refusal of the sign-in as a whole shows (a plain-http gateway, the gateway switch off): beside the gateway
 * switch, when no single sign-in field is wrong.
 */
export function gatewayMessage(state: SettingsFormState): string | undefined {
  const fieldWrong = Object.keys(state.signInErrors).length > 0;
  return state.errors.gateway ?? (fieldWrong ? undefined : state.errors.signIn);
}

/** The refresh choices of the Index data type, in the order the field lists them, with what each means. */
export const DATA_TYPE_REFRESH_CHOICES: readonly { readonly value: DataTypeRefresh; readonly label: string }[] = [
  { value: 0, label: "When the add-in loads, and on Refresh All" },
  ...PERIODIC_REFRESH_MINUTES.map((minutes) => ({
    value: minutes,
    label: minutes === 60 ? "Every hour" : `Every ${minutes} minutes`,
  })),
];

/** What the gateway switch says under it: when to turn it on, and what it changes. */
export const GATEWAY_HINT =
  'Turn on only when the URL above is your desk\'s gateway. Then an answer it kept while the service was failing shows as a last-known value: INDEX.LATEST(symbol, "stale") is TRUE and the pane counts it.';

/** What the field says under it: what the choice governs, or why it does nothing in this Excel. */
export function dataTypeRefreshHint(linkedTypes: boolean): string {
  return linkedTypes
    ? "How often Excel refreshes Index entities by itself (Data > Refresh All always does). To follow a price live, use INDEX.LIVE."
    : "Needs Excel with linked data types (Microsoft 365 on Windows 2504 or later, or on Mac 16.96 or later). Here Convert to Index writes INDEX.CARD formulas, which Refresh updates.";
}
