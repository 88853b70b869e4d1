import { decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from "jose";
import type { Clock } from "@index-data/wire/time";
import { noDiagnostics, type Diagnostics } from "@index-data/wire/diagnostics";
import { GatewayError } from "../../answers/gateway-error";
import { signInUser, type DeskUser } from "../identity";
import { IssuerKeys, IssuerKeysUnavailable } from "./issuer-keys";
import { grantsOf } from "./token-grants";

/** Single sign-on with OpenID Connect bearer tokens (Microsoft Entra ID first): what the gateway accepts. */
export interface SignInOptions {
  /** The token's `iss`; `{tenantid}` in it (Entra ID's multi-tenant issuer) stands for the token's own `tid`. */
  readonly issuer: string;
  /** The token's `aud`: the gateway's application ID URI or client id. */
  readonly audience: string;
  /** The issuer's JWKS; absent: read from `<issuer>/.well-known/openid-configuration`. */
  readonly jwksUrl?: string | undefined;
  /** A scope or app role the token must carry, in any of the forms token-grants.ts reads (`scp`, `scope`, `roles`). */
  readonly requiredScope?: string | undefined;
  /** Tenants (`tid`) whose users may sign in; required (not empty) with `{tenantid}` in the issuer. @default [] */
  readonly allowedTenants?: readonly string[];
  /** Longest the issuer's key set is used before it is loaded again (a withdrawn key stops verifying). @default 600000 */
  readonly keysMaxAgeMs?: number | undefined;
}

/** The issuer's `{tenantid}` form, which stands for each token's own tenant. */
export const TENANT_PLACEHOLDER = "{tenantid}";

/** Why these sign-in options cannot be used, or undefined: the command line's and startGateway's one rule. */
export function signInProblem(options: SignInOptions): string | undefined {
  if (options.issuer.includes(TENANT_PLACEHOLDER) && (options.allowedTenants ?? []).length === 0) {
    return `--oidc-issuer with ${TENANT_PLACEHOLDER} accepts a token of any tenant the issuer signs for: name each tenant whose users may sign in with --oidc-allowed-tenant T (repeat it), or give the issuer of your own tenant.`;
  }
  return undefined;
}

/** Asymmetric signatures only: `none` and HMAC (a public key taken for a shared secret) are never accepted. */
const ALGORITHMS: readonly string[] = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
];
/** Clock skew allowed on `exp`, `nbf` and `iat`. */
const SKEW_SECONDS = 60;

/** Whether a presented credential is a JWT (three base64url parts, a JSON header), not a desk token. */
export function looksLikeJwt(presented: string): boolean {
  return /^eyJ[\w-]*\.[\w-]*\.[\w-]*$/.test(presented);
}

function refused(why: string): GatewayError {
  return new GatewayError(
    401,
    "INVALID_TOKEN",
    `The sign-in token was refused: ${why}. Sign in again from the add-in's Settings, or ask the desk's administrator.`,
    { "www-authenticate": 'Bearer error="invalid_token"' },
    "invalid-token",
  );
}

/** Why jose refused a token, in words for the user; never the token or a claim's value. */
function reasonOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) return "it has expired";
  if (error instanceof errors.JWTClaimValidationFailed) {
    const claims: Record<string, string> = {
      nbf: "it is not valid yet",
      iss: "it comes from another issuer",
      aud: "it is meant for another application",
      iat: "its issue time is wrong",
    };
    return claims[error.claim] ?? `its ${error.claim} claim is wrong`;
  }
  if (error instanceof errors.JWKSNoMatchingKey) return "it is signed with a key the issuer does not publish";
  if (error instanceof errors.JOSEAlgNotAllowed) return "its signature algorithm is not allowed";
  if (error instanceof errors.JWSSignatureVerificationFailed) return "its signature does not verify";
  return "it is not a well-formed signed token";
}

