import { generateKeyPairSync } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { SignJWT, exportJWK, exportSPKI, generateKeyPair, type JWK, type JWTPayload } from "jose";
import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import { startGateway, type RunningGateway } from "../../gateway/src";
import type { SignInOptions } from "../../gateway/src/identity/oidc/sign-in";
import { FakeClock } from "../support/fake-clock";
import { makeDesk } from "./support/desk";
import { parsePrometheusText, sampleValue } from "./support/prometheus-text";

/**
 * Single sign-on: a local issuer (its JWKS served over HTTP by the test), tokens signed with jose, a gateway that
 * accepts them beside desk tokens. Every bad token is refused with 401 and a JSON error that does not echo it.
 */
const TENANT = "7c1a5f0e-0000-4000-8000-00000000d35c";
const OTHER_TENANT = "0f9d2b44-0000-4000-8000-0000000bad00";
const ISSUER = "https://login.example.com/{tenantid}/v2.0";
const AUDIENCE = "api://index-data-gateway";
const SCOPE = "Indexes.Read";
const LATEST = "/api/v1/index/RTM-NWE-A-1x3/latest";
const desk = makeDesk(["alice"]);

interface Issuer {
  readonly url: string;
  readonly jwksUrl: string;
  /** How many times the key set was fetched. */
  fetches(): number;
  /** While set, the key set's body is this instead of the keys (status 200). */
  keySetBody: string | undefined;
  /** The discovery document's `jwks_uri`. @default jwksUrl */
  discoveredJwksUri: string | undefined;
  sign(
    claims: JWTPayload,
    options?: { kid?: string; expSeconds?: number; nbfSeconds?: number; iatSeconds?: number; now?: number },
  ): Promise<string>;
  readonly publicPem: string;
  close(): Promise<void>;
}

async function startIssuer(): Promise<Issuer> {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const stranger = await generateKeyPair("RS256");
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: "key-1", alg: "RS256", use: "sig" };
  let fetches = 0;
  const server: Server = createServer((request, response) => {
    const json = { "content-type": "application/json" };
    if (request.url === "/.well-known/openid-configuration") {
      response.writeHead(200, json).end(JSON.stringify({ issuer: url, jwks_uri: issuer.discoveredJwksUri ?? jwksUrl }));
      return;
    }
    fetches += 1;
    response.writeHead(200, json).end(issuer.keySetBody ?? JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const jwksUrl = `${url}/keys`;
  const issuer: Issuer = {
    url,
    jwksUrl,
    keySetBody: undefined,
    discoveredJwksUri: undefined,
    fetches: () => fetches,
    publicPem: await exportSPKI(publicKey),
    sign: async (claims, { kid = "key-1", expSeconds = 3600, nbfSeconds = -5, iatSeconds = 0, now: at } = {}) => {
      const now = Math.floor((at ?? Date.now()) / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
        .setIssuedAt(now + iatSeconds)
        .setNotBefore(now + nbfSeconds)
        .setExpirationTime(now + expSeconds)
        .sign(kid === "key-1" ? privateKey : stranger.privateKey);
    },
    close: () => new Promise((closed) => server.close(() => closed())),
  };
  return issuer;
}

/** What an Entra ID access token for the gateway carries. */
function entraClaims(overrides: JWTPayload = {}): JWTPayload {
  return {
    iss: ISSUER.replace("{tenantid}", TENANT),
    aud: AUDIENCE,
    tid: TENANT,
    oid: "3f2b1c7d-0000-4000-8000-00000000a11c",
    sub: "pairwise-subject-for-this-app",
    scp: `openid ${SCOPE}`,
    ...overrides,
  };
}

/** The gateway's sign-in for the local issuer's Entra ID tokens, of TENANT. */
function entraSignIn(more: Partial<SignInOptions> = {}): SignInOptions {
  return { issuer: ISSUER, audience: AUDIENCE, jwksUrl: issuer.jwksUrl, allowedTenants: [TENANT], ...more };
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

let service: RunningReferenceService;
let issuer: Issuer;
let gateway: RunningGateway;
const logLines: Array<Record<string, unknown>> = [];
beforeAll(async () => {
  service = await startReferenceService();
  issuer = await startIssuer();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean))
        logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  gateway = await startGateway({
    upstream: service.url,
    upstreamKey: DEMO_KEYS.apiKey,
    tokens: () => desk.entries,
    // Still, so the window /metrics counts in never turns during the suite.
    clock: new FakeClock(Date.now()),
    signIn: entraSignIn({ requiredScope: SCOPE }),
    logger: { level: "info", stream },
  });
});
afterAll(async () => {
  await gateway?.close();
  await issuer?.close();
  await service?.close();
});

function ask(token: string, target: RunningGateway = gateway): Promise<Response> {
  return fetch(`${target.url}${LATEST}`, { headers: { authorization: `Bearer ${token}` } });
}

test("a token from the issuer is answered, and counted under its issuer, tenant and object id in metrics and audit", async () => {
  const token = await issuer.sign(entraClaims());
  const answer = await ask(token);
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { symbol: string }).symbol).toBe("RTM-NWE-A-1x3");
  // Desk tokens keep working beside sign-in.
  expect(
    (await fetch(`${gateway.url}${LATEST}`, { headers: { "x-api-key": desk.tokens["alice"] ?? "" } })).status,
  ).toBe(200);

  // Issuer, tenant and object id: a sign-in user, never a desk token's name.
  const user = `oidc:${TENANT}/3f2b1c7d-0000-4000-8000-00000000a11c`;
  const samples = parsePrometheusText(await (await fetch(`${gateway.url}/metrics`)).text());
  expect(sampleValue(samples, "index_gateway_window_requests", { user })).toBe(1);
  expect(sampleValue(samples, "index_gateway_window_requests", { user: "alice" })).toBe(1);
  expect(logLines.filter((line) => line["audit"] === "upstream-send")).toEqual([
    expect.objectContaining({ user, credential: "sign-in", resource: LATEST, status: 200 }),
  ]);
  expect(JSON.stringify(logLines)).not.toContain(token);
});

