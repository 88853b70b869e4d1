/**
 * Who is asking, one identity per credential. Each kind of credential names its users in a namespace of its own, so a
 * sign-in subject can never be taken for a desk token's name: the fair queue, the budget's counts, health, metrics
 * and the audit trail all count a user under its DeskUser, and two credentials are one user only if they are one.
 */

/** The kinds of credential the gateway takes, as the audit trail names them. */
export type CredentialKind = "desk-token" | "sign-in" | "no-auth";

/**
 * A user, made only here: a desk token's name as it stands (the tokens file's names never hold `:`), every other
 * kind behind a prefix that ends in `:` (`oidc:`, `ip:`).
 */
export type DeskUser = string & { readonly __deskUser: "DeskUser" };

const SIGN_IN = "oidc:";
const NO_AUTH = "ip:";
/** A desk token whose name holds `:` (given to startGateway, never read from a tokens file) is kept in its own space. */
const DESK_TOKEN = "desk:";

/** The user of a desk token, by its name. */
export function deskTokenUser(name: string): DeskUser {
  return (name.includes(":") ? `${DESK_TOKEN}${name}` : name) as DeskUser;
}

/**
 * The user of a sign-in token: its tenant (`tid`, when it names one) and its subject, as `oidc:<tenant>/<subject>` or
 * `oidc:<subject>`. A gateway trusts one issuer (its sign-in options), so the issuer adds nothing but length to a name
 * that metrics labels and log lines cut at 128 bytes. Tenant and subject are percent-encoded, so no claim's value can
 * make two of them one (nor put a control character in a label or a log line).
 */
export function signInUser(tenant: string | undefined, subject: string): DeskUser {
  const who = tenant === undefined ? "" : `${encodeURIComponent(tenant)}/`;
  return `${SIGN_IN}${who}${encodeURIComponent(subject)}` as DeskUser;
}

/** The user of a request to a gateway without authentication: its address. */
export function noAuthUser(address: string): DeskUser {
  return `${NO_AUTH}${address}` as DeskUser;
}

/** Who a request is counted under when no credential named anyone (no request for a resource gets that far). */
export const UNIDENTIFIED = "unidentified:" as DeskUser;

/** The kind of credential a user came with; null for nobody (or UNIDENTIFIED). */
export function credentialOf(user: string | null): CredentialKind | null {
  if (user === null) return null;
  if (user.startsWith(SIGN_IN)) return "sign-in";
  if (user.startsWith(NO_AUTH)) return "no-auth";
  return user.startsWith(DESK_TOKEN) || !user.includes(":") ? "desk-token" : null;
}
