import { Writable } from "node:stream";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import { startGateway, type GatewayOptions, type RunningGateway } from "../../gateway/src";
import type { SignInOptions } from "../../gateway/src/identity/oidc/sign-in";
import { FakeClock } from "../support/fake-clock";
import { makeDesk, type Desk } from "./support/desk";
import { pollUntil } from "./support/poll";
import { parsePrometheusText } from "./support/prometheus-text";
import { startScriptedFront, type ScriptedFront } from "./support/scripted-front";
import {
  CLIENT_ID,
  GATEWAY_AUDIENCE,
  startTestProvider,
  type KeySetFault,
  type TestProvider,
} from "./support/oidc-provider";

/**
 * Sign-in against a real OpenID provider (oidc-provider, in this process on loopback): its client-credentials
 * tokens, its discovery document and key set, its key rotation. The gateway and the provider share a fake clock, so
 * the key set's maximum age, the backoff after failures and the tokens' lifetimes move only when the test says so.
 */
const LATEST = "/api/v1/index/RTM-NWE-A-1x3/latest";
const vol = (n: number) => `/api/v1/index/RTM-NWE-A-1x3/volatility?windowDays=${20 + n}`;

let service: RunningReferenceService;
beforeAll(async () => {
  service = await startReferenceService({ rateLimits: { "api-key": 1_000_000 } });
});
afterAll(async () => {
  await service?.close();
});

interface Desked {
  readonly clock: FakeClock;
  readonly provider: TestProvider;
  readonly gateway: RunningGateway;
  readonly audit: Array<Record<string, unknown>>;
}
const started: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const running of started.splice(0).reverse()) await running.close();
});

/** A provider and a gateway that takes its tokens (beside `desk`'s), both on one fake clock; the audit lines kept. */
async function startDesk(
  signIn: Partial<SignInOptions> = {},
  options: Partial<GatewayOptions> & { desk?: Desk } = {},
): Promise<Desked> {
  const clock = new FakeClock(Date.now());
  const provider = await startTestProvider(() => clock.now());
  started.push(provider);
  const audit: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) {
        const parsed = JSON.parse(line) as Record<string, unknown>;
        if (parsed["audit"] !== undefined) audit.push(parsed);
      }
      done();
    },
  });
  const { desk, ...rest } = options;
  const gateway = await startGateway({
    upstream: service.url,
    upstreamKey: DEMO_KEYS.apiKey,
    tokens: () => desk?.entries ?? [],
    clock,
    signIn: { issuer: provider.issuer, audience: GATEWAY_AUDIENCE, ...signIn },
    logger: { level: "info", stream },
    ...rest,
  });
  started.push(gateway);
  return { clock, provider, gateway, audit };
}

