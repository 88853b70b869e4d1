import { createLocalJWKSet, errors, type FlattenedJWSInput, type JSONWebKeySet, type JWSHeaderParameters } from "jose";
import type { Clock } from "@index-data/wire/time";
import type { Diagnostics } from "@index-data/wire/diagnostics";
import { fetchJson, IssuerKeysUnavailable, keySetOf, keysUrlOf } from "./issuer-documents";

export { IssuerKeysUnavailable } from "./issuer-documents";

/** A key jose verifies with: what a local key set returns. */
type VerifyKey = Awaited<ReturnType<ReturnType<typeof createLocalJWKSet>>>;
type LocalKeySet = ReturnType<typeof createLocalJWKSet>;

/** Where the issuer's key set is: its URL, or its discovery document (which names it in `jwks_uri`). */
export type KeySetSource = { readonly jwksUrl: string } | { readonly discoveryUrl: string };

export interface IssuerKeysOptions {
  readonly source: KeySetSource;
  readonly clock: Clock;
  /**
   * Most loads of the key set (the discovery document with it) that succeeded in any minute: a token naming an
   * unknown `kid` cannot make them a flood. A failed load does not count; it backs off instead. @default 6
   */
  readonly maxFetchesPerMinute?: number;
  /** Longest a loaded key set is used, so a key the issuer withdrew stops verifying within it. @default 600000 */
  readonly maxAgeMs?: number | undefined;
  /** One fetch, headers and body. @default 5000 */
  readonly timeoutMs?: number;
  /** Where an early load that failed is reported (the cached set served meanwhile). @default none */
  readonly diagnostics?: Diagnostics;
}

const MINUTE_MS = 60_000;
/** After a failed load, the next waits this long, doubled at each failure in a row up to MAX_BACKOFF_MS. */
const FIRST_BACKOFF_MS = 10_000;
const MAX_BACKOFF_MS = 60_000;
export const DEFAULT_KEYS_MAX_AGE_MS = 10 * MINUTE_MS;

interface Loaded<T> {
  readonly value: T;
  readonly at: number;
}

/**
 * The issuer's signing keys (JWKS), cached for at most `maxAgeMs` by the gateway's clock (loaded again from half of
 * it on, the cached set serving meanwhile if that fails), and loaded again when a token names a key the cached set
 * lacks (the issuer rotated its keys). Every load is bounded, the first one too: at most `maxFetchesPerMinute` that
 * succeed, one at a time, and after a failure (no answer, an error status, garbage) none until a backoff of 10 s,
 * doubling up to 60 s, has passed, so an outage of the issuer spends nothing of what a rotation after it needs.
 */
export class IssuerKeys {
  private keys: Loaded<LocalKeySet> | undefined;
  private discovered: Loaded<string> | undefined;
  /** When each load of the last minute that did not fail started. */
  private readonly loadsAt: number[] = [];
  private failures = 0;
  private retryAt = 0;
  private loading: Promise<void> | undefined;

  constructor(private readonly options: IssuerKeysOptions) {}

  /** The key that verifies a token with this header; throws jose's JWKSNoMatchingKey when the issuer has none. */
  async keyFor(header: JWSHeaderParameters, token: FlattenedJWSInput): Promise<VerifyKey> {
    const { keys, fresh } = await this.usableKeys();
    try {
      return await keys(header, token);
    } catch (error) {
      // Several candidates: jose tries each in turn.
      if (error instanceof errors.JWKSMultipleMatchingKeys) throw error;
      // The issuer published a key it names that cannot be read (a private key, a broken modulus): its fault.
      if (!(error instanceof errors.JWKSNoMatchingKey))
        throw this.unavailable("it publishes a key that cannot be read");
      // A set loaded for this very token is already the issuer's latest.
      if (fresh) throw error;
      if (!this.mayLoad()) {
        // A key the cached set lacks, while the issuer cannot be asked: that is not the token's fault.
        if (this.now() < this.retryAt) throw this.unavailable("its key set could not be loaded just now");
        throw error;
      }
    }
    await this.load();
    return (await this.usableKeys()).keys(header, token);
  }

