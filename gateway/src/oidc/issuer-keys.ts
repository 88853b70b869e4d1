import { createLocalJWKSet, errors, type FlattenedJWSInput, type JSONWebKeySet, type JWSHeaderParameters } from "jose";
import type { Clock } from "@index-data/wire/time";

/** A key jose verifies with: what a local key set returns. */
type VerifyKey = Awaited<ReturnType<ReturnType<typeof createLocalJWKSet>>>;

export interface IssuerKeysOptions {
  /** The issuer's JWKS URL, or how to find it (its discovery document), asked when first needed. */
  readonly jwksUrl: () => Promise<string>;
  readonly clock: Clock;
  /** Most fetches of the key set in any minute, the first included: an unknown `kid` cannot make it a flood. @default 6 */
  readonly maxFetchesPerMinute?: number;
  /** One fetch, headers and body. @default 5000 */
  readonly timeoutMs?: number;
}

/** The issuer's key set could not be fetched: a fault of the gateway's reach, not of the caller's token. */
export class IssuerKeysUnavailable extends Error {
  override readonly name = "IssuerKeysUnavailable";
}

const MINUTE_MS = 60_000;

/**
 * The issuer's signing keys (JWKS), cached; fetched again when a token names a key the cached set lacks (the issuer
 * rotated its keys), at most `maxFetchesPerMinute` times a minute by the gateway's clock.
 */
export class IssuerKeys {
  private keys: ReturnType<typeof createLocalJWKSet> | undefined;
  private readonly fetchedAt: number[] = [];
  private fetching: Promise<void> | undefined;

  constructor(private readonly options: IssuerKeysOptions) {}

  /** The key that verifies a token with this header; throws jose's JWKSNoMatchingKey when the issuer has none. */
  async keyFor(header: JWSHeaderParameters, token: FlattenedJWSInput): Promise<VerifyKey> {
    if (this.keys !== undefined) {
      try {
        return await this.keys(header, token);
      } catch (error) {
        if (!(error instanceof errors.JWKSNoMatchingKey) || !this.mayFetch()) throw error;
      }
    }
    await this.refresh();
    if (this.keys === undefined) throw new IssuerKeysUnavailable("no key set");
    return this.keys(header, token);
  }

  private mayFetch(): boolean {
    const now = this.options.clock.now();
    while (this.fetchedAt.length > 0 && (this.fetchedAt[0] ?? 0) <= now - MINUTE_MS) this.fetchedAt.shift();
    return this.fetching !== undefined || this.fetchedAt.length < (this.options.maxFetchesPerMinute ?? 6);
  }

  /** One fetch at a time; requests that arrive meanwhile wait for it. */
  private refresh(): Promise<void> {
    if (this.fetching === undefined) {
      this.fetchedAt.push(this.options.clock.now());
      this.fetching = this.fetchSet().finally(() => (this.fetching = undefined));
    }
    return this.fetching;
  }

  private async fetchSet(): Promise<void> {
    const url = await this.options.jwksUrl();
    const set = (await fetchJson(url, this.options.timeoutMs ?? 5000)) as Partial<JSONWebKeySet> | undefined;
    if (!Array.isArray(set?.keys)) throw new IssuerKeysUnavailable(`${new URL(url).origin} sent no key set`);
    this.keys = createLocalJWKSet(set as JSONWebKeySet);
  }
}

/** GETs a JSON document (a key set, a discovery document); no redirect is followed. */
export async function fetchJson(url: string, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new IssuerKeysUnavailable(`${new URL(url).origin} did not answer`);
  }
  if (!response.ok) throw new IssuerKeysUnavailable(`${new URL(url).origin} answered HTTP ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new IssuerKeysUnavailable(`${new URL(url).origin} sent something that is not JSON`);
  }
}