function ask(gateway: RunningGateway, token: string, path = LATEST): Promise<Response> {
  return fetch(`${gateway.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

async function refusal(answer: Response): Promise<{ status: number; code: string; message: string }> {
  const { code, message } = (await answer.json()) as { code: string; message: string };
  return { status: answer.status, code, message };
}

test("40 requests during a key-set outage cause at most 6 fetches, and a rotation right after it is picked up", async () => {
  const { clock, provider, gateway } = await startDesk();
  const token = await provider.token();
  const faults: KeySetFault[] = ["404", "500", "garbage", "not-json"];
  const answers: Array<{ status: number; code: string; retryAfter: string | null }> = [];
  // One request every 1.5 s of the gateway's clock, the whole minute of the outage; each fetch meets the next failure.
  for (let i = 0; i < 40; i += 1) {
    provider.keySetFault = faults[provider.fetches.filter((f) => f.path === "jwks").length % faults.length];
    const answer = await ask(gateway, token);
    answers.push({
      status: answer.status,
      code: (await refusal(answer)).code,
      retryAfter: answer.headers.get("retry-after"),
    });
    await clock.advance(1500);
  }
  // The fault happened: the provider's key set answered with its failures, and the gateway asked it 3 times (after
  // 0, 10 and 30 s: its backoff) and the discovery document once.
  expect(provider.fetches.map((f) => f.path)).toEqual(["discovery", "jwks", "jwks", "jwks"]);
  expect(provider.fetches.length).toBeLessThanOrEqual(6);
  expect(provider.fetches.slice(1).map((f) => f.status)).toEqual([404, 500, 200]);
  expect(answers).toEqual(
    Array.from({ length: 40 }, () => ({
      status: 503,
      code: "SIGN_IN_UNAVAILABLE",
      retryAfter: expect.stringMatching(/^\d+$/),
    })),
  );

  // The outage ends at 60 s; the gateway asks again when its backoff (40 s after the third failure, at 31.5 s) ends,
  // and says so.
  provider.keySetFault = undefined;
  const early = await ask(gateway, token);
  expect([early.status, early.headers.get("retry-after")]).toEqual([503, "12"]);
  await clock.advance(12_000);
  expect((await ask(gateway, token)).status).toBe(200);

  // The provider rotates its key within the same minute: the failures spent nothing of the budget for it.
  await provider.addKey("key-2");
  await provider.use(["key-2", "key-1"]);
  const rotated = await provider.token();
  expect(decodeProtectedHeader(rotated).kid).toBe("key-2");
  await clock.advance(1000);
  expect((await ask(gateway, rotated)).status).toBe(200);
  expect(provider.fetches.map((f) => `${f.path} ${f.status}`).slice(4)).toEqual(["jwks 200", "jwks 200"]);
});

test.each([
  ["by default, 10 minutes", undefined, 600_000],
  ["as configured (--oidc-keys-max-age 120)", 120_000, 120_000],
])(
  "a key withdrawn from the key set stops verifying within its maximum age: %s",
  async (_name, keysMaxAgeMs, maxAge) => {
    const { clock, provider, gateway } = await startDesk(keysMaxAgeMs !== undefined ? { keysMaxAgeMs } : {});
    const signedWithOld = await provider.token();
    expect((await ask(gateway, signedWithOld)).status).toBe(200);

    // The provider withdraws key-1 (it leaked) and signs with key-2 from now on.
    await provider.addKey("key-2");
    await provider.use(["key-2"]);
    const jwksFetches = () => provider.fetches.filter((f) => f.path === "jwks").length;
    expect(jwksFetches()).toBe(1);
    // Before half its maximum age the cached set serves: no fetch, the old key still verifies.
    await clock.advance(maxAge / 2 - 1000);
    expect((await ask(gateway, signedWithOld)).status).toBe(200);
    expect(jwksFetches()).toBe(1);

    // At its maximum age at the latest, the key set is loaded again, and the withdrawn key no longer verifies.
    await clock.advance(maxAge / 2 + 1000);
    expect(await refusal(await ask(gateway, signedWithOld))).toEqual({
      status: 401,
      code: "INVALID_TOKEN",
      message: expect.stringContaining("it is signed with a key the issuer does not publish"),
    });
    expect(jwksFetches()).toBe(2);
    expect((await ask(gateway, await provider.token())).status).toBe(200);
  },
);

test("the provider's `scope` claim (RFC 9068) works with --oidc-required-scope; a token without that scope gets 403", async () => {
  const { provider, gateway } = await startDesk({ requiredScope: "Indexes.Read" });
  const [read, both, auditOnly] = await Promise.all([
    provider.token("Indexes.Read"),
    provider.token("Indexes.Audit Indexes.Read"),
    provider.token("Indexes.Audit"),
  ]);
  // What the provider issues: the grant in `scope`, no `scp`, the client as the subject.
  expect(decodeJwt(read)).toMatchObject({ scope: "Indexes.Read", sub: CLIENT_ID, aud: GATEWAY_AUDIENCE });
  expect(decodeJwt(read)).not.toHaveProperty("scp");
  expect(decodeJwt(both)["scope"]).toBe("Indexes.Audit Indexes.Read");

  const answers = await Promise.all([read, both, auditOnly].map((token) => ask(gateway, token)));
  expect(answers.map((a) => a.status)).toEqual([200, 200, 403]);
  expect((await refusal(answers[2] as Response)).code).toBe("INSUFFICIENT_SCOPE");
});

describe("a sign-in subject equal to a desk token's name", () => {
  const desk = makeDesk([CLIENT_ID]);
  let front: ScriptedFront;
  beforeEach(async () => {
    front = await startScriptedFront(service.url, { limit: 100, remaining: 100, resetSeconds: 60 });
    started.push(front);
  });

  test("is a different user in the audit trail, the metrics, health and the fair queue", async () => {
    const { clock, provider, gateway, audit } = await startDesk(
      {},
      { desk, upstream: front.url, maxQueuedPerUser: 1, maxQueueWaitMs: 120_000 },
    );
    const signedIn = await provider.token();
    expect(decodeJwt(signedIn).sub).toBe(CLIENT_ID);
    const asDesk = (path: string) =>
      fetch(`${gateway.url}${path}`, { headers: { "x-api-key": desk.tokens[CLIENT_ID] ?? "" } });
    const asSignedIn = (path: string) => ask(gateway, signedIn, path);
    const signInUser = `oidc:${CLIENT_ID}`;

    expect((await asDesk(vol(0))).status).toBe(200);
    expect((await asSignedIn(vol(1))).status).toBe(200);

    const samples = parsePrometheusText(await (await fetch(`${gateway.url}/metrics`)).text());
    const requests = samples.filter((s) => s.name === "index_gateway_window_requests");
    expect(requests.map((s) => [s.labels["user"], s.value]).sort()).toEqual([
      [CLIENT_ID, 1],
      [signInUser, 1],
    ]);
    expect(audit.map(({ user, credential, resource }) => ({ user, credential, resource }))).toEqual([
      { user: CLIENT_ID, credential: "desk-token", resource: vol(0) },
      { user: signInUser, credential: "sign-in", resource: vol(1) },
    ]);
    const healthOf = async (asker: (path: string) => Promise<Response>) =>
      (await (await asker("/gateway/health")).json()) as {
        requestsByUser: Record<string, number>;
        waitingByUser: Record<string, number>;
      };
    expect((await healthOf(asDesk)).requestsByUser[CLIENT_ID]).toBe(1);
    expect((await healthOf(asSignedIn)).requestsByUser[signInUser]).toBe(1);

    // The upstream holds every send for 5 s; each may have one request waiting. As one user, the second would be
    // refused at once (429, its line full); as two, both wait their turn.
    front.refuseNext(1, 5);
    const desks = asDesk(vol(2));
    await pollUntil(
      "the desk token's request waits",
      async () => (await healthOf(asDesk)).waitingByUser[CLIENT_ID] === 1,
    );
    const signIns = asSignedIn(vol(3));
    await pollUntil(
      "the sign-in's request waits too",
      async () => (await healthOf(asSignedIn)).waitingByUser[signInUser] === 1,
    );
    expect((await healthOf(asDesk)).waitingByUser[CLIENT_ID]).toBe(1);
    expect(front.seen.map((r) => r.status)).toEqual([200, 200, 429]);
    // The hold is the Retry-After plus the rate rule's margin at a window's edge (2 % of a minute).
    await clock.advance(7000);
    expect([(await desks).status, (await signIns).status]).toEqual([200, 200]);
  });
});
