import { definedOnly } from "@index-data/wire";
import { DEMO_KEYS, startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { startGateway, type RunningGateway } from "../../gateway/src";
import { FakeClock } from "../support/fake-clock";
import { makeDesk } from "./support/desk";
import { callTool, mcpClient } from "./support/mcp-client";
import { GATEWAY_AUDIENCE, startTestProvider, type TestProvider } from "./support/oidc-provider";

/**
 * /mcp with OpenID Connect sign-in against a real provider (oidc-provider on loopback), sharing the gateway's fake
 * clock: the resource metadata names the issuer, a valid token is accepted, an expired one refused with the pointer
 * to the metadata and the scope a token needs, one without that scope refused with both too.
 */
const desk = makeDesk(["alice"]);
let service: RunningReferenceService;
let provider: TestProvider;
let gateway: RunningGateway;
let clock: FakeClock;

beforeAll(async () => {
  service = await startReferenceService();
  clock = new FakeClock(Date.now());
  provider = await startTestProvider(() => clock.now());
  gateway = await startGateway({
    upstream: service.url,
    upstreamKey: DEMO_KEYS.apiKey,
    tokens: () => desk.entries,
    clock,
    signIn: { issuer: provider.issuer, audience: GATEWAY_AUDIENCE, requiredScope: "Indexes.Read" },
  });
});
afterAll(async () => {
  await gateway?.close();
  await provider?.close();
  await service?.close();
});

test("the protected resource's metadata names the configured issuer and scope", async () => {
  const response = await fetch(`${gateway.url}/.well-known/oauth-protected-resource`);
  expect(await response.json()).toMatchObject({
    resource: `${gateway.url}/mcp`,
    authorization_servers: [provider.issuer],
    scopes_supported: ["Indexes.Read"],
  });
});

/** A POST to /mcp with `token` (or none). */
const initialize = (token: string | undefined) =>
  fetch(`${gateway.url}/mcp`, {
    method: "POST",
    headers: {
      // fetch would send an undefined header as the text "undefined": no token, no header.
      ...definedOnly({ authorization: token === undefined ? undefined : `Bearer ${token}` }),
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} }),
  });

test("a request without a token, or one lacking the scope, is told where the metadata is and which scope it needs", async () => {
  const metadata = `resource_metadata="${gateway.url}/.well-known/oauth-protected-resource"`;
  const unsigned = await initialize(undefined);
  expect(unsigned.status).toBe(401);
  expect(unsigned.headers.get("www-authenticate")).toBe(`Bearer ${metadata}, scope="Indexes.Read"`);
  const otherScope = await initialize(await provider.token("Indexes.Audit"));
  expect(otherScope.status).toBe(403);
  expect(otherScope.headers.get("www-authenticate")).toBe(
    `Bearer error="insufficient_scope", ${metadata}, scope="Indexes.Read"`,
  );
});

test("a valid sign-in token is accepted; once expired it is refused with 401 naming the metadata", async () => {
  const token = await provider.token("Indexes.Read");
  const client = await mcpClient(gateway.url, token);
  const answer = await callTool(client, "get_latest", { symbol: "RTM-NWE-A-1x3" });
  expect(answer.isError).not.toBe(true);
  expect(answer.structuredContent).toMatchObject({ symbol: "RTM-NWE-A-1x3" });
  await client.close();
  // The token's hour and the sign-in's minute of skew pass on the shared clock.
  await clock.advance(3600_000 + 120_000);
  const refused = await initialize(token);
  expect(refused.status).toBe(401);
  expect(await refused.text()).toMatch(/expired/);
  expect(refused.headers.get("www-authenticate")).toBe(
    `Bearer error="invalid_token", resource_metadata="${gateway.url}/.well-known/oauth-protected-resource", scope="Indexes.Read"`,
  );
});
