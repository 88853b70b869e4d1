import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, exportJWK, generateKeyPair, type JWK } from "jose";
import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import { startGateway, type RunningGateway } from "../../gateway/src";
import { IndexDataClient } from "../../src/client";
import { ConfigurationError } from "@index-data/wire";
import { gatewayTokenProvider, type NestableClient } from "../../src/runtime";
import { EngineHost } from "../../src/runtime/engine-host";
import { MemoryStorage, SettingsStore } from "../../src/settings";
import {
  checkForm,
  INITIAL_SETTINGS_FORM,
  settingsFormReducer,
  type SettingsFormEvent,
} from "../../src/taskpane/components/SettingsPanel/settings-form";
import { closeLoopbackServers, startLoopbackServer } from "./loopback-server";

/**
 * The add-in's sign-in token on the wire: MSAL faked at its boundary (a factory handing out a fake nestable
 * client whose tokens a local issuer signs with jose), sent as a bearer token to a real gateway that validates it.
 */
const ISSUER = "https://login.example.com/tenant/v2.0";
const AUDIENCE = "api://index-data-gateway";
const SCOPE = "api://index-data-gateway/Indexes.Read";
const SIGN_IN = {
  clientId: "00000000-0000-4000-8000-000000000abc",
  authority: "https://login.example.com/tenant",
  scope: SCOPE,
};
const SYMBOL = "RTM-NWE-A-1x3";

let service: RunningReferenceService;
let gateway: RunningGateway;
let jwks: Server;
let privateKey: Awaited<ReturnType<typeof generateKeyPair>>["privateKey"];

async function signToken(): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: ISSUER, aud: AUDIENCE, sub: "trader-1", scp: "Indexes.Read" })
    .setProtectedHeader({ alg: "RS256", kid: "key-1" })
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(privateKey);
}

/** A fake nestable client: silent answers until told that interaction is required. */
function fakeMsal(options: { interactionRequired?: boolean } = {}) {
  const calls: string[] = [];
  const client: NestableClient = {
    acquireTokenSilent: async (request) => {
      calls.push(`silent ${request.scopes.join(" ")}`);
      if (options.interactionRequired === true) {
        throw Object.assign(new Error("consent needed"), { name: "InteractionRequiredAuthError" });
      }
      return { accessToken: await signToken() };
    },
    acquireTokenPopup: async (request) => {
      calls.push(`popup ${request.scopes.join(" ")}`);
      return { accessToken: await signToken() };
    },
  };
  return { calls, factory: () => Promise.resolve(client) };
}

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  privateKey = pair.privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: "key-1", alg: "RS256", use: "sig" };
  jwks = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((listening) => jwks.listen(0, "127.0.0.1", listening));
  const { port } = jwks.address() as AddressInfo;
  service = await startReferenceService();
  gateway = await startGateway({
    upstream: service.url,
    upstreamKey: DEMO_KEYS.apiKey,
    tokens: () => [],
    signIn: {
      issuer: ISSUER,
      audience: AUDIENCE,
      jwksUrl: `http://127.0.0.1:${port}/keys`,
      requiredScope: "Indexes.Read",
    },
  });
});
afterAll(async () => {
  await gateway?.close();
  await service?.close();
  await new Promise((closed) => jwks?.close(closed));
  await closeLoopbackServers();
});

test("the sign-in token, got silently, is sent as a bearer token and the gateway answers it", async () => {
  const msal = fakeMsal();
  const bearerToken = gatewayTokenProvider(SIGN_IN, msal.factory);
  // First the fault: without the token this gateway (no desk tokens) refuses the request.
  await expect(new IndexDataClient({ baseUrl: gateway.url, gateway: true }).latest(SYMBOL)).rejects.toMatchObject({
    status: 401,
  });
  const latest = await new IndexDataClient({ baseUrl: gateway.url, gateway: true, bearerToken }).latest(SYMBOL);
  expect(latest.symbol).toBe(SYMBOL);
  expect(msal.calls).toEqual([`silent ${SCOPE}`]);
});

test("when MSAL says interaction is required, the popup gets the token", async () => {
  const msal = fakeMsal({ interactionRequired: true });
  const bearerToken = gatewayTokenProvider(SIGN_IN, msal.factory);
  const latest = await new IndexDataClient({ baseUrl: gateway.url, gateway: true, bearerToken }).latest(SYMBOL);
  expect(latest.symbol).toBe(SYMBOL);
  expect(msal.calls).toEqual([`silent ${SCOPE}`, `popup ${SCOPE}`]);
});

