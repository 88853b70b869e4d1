import { resolveBaseUrl } from "./base-url";
import { ConfigurationError } from "./errors/configuration-error";
import { CLIENT_DEFAULTS, KEY_HEADER_STYLES, type ClientOptions, type KeyHeaderStyle } from "./options";

/** ClientOptions with every default applied and every value checked. */
export interface ResolvedOptions {
  readonly baseUrl: string;
  readonly apiKey: string | undefined;
  readonly keyHeaderStyle: KeyHeaderStyle;
  readonly timeoutMs: number;
  readonly fetch: typeof fetch;
  readonly onResponse: ClientOptions["onResponse"];
}

function fail(message: string): never {
  throw new ConfigurationError(message, { path: "" });
}

/** Applies defaults and validates; throws ConfigurationError (before any request) when an option is unusable. */
export function resolveOptions(options: ClientOptions): ResolvedOptions {
  const apiKey = options.apiKey?.trim() === "" ? undefined : options.apiKey?.trim();
  if (apiKey !== undefined && !/^[\x21-\x7e]+$/.test(apiKey)) {
    fail("The API key contains spaces or characters that cannot be sent in a header; paste it again exactly as issued.");
  }
  const baseUrl = resolveBaseUrl(options.baseUrl, apiKey);
  const keyHeaderStyle = options.keyHeaderStyle ?? CLIENT_DEFAULTS.keyHeaderStyle;
  if (!KEY_HEADER_STYLES.includes(keyHeaderStyle)) {
    fail(`keyHeaderStyle must be one of ${KEY_HEADER_STYLES.join(", ")}.`);
  }
  const timeoutMs = options.timeoutMs ?? CLIENT_DEFAULTS.timeoutMs;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) fail("timeoutMs must be a positive number of milliseconds.");
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== "function") fail("No fetch implementation: pass options.fetch (Node 18+ and browsers have one).");
  // Called as a plain function: browsers throw "Illegal invocation" when fetch runs as a method of another object.
  const unbound: typeof fetch = (input, init) => fetchImpl(input, init);
  return Object.freeze({ baseUrl, apiKey, keyHeaderStyle, timeoutMs, fetch: unbound, onResponse: options.onResponse });
}
