import { z } from "zod";
import { checkApiKey, checkSignIn, keyTransportAllowed, keyTransportProblem } from "@index-data/wire";
import type { SignInConfig, SignInInput } from "@index-data/wire";
import { checkBaseUrl } from "@index-data/wire";
import { ConfigurationError } from "@index-data/wire";
import { CLIENT_DEFAULTS, KEY_HEADER_STYLES, type ClientOptions, type KeyHeaderStyle } from "../client";

/** Replaced at build time by webpack's DefinePlugin from the INDEX_API_BASE_URL environment variable. */
declare const __INDEX_API_BASE_URL__: string | undefined;

/** Replaced at build time from INDEX_SIGNIN_CLIENT_ID, INDEX_SIGNIN_AUTHORITY and INDEX_SIGNIN_SCOPE. */
declare const __INDEX_SIGNIN__: SignInInput | undefined;

/** The dev server (https://localhost:3000), which proxies /api to the embedded reference service. */
export const FALLBACK_BASE_URL = "https://localhost:3000";

function buildTimeBaseUrl(): string {
  // `typeof` keeps this working where nothing defined the constant (Node, jest, tsx).
  const configured = typeof __INDEX_API_BASE_URL__ === "string" ? __INDEX_API_BASE_URL__ : "";
  const checked = checkBaseUrl(configured);
  return checked.ok ? checked.url : FALLBACK_BASE_URL;
}

/** The base URL a build uses until the user sets another: INDEX_API_BASE_URL at build time, else the dev server. */
export const DEFAULT_BASE_URL: string = buildTimeBaseUrl();

function buildTimeSignIn(): SignInConfig | undefined {
  const configured = typeof __INDEX_SIGNIN__ === "object" ? __INDEX_SIGNIN__ : {};
  const checked = checkSignIn(configured);
  return checked.ok ? checked.signIn : undefined;
}

/** The gateway sign-in this build names (the INDEX_SIGNIN_* variables at build time), if any. */
export const BUILT_IN_SIGN_IN: SignInConfig | undefined = buildTimeSignIn();

/**
 * The sign-in these settings ask for: their own, else the build's for the build's base URL, else none (the desk
 * token alone). The build's sign-in names the build's gateway: a token for it never goes to a URL the user chose.
 */
export function signInOf(settings: Settings): SignInConfig | undefined {
  if (settings.signIn !== undefined) return settings.signIn;
  return settings.baseUrl === DEFAULT_BASE_URL ? BUILT_IN_SIGN_IN : undefined;
}

/** What the user configures. The API key lives only in the add-in's storage, never in the workbook. */
export interface Settings {
  readonly baseUrl: string;
  readonly apiKey?: string | undefined;
  readonly keyHeaderStyle: KeyHeaderStyle;
  /**
   * The base URL is the desk's Index Data gateway: its stale-if-error answers (RFC 9211 Cache-Status) show as
   * last-known values. Off for the service itself, and whenever the base URL is not known to be the gateway.
   * @default false
   */
  readonly gateway?: boolean;
  /**
   * The gateway's sign-in (client id, authority, scope), only with `gateway` on; absent means the build's
   * (BUILT_IN_SIGN_IN) where the base URL is the build's (signInOf).
   */
  readonly signIn?: SignInConfig | undefined;
}

export type SettingsField = keyof Settings;

/** Settings as typed into a form: untrimmed, key possibly empty. */
export interface SettingsInput {
  readonly baseUrl: string;
  readonly apiKey?: string | undefined;
  readonly keyHeaderStyle?: string | undefined;
  /** @default false */
  readonly gateway?: boolean | undefined;
  /** All three texts, or none (empty texts count as none). */
  readonly signIn?: SignInInput | undefined;
}

/** Turns a rule module's refusal into a zod issue, so the form shows the rule's own message. */
function refuse(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
}

const BaseUrlSchema = z.string().transform((value, ctx) => {
  const checked = checkBaseUrl(value);
  return checked.ok ? checked.url : refuse(ctx, checked.message);
});

const ApiKeySchema = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const checked = checkApiKey(value);
    return checked.ok ? checked.key : refuse(ctx, checked.message);
  });

const SignInSchema = z
  .object({ clientId: z.string().optional(), authority: z.string().optional(), scope: z.string().optional() })
  .optional()
  .transform((value, ctx) => {
    const checked = checkSignIn(value ?? {});
    return checked.ok ? checked.signIn : refuse(ctx, checked.message);
  });

const SIGN_IN_NEEDS_GATEWAY_MESSAGE =
  "Sign-in is for your desk's gateway: turn on \"This URL is my desk's Index Data gateway\", or clear the sign-in fields.";