test("a token without tid and oid is counted under its issuer and subject, and one within the 60 s skew is answered", async () => {
  const fresh = await startGateway({
    upstream: service.url,
    tokens: () => [],
    clock: new FakeClock(Date.now()),
    signIn: { issuer: "https://issuer.example.com", audience: AUDIENCE, jwksUrl: issuer.jwksUrl },
  });
  try {
    const claims = { iss: "https://issuer.example.com", aud: AUDIENCE, sub: "user-42" };
    const [justExpired, notQuiteValid] = await Promise.all([
      issuer.sign(claims, { expSeconds: -30 }),
      issuer.sign(claims, { nbfSeconds: 30 }),
    ]);
    const answers = await Promise.all([justExpired, notQuiteValid].map((token) => ask(token, fresh)));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const samples = parsePrometheusText(await (await fetch(`${fresh.url}/metrics`)).text());
    const user = "oidc:user-42";
    expect(sampleValue(samples, "index_gateway_window_requests", { user })).toBe(2);
  } finally {
    await fresh.close();
  }
});

test("every bad token is refused with 401 and a JSON error that does not echo it", async () => {
  const restarted = await startGateway({
    upstream: service.url,
    tokens: () => desk.entries,
    signIn: entraSignIn(),
  });
  const header = { alg: "RS256", kid: "key-1", typ: "JWT" };
  const now = Math.floor(Date.now() / 1000);
  const bad: Record<string, string> = {
    "wrong issuer": await issuer.sign(entraClaims({ iss: "https://login.example.com/someone-else/v2.0" })),
    "wrong audience": await issuer.sign(entraClaims({ aud: "api://another-app" })),
    "tenant not allowed": await issuer.sign(
      entraClaims({ tid: OTHER_TENANT, iss: ISSUER.replace("{tenantid}", OTHER_TENANT) }),
    ),
    expired: await issuer.sign(entraClaims(), { expSeconds: -120 }),
    "not yet valid": await issuer.sign(entraClaims(), { nbfSeconds: 120 }),
    "unknown kid": await issuer.sign(entraClaims(), { kid: "key-unknown" }),
    "alg none": `${base64url({ alg: "none", typ: "JWT" })}.${base64url({ ...entraClaims(), exp: now + 600 })}.`,
    "HS256 signed with the public key": await new SignJWT(entraClaims())
      .setProtectedHeader({ ...header, alg: "HS256" })
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(issuer.publicPem)),
    "a forged signature": `${(await issuer.sign(entraClaims())).split(".").slice(0, 2).join(".")}.${Buffer.from("forged").toString("base64url")}`,
  };
  try {
    const refusals: Record<string, { status: number; code: string; echoes: boolean; message: string }> = {};
    for (const [name, token] of Object.entries(bad)) {
      const answer = await ask(token, restarted);
      const text = await answer.text();
      const body = JSON.parse(text) as { code: string; message: string };
      const parts = token.split(".").filter((part) => part.length > 8);
      refusals[name] = {
        status: answer.status,
        code: body.code,
        echoes: parts.some((part) => text.includes(part)),
        message: body.message,
      };
    }
    const expected = (why: string) => ({
      status: 401,
      code: "INVALID_TOKEN",
      echoes: false,
      message: `The sign-in token was refused: ${why}. Sign in again from the add-in's Settings, or ask the desk's administrator.`,
    });
    expect(refusals).toEqual({
      "wrong issuer": expected("it comes from another issuer"),
      "wrong audience": expected("it is meant for another application"),
      "tenant not allowed": expected("its tenant is not one this desk allows"),
      expired: expected("it has expired"),
      "not yet valid": expected("it is not valid yet"),
      "unknown kid": expected("it is signed with a key the issuer does not publish"),
      "alg none": expected("its signature algorithm is not allowed"),
      "HS256 signed with the public key": expected("its signature algorithm is not allowed"),
      "a forged signature": expected("its signature does not verify"),
    });
  } finally {
    await restarted.close();
  }
});

