import { signInOf, type Settings } from "../settings";
import { CredentialWatch, signInSession } from "./credential";
import type { NestableClientFactory } from "./sign-in-token";

/** Outside Office (the preview, Node) nobody can sign the user in. */
const noSignIn = (): boolean => false;
const refuseSignIn: NestableClientFactory = () => Promise.reject(new Error("no nested app authentication here"));

export interface SignInHost {
  /**
   * Whether the host can sign the user in: the Office adapter's nestedAppAuthSupported in Excel (tests say).
   * @default no sign-in (the desk token, if any, goes out)
   */
  readonly nestedAppAuth?: () => boolean;
  /** MSAL's nestable client: the Office adapter's msalNestableClient (tests fake it at this boundary). */
  readonly msal?: NestableClientFactory;
}

/**
 * The sign-in of each set of settings: a token provider where they name a sign-in and the host can sign the user in,
 * else none (the key goes out). Only the current settings report to `credential`, which the pane reads.
 */
export class SignInSessions {
  /** Which credential the current settings' requests carry (the sign-in, or the desk token and why). */
  readonly credential = new CredentialWatch();

  constructor(private readonly host: SignInHost) {}

  /** The token provider for `settings`; `current` says whether they are the runtime's current settings. */
  tokenFor(settings: Settings, current: boolean): (() => Promise<string | undefined>) | undefined {
    const { msal, nestedAppAuth } = this.host;
    return signInSession({
      signIn: signInOf(settings),
      hasKey: settings.apiKey !== undefined,
      supported: (msal !== undefined && nestedAppAuth) || noSignIn,
      watch: current ? this.credential : new CredentialWatch(),
      factory: msal ?? refuseSignIn,
    });
  }
}
