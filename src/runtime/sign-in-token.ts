import type { SignInConfig } from "@index-data/wire";

/**
 * The gateway's sign-in as the runtime sees it: a nestable client (MSAL's nested app authentication, which the
 * Office adapter makes and loads on first use) and the token provider built on it. No Office calls.
 */

/** An access token, as MSAL answers. */
export interface AccessTokenAnswer {
  readonly accessToken: string;
}

/** The part of MSAL's PublicClientApplication the add-in uses: its boundary, which tests fake. */
export interface NestableClient {
  acquireTokenSilent(request: { readonly scopes: string[] }): Promise<AccessTokenAnswer>;
  acquireTokenPopup(request: { readonly scopes: string[] }): Promise<AccessTokenAnswer>;
}

/** Makes the nestable client for a sign-in configuration. */
export type NestableClientFactory = (config: SignInConfig) => Promise<NestableClient>;

/** Which credential the add-in sends: the user's sign-in token, the desk token (the API key), or none. */
export type CredentialInUse = "sign-in" | "desk-token" | "none";

function interactionRequired(error: unknown): boolean {
  // By name, not instanceof: MSAL is a lazily loaded module, and the class may come from another copy of it.
  return (
    typeof error === "object" && error !== null && (error as { name?: unknown }).name === "InteractionRequiredAuthError"
  );
}

/**
 * A token provider for the client (`bearerToken`): silently first, with Office's popup when MSAL says the user
 * must act (consent, a new sign-in). One client per provider, made on first use; a factory that failed is tried
 * again on the next request.
 */
export function gatewayTokenProvider(config: SignInConfig, factory: NestableClientFactory): () => Promise<string> {
  let client: Promise<NestableClient> | undefined;
  return async () => {
    client ??= factory(config);
    let pca: NestableClient;
    try {
      pca = await client;
    } catch (error) {
      client = undefined;
      throw error;
    }
    const request = { scopes: [config.scope] };
    try {
      return (await pca.acquireTokenSilent(request)).accessToken;
    } catch (error) {
      if (!interactionRequired(error)) throw error;
      return (await pca.acquireTokenPopup(request)).accessToken;
    }
  };
}
