import { isLoopbackHost } from "./base-url";
import { ConfigurationError } from "../errors/configuration-error";

/**
 * The API key's rules, in one place for every entry point (settings, client options, CLI, taskpane form):
 * what a key looks like, and where it may be sent.
 */

/** Longer than any key the service issues; a longer paste is a mistake (a whole file, a log line). */
export const API_KEY_MAX_LENGTH = 512;

const API_KEY_UNSENDABLE_MESSAGE =
  "The API key contains spaces or characters that cannot be sent in a header; paste it again exactly as issued.";

const API_KEY_TOO_LONG_MESSAGE = `The API key is longer than ${API_KEY_MAX_LENGTH} characters; paste it again exactly as issued.`;

const KEY_OVER_HTTP_MESSAGE =
  "An API key is only sent over https (or plain http to this machine). Use an https:// base URL, or clear the API key.";

/** `key` is undefined when none was given (the anonymous tier). The message never holds the key. */
type ApiKeyCheck =
  { readonly ok: true; readonly key: string | undefined } | { readonly ok: false; readonly message: string };

/** Visible ASCII only: a header value cannot carry control characters, and a space inside is a paste gone wrong. */
const SENDABLE = /^[\x21-\x7e]+$/;

/** Checks a key as given (typed, passed, from the environment): trimmed; empty means none. Never throws. */
export function checkApiKey(input: string | undefined): ApiKeyCheck {
  const key = input?.trim() ?? "";
  if (key === "") return { ok: true, key: undefined };
  if (key.length > API_KEY_MAX_LENGTH) return { ok: false, message: API_KEY_TOO_LONG_MESSAGE };
  if (!SENDABLE.test(key)) return { ok: false, message: API_KEY_UNSENDABLE_MESSAGE };
  return { ok: true, key };
}

/** Whether an API key may travel to this (normalized) base URL: https anywhere, plain http only to loopback. */
export function keyTransportAllowed(baseUrl: string): boolean {
  const url = new URL(baseUrl);
  return url.protocol === "https:" || isLoopbackHost(url.hostname);
}

/** Why this key must not go to this base URL, or undefined when it may (or there is no key). */
export function keyTransportProblem(baseUrl: string, apiKey: string | undefined): string | undefined {
  return apiKey !== undefined && apiKey !== "" && !keyTransportAllowed(baseUrl) ? KEY_OVER_HTTP_MESSAGE : undefined;
}

/** Throws a ConfigurationError (with the request's `path`, none before any request) when the key must not go there. */
export function refuseKeyOverHttp(baseUrl: string, apiKey: string | undefined, path?: string): void {
  const problem = keyTransportProblem(baseUrl, apiKey);
  if (problem !== undefined) throw new ConfigurationError(problem, path === undefined ? {} : { path });
}
