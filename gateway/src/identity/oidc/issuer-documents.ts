import type { JSONWebKeySet } from "jose";
import { keyTransportAllowed } from "@index-data/wire";

/** The issuer's key set could not be had: a fault of the gateway's reach (or the issuer's), not of the caller's token. */
export class IssuerKeysUnavailable extends Error {
  override readonly name = "IssuerKeysUnavailable";

  constructor(
    message: string,
    /** When the gateway will ask the issuer again. */
    readonly retryAfterSeconds = 5,
  ) {
    super(message);
  }
}

function originOf(url: string): string {
  return new URL(url).origin;
}

/** GETs a JSON document (a key set, a discovery document); no redirect is followed. */
export async function fetchJson(url: string, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    // Expected: the failure is the error thrown next, which names the issuer's origin (never the full URL).
    throw new IssuerKeysUnavailable(`${originOf(url)} did not answer`);
  }
  if (!response.ok) throw new IssuerKeysUnavailable(`${originOf(url)} answered HTTP ${response.status}`);
  try {
    return await response.json();
  } catch {
    // Expected: the failure is the error thrown next.
    throw new IssuerKeysUnavailable(`${originOf(url)} sent something that is not JSON`);
  }
}

/**
 * A key set's URL: https, or plain http to this machine only (a test's or a developer's issuer), as every other URL
 * the gateway sends to or trusts; anything else makes the keys unavailable, never a token's fault.
 */
export function keysUrlOf(named: unknown, what: string): string {
  let url: URL | undefined;
  try {
    url = typeof named === "string" ? new URL(named) : undefined;
  } catch {
    // Expected: not a URL is refused below like a missing one.
    url = undefined;
  }
  if (url === undefined) throw new IssuerKeysUnavailable(`${what} is not a URL`);
  if (!keyTransportAllowed(url.href)) throw new IssuerKeysUnavailable(`${what} is not https`);
  return url.href;
}

function isKey(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { kty?: unknown }).kty === "string"
  );
}

/** A key set as jose reads it: `keys`, each a JSON object with its `kty`; anything else is the issuer's fault. */
export function keySetOf(document: unknown, url: string): JSONWebKeySet {
  const keys = (document as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) throw new IssuerKeysUnavailable(`${originOf(url)} sent no key set`);
  if (!keys.every(isKey))
    throw new IssuerKeysUnavailable(`${originOf(url)} sent a key set holding something that is not a key`);
  return { keys } as JSONWebKeySet;
}