const SIGN_IN_OVER_HTTP_MESSAGE =
  "A sign-in token is only sent over https (or plain http to this machine). Use an https:// base URL for the gateway.";

/** Validates and normalizes user-entered settings. */
const SettingsSchema = z
  .object({
    baseUrl: BaseUrlSchema,
    apiKey: ApiKeySchema,
    keyHeaderStyle: z
      .enum(KEY_HEADER_STYLES, { message: `Key header style must be one of ${KEY_HEADER_STYLES.join(", ")}.` })
      .default(CLIENT_DEFAULTS.keyHeaderStyle),
    gateway: z.boolean({ message: "Gateway must be on or off." }).default(CLIENT_DEFAULTS.gateway),
    signIn: SignInSchema,
  })
  .superRefine((s, ctx) => {
    const keyProblem = keyTransportProblem(s.baseUrl, s.apiKey);
    if (keyProblem !== undefined) ctx.addIssue({ code: "custom", path: ["apiKey"], message: keyProblem });
    if (s.signIn === undefined) return;
    const problem = !keyTransportAllowed(s.baseUrl)
      ? SIGN_IN_OVER_HTTP_MESSAGE
      : s.gateway
        ? undefined
        : SIGN_IN_NEEDS_GATEWAY_MESSAGE;
    if (problem !== undefined) ctx.addIssue({ code: "custom", path: ["signIn"], message: problem });
  });

export type SettingsCheck =
  | { readonly ok: true; readonly settings: Settings }
  | { readonly ok: false; readonly errors: Readonly<Partial<Record<SettingsField, string>>> };