test("the token replaces the desk token, and the desk token is sent when the provider has none", async () => {
  const server = await startLoopbackServer((_request, response) => response.writeHead(401).end("{}"));
  const withToken = new IndexDataClient({
    baseUrl: server.url,
    apiKey: "desk-token-1",
    bearerToken: async () => "jwt-1",
  });
  await expect(withToken.latest(SYMBOL)).rejects.toMatchObject({ status: 401 });
  const without = new IndexDataClient({
    baseUrl: server.url,
    apiKey: "desk-token-1",
    bearerToken: async () => undefined,
  });
  await expect(without.latest(SYMBOL)).rejects.toMatchObject({ status: 401 });
  expect(server.requests.map((r) => [r.headers["authorization"], r.headers["x-api-key"]])).toEqual([
    ["Bearer jwt-1", undefined],
    [undefined, "desk-token-1"],
  ]);
});

test("the token never goes over plain http except to loopback", async () => {
  const seen: string[] = [];
  const fetchSpy: typeof fetch = (input) => {
    seen.push(String(input));
    return Promise.resolve(new Response("{}"));
  };
  const client = new IndexDataClient({
    baseUrl: "http://gateway.example.com",
    bearerToken: async () => "jwt-1",
    fetch: fetchSpy,
  });
  await expect(client.latest(SYMBOL)).rejects.toBeInstanceOf(ConfigurationError);
  expect(seen).toEqual([]);
});

test("a redirect to another origin is not followed, so the token never reaches it", async () => {
  const elsewhere = await startLoopbackServer((_request, response) => response.writeHead(200).end("{}"));
  const server = await startLoopbackServer((_request, response) =>
    response.writeHead(302, { location: `${elsewhere.url}/api/v1/index/${SYMBOL}/latest` }).end(),
  );
  const client = new IndexDataClient({ baseUrl: server.url, bearerToken: async () => "jwt-1" });
  await expect(client.latest(SYMBOL)).rejects.toMatchObject({
    name: "ConfigurationError",
    problem: "redirect-elsewhere",
  });
  expect(server.requests).toHaveLength(1);
  expect(elsewhere.requests).toEqual([]);
});

test("a sign-in that fails is a ConfigurationError, and nothing is sent", async () => {
  const server = await startLoopbackServer((_request, response) => response.writeHead(200).end("{}"));
  const client = new IndexDataClient({
    baseUrl: server.url,
    bearerToken: () => Promise.reject(new Error("user cancelled")),
  });
  await expect(client.latest(SYMBOL)).rejects.toMatchObject({ name: "ConfigurationError" });
  expect(server.requests).toEqual([]);
});

test("sign-in fields entered in Settings: the runtime's next request carries a token the gateway accepts", async () => {
  const msal = fakeMsal();
  const settings = new SettingsStore(new MemoryStorage());
  const host = new EngineHost({
    settings,
    storage: new MemoryStorage(),
    recalc: async () => false,
    nestedAppAuth: () => true,
    msal: msal.factory,
  });
  try {
    // Without a sign-in this gateway (no desk tokens) refuses the runtime's requests.
    await settings.save({ baseUrl: gateway.url, gateway: true });
    await expect(host.userSource.latest(SYMBOL)).rejects.toMatchObject({ status: 401 });
    // The form as the user fills it in (settings-form.ts is the Settings panel's model), then Save.
    const typed: SettingsFormEvent[] = [
      { type: "loaded", ...(await settings.loadChecked()) },
      { type: "signInChanged", part: "clientId", value: SIGN_IN.clientId },
      { type: "signInChanged", part: "authority", value: SIGN_IN.authority },
      { type: "signInChanged", part: "scope", value: SIGN_IN.scope },
    ];
    const form = typed.reduce(settingsFormReducer, INITIAL_SETTINGS_FORM);
    const check = checkForm(form, undefined);
    if (!check.ok) throw new Error(`the form refused the sign-in: ${JSON.stringify(check.errors)}`);
    await settings.save(check.settings);
    const latest = await host.userSource.latest(SYMBOL);
    expect(latest.data.symbol).toBe(SYMBOL);
    expect(msal.calls).toEqual([`silent ${SCOPE}`]);
    expect(host.credential.current()).toEqual({ credential: "sign-in", signInNamed: true });
  } finally {
    host.close();
  }
});
