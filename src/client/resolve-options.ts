import { checkApiKey, refuseKeyOverHttp } from "@index-data/wire";
import { systemClock, type Clock } from "@index-data/wire/time";
import { noDiagnostics, type Diagnostics } from "@index-data/wire/diagnostics";
import { resolveBaseUrl } from "@index-data/wire";
import { ConfigurationError } from "@index-data/wire";
import { CLIENT_DEFAULTS, KEY_HEADER_STYLES, type ClientOptions, type KeyHeaderStyle } from "./options";

/** ClientOptions with every default applied and every value checked. */
export interface ResolvedOptions {
  readonly baseUrl: string;
  readonly apiKey: string | undefined;
  readonly keyHeaderStyle: KeyHeaderStyle;
  /** Cache-Status marks are believed from this base URL (it is the desk's gateway). */
  readonly gateway: boolean;
  readonly timeoutMs: number;
  readonly fetch: typeof fetch;
  readonly onResponse: ClientOptions["onResponse"];
  readonly bearerToken: ClientOptions["bearerToken"];
  readonly timeoutClock: Clock;
  readonly diagnostics: Diagnostics;
}

function fail(message: string): never {
  throw new ConfigurationError(message, {});
}

const MAX_TIMEOUT_MS = 600_000;

/** Applies defaults and validates; throws ConfigurationError (before any request) when an option is unusable. */
export function resolveOptions(options: ClientOptions): ResolvedOptions {
  const key = checkApiKey(options.apiKey);
  if (!key.ok) fail(key.message);
  const apiKey = key.key;
  const baseUrl = resolveBaseUrl(options.baseUrl);
  refuseKeyOverHttp(baseUrl, apiKey);
  const keyHeaderStyle = options.keyHeaderStyle ?? CLIENT_DEFAULTS.keyHeaderStyle;
  if (!KEY_HEADER_STYLES.includes(keyHeaderStyle)) {
    fail(`keyHeaderStyle must be one of ${KEY_HEADER_STYLES.join(", ")}.`);
  }
  const gateway = options.gateway ?? CLIENT_DEFAULTS.gateway;
  if (typeof gateway !== "boolean") fail("gateway must be true or false.");
  const timeoutMs = options.timeoutMs ?? CLIENT_DEFAULTS.timeoutMs;
  // Bounded so the timer can be armed at all (setTimeout fires at once past 2^31-1 ms) and a cell's wait stays finite.
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0 || timeoutMs > MAX_TIMEOUT_MS) {
    fail(`timeoutMs must be a positive number of milliseconds, at most ${MAX_TIMEOUT_MS} (10 minutes).`);
  }
  if (options.bearerToken !== undefined && typeof options.bearerToken !== "function") {
    fail("bearerToken must be a function that returns a promise of the token.");
  }
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== "function")
    fail("No fetch implementation: pass options.fetch (Node 18+ and browsers have one).");
  // Called as a plain function: browsers throw "Illegal invocation" when fetch runs as a method of another object.
  const unbound: typeof fetch = (input, init) => fetchImpl(input, init);
  return Object.freeze({
    baseUrl,
    apiKey,
    keyHeaderStyle,
    gateway,
    timeoutMs,
    fetch: unbound,
    onResponse: options.onResponse,
    bearerToken: options.bearerToken,
    timeoutClock: options.timeoutClock ?? systemClock,
    diagnostics: options.diagnostics ?? noDiagnostics,
  });
}
