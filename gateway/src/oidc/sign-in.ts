import { decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from "jose";
import type { Clock } from "@index-data/wire/time";
import { GatewayError } from "../gateway-error";
import { IssuerKeys, IssuerKeysUnavailable, fetchJson } from "./issuer-keys";

/** Single sign-on with OpenID Connect bearer tokens (Microsoft Entra ID first): what the gateway accepts. */
export interface SignInOptions {
  /** The token's `iss`; `{tenantid}` in it (Entra ID's multi-tenant issuer) stands for the token's own `tid`. */
  readonly issuer: string;
  /** The token's `aud`: the gateway's application ID URI or client id. */
  readonly audience: string;
  /** The issuer's JWKS; absent: read from `<issuer>/.well-known/openid-configuration`. */
  readonly jwksUrl?: string;
  /** A scope (`scp`) or app role (`roles`) the token must carry. */
  readonly requiredScope?: string;
  /** Tenants (`tid`) whose users may sign in; empty: any the issuer signs for. @default [] */
  readonly allowedTenants?: readonly string[];
}

/** Asymmetric signatures only: `none` and HMAC (a public key taken for a shared secret) are never accepted. */
const ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];
/** Clock skew allowed on `exp` and `nbf`. */
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

/** The user a token stands for: Entra ID's tenant and object id, else the subject. */
function subjectOf(payload: JWTPayload): string | undefined {
  const { tid, oid } = payload as { tid?: unknown; oid?: unknown };
  if (typeof tid === "string" && typeof oid === "string" && tid !== "" && oid !== "") return `${tid}/${oid}`;
  return typeof payload.sub === "string" && payload.sub !== "" ? payload.sub : undefined;
}

function carries(payload: JWTPayload, scope: string): boolean {
  const { scp, roles } = payload as { scp?: unknown; roles?: unknown };
  const scopes = typeof scp === "string" ? scp.split(" ") : [];
  return scopes.includes(scope) || (Array.isArray(roles) && roles.includes(scope));
}

/** Checks OpenID Connect bearer tokens: signature, issuer, audience, times, tenant, scope; names the user. */
export class SignIn {
  private readonly keys: IssuerKeys;

  constructor(
    private readonly options: SignInOptions,
    private readonly clock: Clock,
  ) {
    const discovery = `${options.issuer.replace("{tenantid}", "common").replace(/\/$/, "")}/.well-known/openid-configuration`;
    this.keys = new IssuerKeys({
      clock,
      jwksUrl: async () =>
        options.jwksUrl ?? String(((await fetchJson(discovery, 5000)) as { jwks_uri?: unknown }).jwks_uri ?? ""),
    });
  }

  /** The user the token stands for; throws the gateway's 401 (403 for a missing scope, 503 without the keys). */
  async userOf(token: string): Promise<string> {
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
    const payload = await this.verified(token, this.options.issuer.replace("{tenantid}", tid));
    if (this.options.requiredScope !== undefined && !carries(payload, this.options.requiredScope)) {
      throw new GatewayError(
        403,
        "INSUFFICIENT_SCOPE",
        `The sign-in token lacks the scope or role "${this.options.requiredScope}" this gateway asks for: ask the desk's administrator.`,
        { "www-authenticate": 'Bearer error="insufficient_scope"' },
      );
    }
    const subject = subjectOf(payload);
    if (subject === undefined) throw refused("it names no user (no oid or sub)");
    return subject;
  }

  private async verified(token: string, issuer: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, (header, input) => this.keys.keyFor(header, input), {
        issuer,
        audience: this.options.audience,
        algorithms: ALGORITHMS,
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
          { "retry-after": "5" },
        );
      }
      throw refused(reasonOf(error));
    }
  }
}
