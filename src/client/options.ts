import type { Clock } from "@index-data/wire/time";
import type { ResponseInfo } from "@index-data/wire";
import type { Diagnostics } from "@index-data/wire/diagnostics";

/** How the API key is presented. The spec does not name a header; the reference service accepts both. */
export const KEY_HEADER_STYLES = ["x-api-key", "bearer"] as const;
export type KeyHeaderStyle = (typeof KEY_HEADER_STYLES)[number];

/** Options of the typed client. Immutable: derive a changed client with `client.extend(...)`. */
export interface ClientOptions {
  /** Service root, without `/api`, e.g. `https://indexes.example.com`. Required. */
  readonly baseUrl: string;
  /** API key; sent only over https or to loopback. @default undefined (anonymous tier) */
  readonly apiKey?: string | undefined;
  /**
   * Asked before every request for a sign-in access token (an OpenID Connect bearer token for the desk's gateway).
   * A token is sent as `Authorization: Bearer` instead of the key, only over https or to loopback, and only to the
   * base URL's origin; `undefined` means none (the key, if any, is sent as usual). A rejection fails the request
   * with a ConfigurationError. @default undefined (no sign-in)
   */
  readonly bearerToken?: () => Promise<string | undefined>;
  /** `x-api-key` sends `X-API-Key: <key>`; `bearer` sends `Authorization: Bearer <key>`. @default "x-api-key" */
  readonly keyHeaderStyle?: KeyHeaderStyle;
  /**
   * The base URL is the desk's Index Data gateway: only then is an answer it marks as served stale (RFC 9211
   * `Cache-Status`, the gateway's stale-if-error) shown as a last-known value with its age. @default false
   */
  readonly gateway?: boolean;
  /** Per-request timeout in milliseconds, including reading the body. @default 10000 */
  readonly timeoutMs?: number | undefined;
  /** The fetch implementation. @default globalThis.fetch */
  readonly fetch?: typeof fetch;
  /** The clock that dates answers (`meta.producedAt`): the engine's own, so that ages agree. @default systemClock */
  readonly clock?: Clock;
  /** Called after every HTTP response (any status), e.g. for a scheduler to learn the rate limit. @default undefined */
  readonly onResponse?: (info: ResponseInfo) => void;
  /**
   * Where the request timeout's timer runs: apart from `clock`, so that a test moving the engine's clock by hand
   * never times out a request still on the wire. Set by tests to a FakeClock. @default systemClock
   */
  readonly timeoutClock?: Clock;
  /** Where a failure the client swallows (an `onResponse` listener's bug) is reported. @default noDiagnostics */
  readonly diagnostics?: Diagnostics;
}

export const CLIENT_DEFAULTS = {
  keyHeaderStyle: "x-api-key",
  gateway: false,
  timeoutMs: 10_000,
} as const satisfies Partial<ClientOptions>;