/** Checks settings as a form would: either normalized settings or one message per wrong field. */
export function checkSettings(input: SettingsInput): SettingsCheck {
  const result = SettingsSchema.safeParse(input);
  if (result.success) {
    const { baseUrl, apiKey, keyHeaderStyle, gateway, signIn } = result.data;
    // Off is the default and is left out, so settings saved before the switch existed read the same.
    const settings = {
      baseUrl,
      keyHeaderStyle,
      ...(gateway ? { gateway } : {}),
      signIn,
      apiKey,
    };
    return { ok: true, settings };
  }
  const errors: Partial<Record<SettingsField, string>> = {};
  for (const issue of result.error.issues) {
    const field = SETTINGS_FIELDS.find((name) => name === issue.path[0]);
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** Normalized settings, or a ConfigurationError whose message lists what to fix. */
export function parseSettings(input: SettingsInput): Settings {
  const checked = checkSettings(input);
  if (checked.ok) return checked.settings;
  throw new ConfigurationError(Object.values(checked.errors).join(" "), {});
}

/** The settings of a fresh install. */
export function defaultSettings(): Settings {
  return { baseUrl: DEFAULT_BASE_URL, keyHeaderStyle: CLIENT_DEFAULTS.keyHeaderStyle };
}

/**
 * A stored setting left out when the settings were loaded, its default used instead: it fails its rule now
 * (`message` is the rule's own), it could not be read, or it is the key (or the gateway switch) saved for a service
 * base URL that was left out (a key is never sent to a service it was not saved for, and only the URL the user
 * named as the gateway is believed as one). Facts only; the pane words them. `value` is the stored value where it
 * may be shown (never for the key).
 */
export type DroppedSetting =
  | {
      readonly field: SettingsField;
      readonly because: "rule";
      readonly message: string;
      readonly value?: string | undefined;
    }
  | { readonly field: SettingsField; readonly because: "unreadable" }
  | { readonly field: ServiceBoundField; readonly because: "service-dropped" };

/** Settings that hold only for the base URL they were saved with. */
type ServiceBoundField = "apiKey" | "gateway" | "signIn";

/** Settings as loaded from storage: the valid ones kept, and what was left out and why. */
export interface LoadedSettings {
  readonly settings: Settings;
  readonly dropped: readonly DroppedSetting[];
}

/** What storage held: each value as read (anything), or `unreadable` when the stored settings were not JSON. */
export interface StoredSettings {
  readonly baseUrl?: unknown;
  readonly keyHeaderStyle?: unknown;
  readonly gateway?: unknown;
  readonly signIn?: unknown;
  readonly apiKey?: string | undefined;
  readonly unreadable?: boolean;
}

const SETTINGS_FIELDS = [
  "baseUrl",
  "keyHeaderStyle",
  "gateway",
  "signIn",
  "apiKey",
] as const satisfies readonly SettingsField[];

const SERVICE_BOUND: readonly ServiceBoundField[] = ["apiKey", "gateway", "signIn"];

/** The stored value of a field as form input: text, or undefined (the default) when missing or unreadable. */
function storedText(stored: StoredSettings, field: TextField, dropped: DroppedSetting[]): string | undefined {
  const value = stored[field];
  if (typeof value === "string") return value;
  if (value !== undefined || (stored.unreadable === true && field !== "apiKey"))
    dropped.push({ field, because: "unreadable" });
  return undefined;
}

type TextField = Exclude<SettingsField, "gateway" | "signIn">;

/**
 * The stored gateway switch, or undefined (off) when missing or not a boolean. Off is the default and is not
 * stored, so settings that could not be read at all say nothing of it.
 */
function storedFlag(stored: StoredSettings, dropped: DroppedSetting[]): boolean | undefined {
  if (typeof stored.gateway === "boolean") return stored.gateway;
  if (stored.gateway !== undefined) dropped.push({ field: "gateway", because: "unreadable" });
  return undefined;
}

/** The stored sign-in as form input, or undefined (none) when missing or not an object of texts. */
function storedSignIn(stored: StoredSettings, dropped: DroppedSetting[]): SignInInput | undefined {
  const value = stored.signIn;
  if (value === undefined) return undefined;
  const texts = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
  const { clientId, authority, scope } = texts ?? {};
  if (texts !== undefined && [clientId, authority, scope].every((text) => typeof text === "string")) {
    return { clientId: clientId as string, authority: authority as string, scope: scope as string };
  }
  dropped.push({ field: "signIn", because: "unreadable" });
  return undefined;
}

function withDefault(input: SettingsInput, field: SettingsField): SettingsInput {
  if (field === "baseUrl") return { ...input, baseUrl: DEFAULT_BASE_URL };
  const { [field]: _left, ...rest } = input;
  return rest;
}

/** Leaves out every field `errors` names (the rule's message with it), using the field's default instead. */
function leaveOut(
  input: SettingsInput,
  errors: Partial<Record<SettingsField, string>>,
  dropped: DroppedSetting[],
): SettingsInput {
  let kept = input;
  for (const field of SETTINGS_FIELDS) {
    const message = errors[field];
    if (message === undefined) continue;
    const value = field === "apiKey" || field === "gateway" || field === "signIn" ? undefined : input[field];
    dropped.push({ field, because: "rule", message, value });
    kept = withDefault(kept, field);
  }
  return kept;
}

/** Holds back the key and a gateway switch that is on: they were saved for the base URL that was left out. */
function holdBack(input: SettingsInput, dropped: DroppedSetting[]): SettingsInput {
  let kept = input;
  for (const field of SERVICE_BOUND) {
    if (kept[field] === undefined || kept[field] === false) continue;
    dropped.push({ field, because: "service-dropped" });
    kept = withDefault(kept, field);
  }
  return kept;
}

/**
 * Stored settings checked by the settings rules (`checkSettings`, their one owner), keeping every value that
 * passes and leaving out only those that fail, each with why: one stale value never resets the others. A key
 * saved for a service base URL that was left out is held back too, never sent to the default service instead.
 */
export function keepValidSettings(stored: StoredSettings): LoadedSettings {
  const dropped: DroppedSetting[] = [];
  let input: SettingsInput = {
    baseUrl: storedText(stored, "baseUrl", dropped) ?? DEFAULT_BASE_URL,
    keyHeaderStyle: storedText(stored, "keyHeaderStyle", dropped),
    gateway: storedFlag(stored, dropped),
    signIn: storedSignIn(stored, dropped),
    apiKey: storedText(stored, "apiKey", dropped),
  };
  // Each round leaves out at least one value, and the defaults pass: at most one round per field.
  for (const _round of SETTINGS_FIELDS) {
    if (dropped.some((d) => d.field === "baseUrl")) input = holdBack(input, dropped);
    const checked = checkSettings(input);
    if (checked.ok) return { settings: checked.settings, dropped };
    input = leaveOut(input, checked.errors, dropped);
  }
  return { settings: defaultSettings(), dropped };
}

/** Client options for these settings; `extra` adds what settings do not hold (timeout, fetch, onResponse). */
export function toClientOptions(
  settings: Settings,
  extra: Omit<Partial<ClientOptions>, "baseUrl" | "apiKey" | "keyHeaderStyle" | "gateway"> = {},
): ClientOptions {
  return {
    ...extra,
    baseUrl: settings.baseUrl,
    keyHeaderStyle: settings.keyHeaderStyle,
    gateway: settings.gateway ?? CLIENT_DEFAULTS.gateway,
    apiKey: settings.apiKey,
  };
}
