import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { DescriptionFlavor, ServiceTier } from "@index-data/wire/contract";

export { TIER_LIMITS } from "@index-data/wire/contract";
export type Flavor = DescriptionFlavor;
export type Tier = ServiceTier;

/** Keys this service knows. They are demo keys, published in the README, worthless anywhere else. */
export const DEMO_KEYS = {
  apiKey: "demo-apikey-4f1c9a7e2b",
  enterprise: "demo-enterprise-8d3e6b0f5c",
  revoked: "demo-revoked-2a7d4c9e1f",
} as const satisfies { readonly apiKey: string; readonly enterprise: string; readonly revoked: string };

/** Who is calling: a tier and the rate-limit bucket it counts against. */
export type Caller =
  | { readonly ok: true; readonly tier: Tier; readonly bucket: string }
  | {
      readonly ok: false;
      readonly tier: "anonymous";
      readonly bucket: string;
      readonly code: string;
      readonly message: string;
    };

type KeyStanding = Tier | "revoked";

function digestOf(key: string): Buffer {
  return createHash("sha256").update(key, "utf8").digest();
}

/** Digests, not keys: equal-length buffers, so timingSafeEqual can compare any presented key with them. */
const KNOWN_KEY_DIGESTS: ReadonlyArray<readonly [Buffer, KeyStanding]> = [
  [digestOf(DEMO_KEYS.apiKey), "api-key"],
  [digestOf(DEMO_KEYS.enterprise), "enterprise"],
  [digestOf(DEMO_KEYS.revoked), "revoked"],
];

/**
 * The standing of a presented key, compared in constant time: every known key is compared, with no
 * early exit, so the answer time does not tell how much of a key was right.
 */
function standingOfKey(key: string): KeyStanding | undefined {
  const presented = digestOf(key);
  let standing: KeyStanding | undefined;
  for (const [digest, candidate] of KNOWN_KEY_DIGESTS) {
    if (timingSafeEqual(presented, digest)) standing = candidate;
  }
  return standing;
}

/** The key from `X-API-Key: <key>`, else from `Authorization: Bearer <key>`. Empty headers count as none. */
function presentedKey(headers: IncomingHttpHeaders): { key?: string; badScheme?: true } {
  const header = headers["x-api-key"];
  const fromHeader = (Array.isArray(header) ? header[0] : header)?.trim();
  if (fromHeader) return { key: fromHeader };
  const authorization = headers.authorization?.trim();
  if (!authorization) return {};
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  return match?.[1] ? { key: match[1] } : { badScheme: true };
}

/** Identifies the caller. A bad key is not rejected here, so that the 401 still counts and carries limits. */
export function identifyCaller(headers: IncomingHttpHeaders, ip: string): Caller {
  const anonymousBucket = `ip:${ip}`;
  const { key, badScheme } = presentedKey(headers);
  if (badScheme) {
    const message = "The Authorization header must be 'Bearer <key>'. Or send the key as 'X-API-Key: <key>'.";
    return { ok: false, tier: "anonymous", bucket: anonymousBucket, code: "UNAUTHORIZED", message };
  }
  if (key === undefined) return { ok: true, tier: "anonymous", bucket: anonymousBucket };
  const standing = standingOfKey(key);
  if (standing === "revoked") {
    const message = "This API key has been revoked. Ask for a new key, or remove it to call anonymously.";
    return { ok: false, tier: "anonymous", bucket: anonymousBucket, code: "API_KEY_REVOKED", message };
  }
  if (standing === undefined) {
    const message = "Unknown API key. Check the key in the settings, or remove it to call anonymously.";
    return { ok: false, tier: "anonymous", bucket: anonymousBucket, code: "UNAUTHORIZED", message };
  }
  // One demo key per tier, so the tier names the key's bucket without the key being kept in the store.
  return { ok: true, tier: standing, bucket: `key:${standing}` };
}