/**
 * The user a token stands for: its tenant (`tid`) when it names one, and its stable subject (Entra ID's
 * object id, else `sub`); never a name or an e-mail, which change. A sign-in user is never a desk token's name.
 */
function signedInUser(payload: JWTPayload): DeskUser | undefined {
  const { tid, oid } = payload as { tid?: unknown; oid?: unknown };
  const tenant = typeof tid === "string" && tid !== "" ? tid : undefined;
  const subject = tenant !== undefined && typeof oid === "string" && oid !== "" ? oid : payload.sub;
  return typeof subject === "string" && subject !== "" ? signInUser(tenant, subject) : undefined;
}

/** Checks OpenID Connect bearer tokens: signature, issuer, audience, times, tenant, scope; names the user. */
export class SignIn {
  private readonly keys: IssuerKeys;

  constructor(
    private readonly options: SignInOptions,
    private readonly clock: Clock,
    diagnostics: Diagnostics = noDiagnostics,
  ) {
    const problem = signInProblem(options);
    if (problem !== undefined) throw new Error(problem);
    const issuer = options.issuer.replace(TENANT_PLACEHOLDER, "common").replace(/\/$/, "");
    this.keys = new IssuerKeys({
      clock,
      source:
        options.jwksUrl !== undefined
          ? { jwksUrl: options.jwksUrl }
          : { discoveryUrl: `${issuer}/.well-known/openid-configuration` },
      maxAgeMs: options.keysMaxAgeMs,
      diagnostics,
    });
  }

  /** The user the token stands for; throws the gateway's 401 (403 for a missing scope, 503 without the keys). */
  async userOf(token: string): Promise<DeskUser> {
    let claimed: JWTPayload;
    try {
      const alg = decodeProtectedHeader(token).alg;
      if (alg === undefined || !ALGORITHMS.includes(alg)) throw refused("its signature algorithm is not allowed");
      claimed = decodeJwt(token);
    } catch (error) {
      throw error instanceof GatewayError ? error : refused("it is not a well-formed signed token");
    }
    const tid = typeof claimed["tid"] === "string" ? claimed["tid"] : "";
    const allowed = this.options.allowedTenants ?? [];
    if (allowed.length > 0 && !allowed.includes(tid)) throw refused("its tenant is not one this desk allows");
    const issuer = this.options.issuer.replace(TENANT_PLACEHOLDER, tid);
    const payload = await this.verified(token, issuer);
    // jose checks `iat` only against a maximum age: one ahead of the gateway's clock is a token from a wrong clock.
    if (typeof payload.iat === "number" && payload.iat > this.clock.now() / 1000 + SKEW_SECONDS) {
      throw refused("it was issued in the future");
    }
    if (this.options.requiredScope !== undefined && !grantsOf(payload).has(this.options.requiredScope)) {
      throw new GatewayError(
        403,
        "INSUFFICIENT_SCOPE",
        `The sign-in token lacks the scope or role "${this.options.requiredScope}" this gateway asks for: ask the desk's administrator.`,
        { "www-authenticate": 'Bearer error="insufficient_scope"' },
      );
    }
    const user = signedInUser(payload);
    if (user === undefined) throw refused("it names no user (no oid or sub)");
    return user;
  }

  private async verified(token: string, issuer: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, (header, input) => this.keys.keyFor(header, input), {
        issuer,
        audience: this.options.audience,
        algorithms: [...ALGORITHMS],
        clockTolerance: SKEW_SECONDS,
        currentDate: new Date(this.clock.now()),
        requiredClaims: ["exp"],
      });
      return payload;
    } catch (error) {
      if (error instanceof IssuerKeysUnavailable) {
        throw new GatewayError(
          503,
          "SIGN_IN_UNAVAILABLE",
          `The gateway cannot read the sign-in issuer's keys (${error.message}); desk tokens still work. Try again shortly.`,
          { "retry-after": String(error.retryAfterSeconds) },
        );
      }
      throw refused(reasonOf(error));
    }
  }
}