  private now(): number {
    return this.options.clock.now();
  }

  private get maxAgeMs(): number {
    return this.options.maxAgeMs ?? DEFAULT_KEYS_MAX_AGE_MS;
  }

  /** The cached key set, loaded first when it is missing or past its maximum age; `fresh` when this call loaded it. */
  private async usableKeys(): Promise<{ keys: LocalKeySet; fresh: boolean }> {
    const age = this.keys === undefined ? Number.POSITIVE_INFINITY : this.now() - this.keys.at;
    let fresh = false;
    if (age >= this.maxAgeMs) {
      if (!this.mayLoad()) throw this.unavailable("its key set could not be loaded just now");
      await this.load();
      fresh = true;
    } else if (age >= this.maxAgeMs / 2 && this.mayLoad()) {
      // Early, so a passing failure of the issuer costs nothing: the cached set serves until its maximum age.
      fresh = await this.load().then(
        () => true,
        (error: unknown) => {
          this.options.diagnostics?.note({ where: "issuer keys (early load)", error });
          return false;
        },
      );
    }
    const keys = this.keys;
    if (keys === undefined || this.now() - keys.at >= this.maxAgeMs) throw this.unavailable("no key set is loaded");
    return { keys: keys.value, fresh };
  }

  /** Whether a load may start now (or one is under way, which a caller joins). */
  private mayLoad(): boolean {
    if (this.loading !== undefined) return true;
    const now = this.now();
    while (this.loadsAt.length > 0 && (this.loadsAt[0] ?? 0) <= now - MINUTE_MS) this.loadsAt.shift();
    return now >= this.retryAt && this.loadsAt.length < (this.options.maxFetchesPerMinute ?? 6);
  }

  /** One load at a time; requests that arrive meanwhile wait for it. A failure is counted as a backoff, not a load. */
  private load(): Promise<void> {
    if (this.loading === undefined) {
      const started = this.now();
      this.loadsAt.push(started);
      this.loading = this.fetchKeys(started)
        .then(
          () => {
            this.failures = 0;
          },
          (error: unknown) => {
            const counted = this.loadsAt.indexOf(started);
            if (counted >= 0) this.loadsAt.splice(counted, 1);
            this.failures += 1;
            this.retryAt = this.now() + Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (this.failures - 1));
            throw this.unavailable(
              error instanceof IssuerKeysUnavailable ? error.message : "its key set is unreadable",
            );
          },
        )
        .finally(() => (this.loading = undefined));
    }
    return this.loading;
  }

  private async fetchKeys(started: number): Promise<void> {
    const url = await this.keysUrl(started);
    const set: JSONWebKeySet = keySetOf(await fetchJson(url, this.timeoutMs), url);
    this.keys = { value: createLocalJWKSet(set), at: started };
  }

  /** The key set's URL: given, or read from the discovery document, which is read again with the keys' maximum age. */
  private async keysUrl(now: number): Promise<string> {
    const source = this.options.source;
    if ("jwksUrl" in source) return keysUrlOf(source.jwksUrl, "--oidc-jwks-url");
    if (this.discovered === undefined || now - this.discovered.at >= this.maxAgeMs) {
      const document = await fetchJson(source.discoveryUrl, this.timeoutMs);
      const named = (document as { jwks_uri?: unknown } | null)?.jwks_uri;
      this.discovered = { value: keysUrlOf(named, `the discovery document's jwks_uri`), at: now };
    }
    return this.discovered.value;
  }

  private get timeoutMs(): number {
    return this.options.timeoutMs ?? 5000;
  }

  /** Unavailable, with how long until the issuer may be asked again (at least a second). */
  private unavailable(why: string): IssuerKeysUnavailable {
    return new IssuerKeysUnavailable(why, Math.max(1, Math.ceil((this.retryAt - this.now()) / 1000)));
  }
}
