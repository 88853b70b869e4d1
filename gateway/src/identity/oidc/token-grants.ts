import type { JWTPayload } from "jose";

/**
 * The claims that carry what a token may do, in the forms providers use: `scp` (Entra ID: a space-separated string;
 * Okta: an array), `scope` (RFC 9068, the form of oidc-provider, Auth0, Keycloak: a space-separated string) and
 * `roles` (Entra ID's app roles: an array; some providers: a string).
 */
const GRANT_CLAIMS = ["scp", "scope", "roles"] as const;

/** The values of one claim: a string split at any whitespace (spaces, tabs), or an array's strings. */
function valuesOf(claim: unknown): string[] {
  if (typeof claim === "string") return claim.split(/\s+/).filter((value) => value !== "");
  if (Array.isArray(claim)) return claim.filter((value): value is string => typeof value === "string");
  return [];
}

/** Every scope and role a token carries, whichever claim and form it came in. */
export function grantsOf(payload: JWTPayload): ReadonlySet<string> {
  return new Set(GRANT_CLAIMS.flatMap((claim) => valuesOf(payload[claim])));
}