test("a token without the required scope or role is refused with 403", async () => {
  const restarted = await startGateway({
    upstream: service.url,
    tokens: () => [],
    signIn: entraSignIn({ requiredScope: SCOPE }),
  });
  try {
    const [noScope, asRole] = await Promise.all([
      issuer.sign(entraClaims({ scp: "openid" })),
      issuer.sign(entraClaims({ scp: undefined, roles: [SCOPE] })),
    ]);
    const answers = await Promise.all([noScope, asRole].map((token) => ask(token, restarted)));
    expect(answers.map((a) => a.status)).toEqual([403, 200]);
    expect(((await answers[0]?.json()) as { code: string }).code).toBe("INSUFFICIENT_SCOPE");
  } finally {
    await restarted.close();
  }
});

test("an unknown kid fetches the key set again, at most 6 times a minute by the gateway's clock", async () => {
  const clock = new FakeClock(Date.now());
  const restarted = await startGateway({
    upstream: service.url,
    tokens: () => [],
    clock,
    signIn: entraSignIn(),
  });
  try {
    const unknown = await issuer.sign(entraClaims(), { kid: "rotated-away" });
    const before = issuer.fetches();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await ask(unknown, restarted)).status);
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 401));
    expect(issuer.fetches() - before).toBe(6);
    await clock.advance(60_000);
    await ask(unknown, restarted);
    expect(issuer.fetches() - before).toBe(7);
  } finally {
    await restarted.close();
  }
});

