import type { SignInConfig } from "@index-data/wire";
import type { NestableClientFactory } from "../../runtime";

/**
 * The gateway's sign-in through MSAL's nested app authentication (NAA): Office signs the user in, and the add-in
 * asks it for an access token to the gateway's scope. MSAL is loaded on first use only (a chunk of its own), so
 * a build, a host or a user without sign-in never downloads it, and the functions runtime's bundle does not grow.
 */

/** Whether this Office can sign the user in for the add-in (requirement set NestedAppAuth 1.1). */
export function nestedAppAuthSupported(): boolean {
  try {
    return (
      typeof Office !== "undefined" && Office.context?.requirements?.isSetSupported("NestedAppAuth", "1.1") === true
    );
  } catch {
    // Expected: an Office.js too old to know requirement sets at all cannot do NAA either.
    return false;
  }
}

/** MSAL itself, imported on first use. */
export const msalNestableClient: NestableClientFactory = async (config: SignInConfig) => {
  const msal = await import(/* webpackChunkName: "msal" */ "@azure/msal-browser");
  const auth = { clientId: config.clientId, authority: config.authority };
  return msal.createNestablePublicClientApplication({ auth });
};
