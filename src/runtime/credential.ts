import type { SignInConfig } from "@index-data/wire";
import { gatewayTokenProvider, type CredentialInUse, type NestableClientFactory } from "./sign-in-token";

/**
 * Which credential the runtime's requests carry, and why the sign-in is not it when one is named: the functions and
 * the pane share one runtime, so the pane's "Credential in use" line reads what the last request actually did.
 */

/** Why a named sign-in is not in use: the desk token (or nothing) goes out instead. */
export type SignInFallback = "no-naa" | "cancelled" | "consent" | "failed";

export interface CredentialStatus {
  readonly credential: CredentialInUse;
  /** Settings or the build name a sign-in for this base URL (so a desk token in use is a fallback worth saying). */
  readonly signInNamed: boolean;
  /** Why the named sign-in is not in use. */
  readonly fallback?: SignInFallback;
}

type CredentialListener = (status: CredentialStatus) => void;

/** The credential status of the runtime, for the pane; one session (settings) at a time reports to it. */
export class CredentialWatch {
  #status: CredentialStatus = { credential: "none", signInNamed: false };
  #session = 0;
  readonly #listeners = new Set<CredentialListener>();

  current(): CredentialStatus {
    return this.#status;
  }

  subscribe(listener: CredentialListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** A new session (new settings) begins with this status; reports of the sessions before it are ignored. */
  begin(status: CredentialStatus): number {
    this.#session += 1;
    this.#set(status);
    return this.#session;
  }

  report(session: number, status: CredentialStatus): void {
    if (session === this.#session) this.#set(status);
  }

  #set(status: CredentialStatus): void {
    const now = this.#status;
    const same = (["credential", "signInNamed", "fallback"] as const).every((field) => now[field] === status[field]);
    if (same) return;
    this.#status = status;
    for (const listener of [...this.#listeners]) listener(status);
  }
}

function msalFields(error: unknown): { readonly name?: unknown; readonly errorCode?: unknown } {
  return typeof error === "object" && error !== null ? error : {};
}

/** Why MSAL failed, as the pane says it. By name and code: MSAL is a lazy chunk, its classes may be another copy. */
export function fallbackFor(error: unknown): SignInFallback {
  const { name, errorCode: code } = msalFields(error);
  if (code === "user_cancelled") return "cancelled";
  if (code === "nested_app_auth_bridge_disabled") return "no-naa";
  if (name === "InteractionRequiredAuthError" || code === "consent_required") return "consent";
  return "failed";
}

export interface SignInSessionOptions {
  /** The sign-in the settings name for their base URL (signInOf), if any. */
  readonly signIn: SignInConfig | undefined;
  /** A desk token (the API key) is there to fall back to. */
  readonly hasKey: boolean;
  /**
   * Office can sign the user in for the add-in (nestedAppAuthSupported). Asked at the start and before each request:
   * a runtime may start before Office has said what it supports.
   */
  readonly supported: () => boolean;
  readonly watch: CredentialWatch;
  /** MSAL's nestable client (the Office adapter's msalNestableClient; tests fake it at this boundary). */
  readonly factory: NestableClientFactory;
}

/**
 * The client's `bearerToken` for one set of settings, or undefined where they name no sign-in. It never rejects:
 * a sign-in that fails answers undefined, so the request carries the desk token instead, and `watch` says why. After
 * the user closed the popup, or when consent is needed, it asks no more (no popup per request) until new settings
 * (Save) start another session; a failure MSAL may get over (the network) is tried again on the next request.
 * Concurrent requests share one attempt, so at most one popup is open.
 */
export function signInSession(options: SignInSessionOptions): (() => Promise<string | undefined>) | undefined {
  const { signIn, hasKey, supported, watch } = options;
  const fallbackCredential: CredentialInUse = hasKey ? "desk-token" : "none";
  if (signIn === undefined) {
    watch.begin({ credential: fallbackCredential, signInNamed: false });
    return undefined;
  }
  const noNaa: CredentialStatus = { credential: fallbackCredential, signInNamed: true, fallback: "no-naa" };
  const session = watch.begin(supported() ? { credential: "sign-in", signInNamed: true } : noNaa);
  const provider = gatewayTokenProvider(signIn, options.factory);
  let given: SignInFallback | undefined;
  let attempt: Promise<string | undefined> | undefined;
  const tryOnce = async (): Promise<string | undefined> => {
    try {
      const token = await provider();
      watch.report(session, { credential: "sign-in", signInNamed: true });
      return token;
    } catch (error) {
      const fallback = fallbackFor(error);
      if (fallback !== "failed") given = fallback;
      watch.report(session, { credential: fallbackCredential, signInNamed: true, fallback });
      return undefined;
    } finally {
      attempt = undefined;
    }
  };
  return () => {
    if (!supported()) {
      watch.report(session, noNaa);
      return Promise.resolve(undefined);
    }
    if (given !== undefined) return Promise.resolve(undefined);
    attempt ??= tryOnce();
    return attempt;
  };
}