describe("issue 38", () => {
  /** A gateway on a fake clock taking the local issuer's tokens (its key set given, or discovered); closed after. */
  async function gatewayWith(signIn: Partial<SignInOptions>, { discover = false } = {}) {
    const clock = new FakeClock(Date.now());
    const { jwksUrl: _given, ...discovered } = entraSignIn(signIn);
    const running = await startGateway({
      upstream: service.url,
      tokens: () => desk.entries,
      clock,
      signIn: discover ? discovered : entraSignIn(signIn),
    });
    opened.push(running);
    return { running, clock };
  }
  const opened: RunningGateway[] = [];
  afterEach(async () => {
    issuer.keySetBody = undefined;
    issuer.discoveredJwksUri = undefined;
    for (const running of opened.splice(0)) await running.close();
  });

  async function answerOf(response: Response) {
    const body = (await response.json()) as { code?: string; message?: string };
    return { status: response.status, code: body.code, message: body.message };
  }

  test("the scope is read in every common form: scp (a string, tab-separated, an array), scope, roles", async () => {
    const { running } = await gatewayWith({ requiredScope: SCOPE });
    const forms: Record<string, JWTPayload> = {
      "scp, space-separated (Entra ID)": { scp: `openid ${SCOPE}` },
      "scp, tab-separated": { scp: `openid\t${SCOPE}` },
      "scp, an array (Okta)": { scp: ["openid", SCOPE] },
      "scope (RFC 9068)": { scope: `openid ${SCOPE}` },
      "roles, a string": { roles: SCOPE },
      "roles, an array (Entra ID app roles)": { roles: ["Other.Role", SCOPE] },
      "a longer scope that starts with it": { scp: `${SCOPE}.All`, scope: `x${SCOPE}` },
      "none of the three": { scopes: SCOPE },
    };
    const statuses: Record<string, number> = {};
    for (const [form, claims] of Object.entries(forms)) {
      const token = await issuer.sign(entraClaims({ scp: undefined, ...claims }));
      statuses[form] = (await ask(token, running)).status;
    }
    expect(statuses).toEqual({
      "scp, space-separated (Entra ID)": 200,
      "scp, tab-separated": 200,
      "scp, an array (Okta)": 200,
      "scope (RFC 9068)": 200,
      "roles, a string": 200,
      "roles, an array (Entra ID app roles)": 200,
      "a longer scope that starts with it": 403,
      "none of the three": 403,
    });
  });

  test("a token issued in the future, beyond 60 s of skew, is refused; one within the skew is answered", async () => {
    const { running, clock } = await gatewayWith({});
    // Issued a year, an hour and 30 s ahead of the gateway's clock.
    const tokens = await Promise.all(
      [365 * 86_400, 3600, 30].map((iatSeconds) =>
        issuer.sign(entraClaims(), { now: clock.now(), iatSeconds, expSeconds: 400 * 86_400 }),
      ),
    );
    const answers = await Promise.all(tokens.map((token) => ask(token, running)));
    expect(await Promise.all(answers.map(answerOf))).toEqual([
      expect.objectContaining({ status: 401, message: expect.stringContaining("it was issued in the future") }),
      expect.objectContaining({ status: 401, message: expect.stringContaining("it was issued in the future") }),
      expect.objectContaining({ status: 200 }),
    ]);
  });

  test.each([
    ['holds no keys ({"keys":[1,"x",null]})', '{"keys":[1,"x",null]}', "holding something that is not a key"],
    ["is not a key set", '{"issuer":"https://login.example.com"}', "sent no key set"],
    [
      "names the token's key as a private key",
      JSON.stringify({
        keys: [
          {
            ...generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }),
            kid: "key-1",
            alg: "RS256",
          },
        ],
      }),
      "publishes a key that cannot be read",
    ],
  ])("a key set that %s makes sign-in unavailable (503), not the token malformed (401)", async (_name, body, why) => {
    const { running } = await gatewayWith({});
    issuer.keySetBody = body;
    const before = issuer.fetches();
    const answer = await ask(await issuer.sign(entraClaims()), running);
    // The fault happened: the issuer served that key set.
    expect(issuer.fetches() - before).toBe(1);
    expect(await answerOf(answer)).toEqual({
      status: 503,
      code: "SIGN_IN_UNAVAILABLE",
      message: expect.stringContaining(why),
    });
    expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
    // Desk tokens keep working.
    const asDesk = await fetch(`${running.url}${LATEST}`, { headers: { "x-api-key": desk.tokens["alice"] ?? "" } });
    expect(asDesk.status).toBe(200);
  });

  test("an early load of the key set that fails leaves the cached set serving, and is reported to the diagnostics", async () => {
    const { running, clock } = await gatewayWith({ keysMaxAgeMs: 120_000 });
    const token = await issuer.sign(entraClaims(), { now: clock.now() });
    expect((await ask(token, running)).status).toBe(200);
    const before = issuer.fetches();
    issuer.keySetBody = "not a key set";
    // Past half its maximum age, the set is loaded again before it is used.
    await clock.advance(61_000);
    const answer = await ask(token, running);
    // The fault happened: the issuer was asked again and served something that is not a key set.
    expect(issuer.fetches() - before).toBe(1);
    expect(answer.status).toBe(200);
    expect(running.diagnostics.recent()).toEqual([
      expect.objectContaining({
        where: "issuer keys (early load)",
        message: expect.stringContaining("sent something that is not JSON"),
      }),
    ]);
  });

  test("a discovery document's jwks_uri must be https (plain http only to this machine)", async () => {
    const claims = { iss: issuer.url, aud: AUDIENCE, sub: "user-42" };
    issuer.discoveredJwksUri = "http://keys.example.com/keys";
    const { running: overHttp } = await gatewayWith({ issuer: issuer.url, allowedTenants: [] }, { discover: true });
    const before = issuer.fetches();
    expect(await answerOf(await ask(await issuer.sign(claims), overHttp))).toEqual({
      status: 503,
      code: "SIGN_IN_UNAVAILABLE",
      message: expect.stringContaining("the discovery document's jwks_uri is not https"),
    });
    expect(issuer.fetches()).toBe(before);

    issuer.discoveredJwksUri = undefined;
    const { running: loopback } = await gatewayWith({ issuer: issuer.url, allowedTenants: [] }, { discover: true });
    expect((await ask(await issuer.sign(claims), loopback)).status).toBe(200);
    expect(issuer.fetches()).toBe(before + 1);
  });

  test("an issuer with {tenantid} and no allowed tenant is refused at start, saying what to give", async () => {
    await expect(
      startGateway({
        upstream: service.url,
        tokens: () => [],
        signIn: { issuer: ISSUER, audience: AUDIENCE, jwksUrl: issuer.jwksUrl },
      }),
    ).rejects.toThrow(/\{tenantid\} accepts a token of any tenant .* --oidc-allowed-tenant T/);
  });
});
