import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, exportJWK, generateKeyPair } from "jose";

/** A multi-tenant OpenID issuer as Entra ID's common endpoint is: one key set, `iss` naming each token's tenant. */
export const TENANT_ISSUER = "https://login.tenants.example/{tenantid}/v2.0";
export const TENANT_AUDIENCE = "api://index-data-gateway";

export interface TenantIssuer {
  /** Where the gateway reads the key set (a local HTTP server). */
  readonly jwksUrl: string;
  /** An access token for user `oid` of tenant `tid`, valid for an hour from `nowMs`; `claims` add or override. */
  tokenFor(tid: string, oid: string, nowMs: number, claims?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/** Starts the issuer: its key set on a local port, its tokens signed with jose (RS256). */
export async function startTenantIssuer(): Promise<TenantIssuer> {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const keys = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: "tenants-1", alg: "RS256" }] });
  const server = createServer((_request, response) =>
    response.writeHead(200, { "content-type": "application/json" }).end(keys),
  );
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  return {
    jwksUrl: `http://127.0.0.1:${port}/keys`,
    tokenFor: (tid, oid, nowMs, claims = {}) => {
      const now = Math.floor(nowMs / 1000);
      return new SignJWT({ tid, oid, scp: "Indexes.Read", ...claims })
        .setProtectedHeader({ alg: "RS256", kid: "tenants-1" })
        .setIssuer(TENANT_ISSUER.replace("{tenantid}", tid))
        .setAudience(TENANT_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(privateKey);
    },
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}
