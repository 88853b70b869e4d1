import { decodeJwt } from "jose";

/**
 * An account: a caller within their tenant, as one string the budget, the queue and the counts key by (they never
 * look inside it). A tenant is the organisation a caller belongs to: the desk itself for desk tokens (and everyone
 * without authentication), a sign-in token's `tid` (Entra ID's tenant), or one tenant for sign-in tokens that name none.
 * The tenant comes first, percent-encoded (so it holds no `/`), then `/` and the caller's name as given: a name
 * cannot make its account look like another tenant's.
 */

/** The desk's own tenant: desk tokens, and every caller without authentication. */
export const DESK_TENANT = "desk";
/** Sign-in tokens that name no tenant (no `tid`): the issuer's users, one tenant. */
export const SIGN_IN_TENANT = "sign-in";

/** The tenant of a sign-in token the gateway has verified: `tid:<tid>`, or SIGN_IN_TENANT without one. */
export function tenantOfSignIn(token: string): string {
  const { tid } = decodeJwt(token) as { tid?: unknown };
  return typeof tid === "string" && tid !== "" ? `tid:${tid}` : SIGN_IN_TENANT;
}

export function accountOf(tenant: string, user: string): string {
  return `${encodeURIComponent(tenant)}/${user}`;
}

/** The tenant part of an account, still encoded: compared as it is, without decoding, on every answer. */
export function encodedTenantOf(account: string): string {
  const split = account.indexOf("/");
  return split < 0 ? encodeURIComponent(DESK_TENANT) : account.slice(0, split);
}

export function tenantOfAccount(account: string): string {
  const encoded = encodedTenantOf(account);
  try {
    return decodeURIComponent(encoded);
  } catch {
    // Expected: only a hand-written count (in a shared Redis) can hold one that does not decode; shown as stored.
    return encoded;
  }
}

/** The caller's name in an account (an account written without a tenant is the desk's, e.g. in a test's queue). */
export function userOfAccount(account: string): string {
  const split = account.indexOf("/");
  return split < 0 ? account : account.slice(split + 1);
}
