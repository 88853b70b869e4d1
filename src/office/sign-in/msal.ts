import type { SignInConfig } from "@index-data/wire";

/**
 * The gateway's sign-in through MSAL's nested app authentication (NAA): Office signs the user in, and the add-in
 * asks it for an access token to the gateway's scope. MSAL is loaded on first use only (a chunk of its own), so
 * a build, a host or a user without sign-in never downloads it, and the functions runtime's bundle does not grow.
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

/** Whether this Office can sign the user in for the add-in (requirement set NestedAppAuth 1.1). */
export function nestedAppAuthSupported(): boolean {
  try {
    return (
      typeof Office !== "undefined" && Office.context?.requirements?.isSetSupported("NestedAppAuth", "1.1") === true
    );
  } catch {
    // An Office.js too old to know requirement sets at all cannot do NAA either.
    return false;
  }
}

/** MSAL itself, imported on first use. */
export const msalNestableClient: NestableClientFactory = async (config) => {
  const msal = await import(/* webpackChunkName: "msal" */ "@azure/msal-browser");
  const auth = { clientId: config.clientId, authority: config.authority };
  return msal.createNestablePublicClientApplication({ auth });
};

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
export function gatewayTokenProvider(
  config: SignInConfig,
  factory: NestableClientFactory = msalNestableClient,
): () => Promise<string> {
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
