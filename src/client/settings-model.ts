import { z } from "zod";
import { checkApiKey, keyTransportProblem } from "./api-key";
import { checkBaseUrl } from "./base-url";
import { ConfigurationError } from "./errors/configuration-error";
import { CLIENT_DEFAULTS, KEY_HEADER_STYLES, type ClientOptions, type KeyHeaderStyle } from "./options";

/** Replaced at build time by webpack's DefinePlugin from the INDEX_API_BASE_URL environment variable. */
declare const __INDEX_API_BASE_URL__: string | undefined;

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

/** What the user configures. The API key lives only in the add-in's storage, never in the workbook. */
export interface Settings {
  readonly baseUrl: string;
  readonly apiKey?: string;
  readonly keyHeaderStyle: KeyHeaderStyle;
}

export type SettingsField = keyof Settings;

/** Settings as typed into a form: untrimmed, key possibly empty. */
export interface SettingsInput {
  readonly baseUrl: string;
  readonly apiKey?: string | undefined;
  readonly keyHeaderStyle?: string | undefined;
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

/** Validates and normalizes user-entered settings. */
const SettingsSchema = z
  .object({
    baseUrl: BaseUrlSchema,
    apiKey: ApiKeySchema,
    keyHeaderStyle: z.enum(KEY_HEADER_STYLES, { message: `Key header style must be one of ${KEY_HEADER_STYLES.join(", ")}.` }).default(CLIENT_DEFAULTS.keyHeaderStyle),
  })
  .superRefine((s, ctx) => {
    const problem = keyTransportProblem(s.baseUrl, s.apiKey);
    if (problem !== undefined) ctx.addIssue({ code: "custom", path: ["apiKey"], message: problem });
  });

export type SettingsCheck =
  | { readonly ok: true; readonly settings: Settings }
  | { readonly ok: false; readonly errors: Readonly<Partial<Record<SettingsField, string>>> };

/** Checks settings as a form would: either normalized settings or one message per wrong field. */
export function checkSettings(input: SettingsInput): SettingsCheck {
  const result = SettingsSchema.safeParse(input);
  if (result.success) {
    const { baseUrl, apiKey, keyHeaderStyle } = result.data;
    return { ok: true, settings: { baseUrl, keyHeaderStyle, ...(apiKey !== undefined ? { apiKey } : {}) } };
  }
  const errors: Partial<Record<SettingsField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === "baseUrl" || field === "apiKey" || field === "keyHeaderStyle") && errors[field] === undefined) {
      errors[field] = issue.message;
    }
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

/** Client options for these settings; `extra` adds what settings do not hold (timeout, fetch, onResponse). */
export function toClientOptions(
  settings: Settings,
  extra: Omit<Partial<ClientOptions>, "baseUrl" | "apiKey" | "keyHeaderStyle"> = {},
): ClientOptions {
  return {
    ...extra,
    baseUrl: settings.baseUrl,
    keyHeaderStyle: settings.keyHeaderStyle,
    ...(settings.apiKey !== undefined ? { apiKey: settings.apiKey } : {}),
  };
}
