import { createHash } from "node:crypto";
import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import { startGateway, type RunningGateway } from "../../gateway/src";
import { ENDPOINTS } from "../../gateway/src/answers/resources";
import { evenTenantShares } from "../../gateway/src/tenancy/tenant-weights";
import { FakeClock } from "../support/fake-clock";
import { makeDesk } from "./support/desk";
import { pollUntil } from "./support/poll";
import { TENANT_AUDIENCE, TENANT_ISSUER, startTenantIssuer, type TenantIssuer } from "./support/tenant-issuer";

/**
 * Two tenants signed in through one issuer, on one gateway with the budget shared per tenant (--oidc-tenant-share):
 * a user of tenant B asks every endpoint of the gateway, once while tenant A is idle and once while A is busy (its
 * part of the budget spent, more of its requests waiting in the queue). B must read nothing of A: every answer B
 * gets, status, headers (the share among them) and body, is the same both times, and none names A's tenant or users.
 * Each run has its own gateway, on a clock that stands still at the same moment, before one upstream whose clock
 * stands still too (its limit is never reached: 40 requests of 60).
 */
const TENANT_A = "a7a7a7a7-0000-4000-8000-0000000000aa";
const TENANT_B = "b8b8b8b8-0000-4000-8000-0000000000bb";
const A_USERS = ["a-user-one-5e1c", "a-user-two-77d0"];
const B_USER = "b-user-3c9f";
const METRICS_TOKEN = "metrics-9d2e61b0c4a7f358";
/** The upstream's limit: the tier's assumed one too, so no answer of A's teaches the budget anything B would see. */
const LIMIT = 60;
/** 20 s into a minute: windows are aligned on the clock. */
const T0 = Math.floor(Date.now() / 60_000) * 60_000 + 20_000;
const desk = makeDesk(["desk-member"]);

let issuer: TenantIssuer;
let service: RunningReferenceService;
beforeAll(async () => {
  issuer = await startTenantIssuer();
  const fixed = new Date(T0);
  service = await startReferenceService({
    rateLimits: { "api-key": LIMIT },
    now: () => fixed,
    rateLimitClock: { now: () => T0 },
  });
});
afterAll(async () => {
  await service.close();
  await issuer.close();
});

/** What B saw of one request: everything but the Date header. */
interface Seen {
  readonly request: string;
  readonly status: number;
  readonly headers: Array<[string, string]>;
  readonly body: string;
}

async function seen(request: string, response: Response): Promise<Seen> {
  const headers = [...response.headers].filter(([name]) => name !== "date").sort(([a], [b]) => (a < b ? -1 : 1));
  return { request, status: response.status, headers, body: await response.text() };
}

/** Every endpoint of the gateway, as B asks it: each resource of the service, the gateway's own pages, refusals. */
async function askEverything(gateway: RunningGateway, token: string, symbol: string): Promise<Seen[]> {
  const asked: Seen[] = [];
  const ask = async (path: string, init: RequestInit = {}) => {
    const headers = { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string> | undefined) };
    asked.push(
      await seen(`${init.method ?? "GET"} ${path}`, await fetch(`${gateway.url}${path}`, { ...init, headers })),
    );
  };
  for (const endpoint of ENDPOINTS) await ask(endpoint.route.replace(":symbol", symbol));
  await ask("/gateway/health");
  await ask("/metrics");
  await ask("/api/v1/no-such-endpoint");
  await ask("/api/v1/index/not%20a%20symbol/latest");
  await ask(`/api/v1/index/${symbol}/history?startDate=yesterday`);
  await ask("/api/v1/indexes", { method: "OPTIONS", headers: { "access-control-request-method": "GET" } });
  await ask("/gateway/health");
  return asked;
}

/** Requests of `users` the gateway has counted in the window (its tally: counted as each request arrives). */
function counted(gateway: RunningGateway, clock: FakeClock, users: readonly string[]): number {
  let n = 0;
  gateway.store.eachUser(clock.now(), (account, requests) => {
    if (users.some((user) => account.endsWith(`/${user}`))) n += requests;
  });
  return n;
}

interface Run {
  /** What B saw. */
  readonly b: Seen[];
  /** The statuses of A's requests, in order, once they all settled. */
  readonly a: number[];
  /** How many of A's requests had been answered when B started. */
  readonly aAnsweredFirst: number;
}

async function run(aBusy: boolean): Promise<Run> {
  const clock = new FakeClock(T0);
  const gateway = await startGateway({
    upstream: service.url,
    upstreamKey: DEMO_KEYS.apiKey,
    tokens: () => desk.entries,
    clock,
    signIn: {
      issuer: TENANT_ISSUER,
      audience: TENANT_AUDIENCE,
      jwksUrl: issuer.jwksUrl,
      allowedTenants: [TENANT_A, TENANT_B],
    },
    tenantShare: evenTenantShares([TENANT_A, TENANT_B], true),
    metricsTokenDigest: createHash("sha256").update(METRICS_TOKEN).digest(),
  });
  try {
    const catalogue = (await (
      await fetch(`${service.url}/api/v1/indexes`, { headers: { "x-api-key": DEMO_KEYS.apiKey } })
    ).json()) as { indexes: Array<{ symbol: string }> };
    const [symbolA = "", symbolB = ""] = catalogue.indexes.map((index) => index.symbol);
    const tokensA = await Promise.all(A_USERS.map((oid) => issuer.tokenFor(TENANT_A, oid, T0)));
    const tokenB = await issuer.tokenFor(TENANT_B, B_USER, T0);
    let answeredA = 0;
    const asksA: Array<Promise<number>> = [];
    if (aBusy) {
      // 30 distinct resources from A's two users: its part (a third of 60) goes, the other 10 wait in its lines.
      for (let i = 0; i < 30; i += 1) {
        const path = `/api/v1/index/${symbolA}/volatility?windowDays=${2 + i}`;
        const headers = { authorization: `Bearer ${tokensA[i % 2] ?? ""}` };
        asksA.push(fetch(`${gateway.url}${path}`, { headers }).then((r) => ((answeredA += 1), r.status)));
      }
      // On real time, as requests cross real sockets; the bounds only stop a hang.
      await pollUntil("all 30 of A's requests counted", () => counted(gateway, clock, A_USERS) === 30);
      await pollUntil("20 of A's requests answered", () => answeredA >= 20);
      // A reads what a user may read too.
      for (const path of ["/gateway/health", "/metrics", "/api/v1/no-such-endpoint"])
        await fetch(`${gateway.url}${path}`, { headers: { authorization: `Bearer ${tokensA[0] ?? ""}` } });
    }
    const aAnsweredFirst = answeredA;
    const b = await askEverything(gateway, tokenB, symbolB);
    // A's waiting requests reach their bound (4 s on the gateway's clock) and are refused: A's part was spent.
    await clock.advance(5000);
    return { b, a: await Promise.all(asksA), aAnsweredFirst };
  } finally {
    await gateway.close();
  }
}

test("a tenant-B user asking every endpoint reads nothing of tenant A, however busy A is", async () => {
  const idle = await run(false);
  const busy = await run(true);
  // The fault happened: A was busy past its part of the budget while B asked (20 answered, 10 waiting, refused later).
  expect(busy.aAnsweredFirst).toBe(20);
  expect(busy.a.filter((status) => status === 200)).toHaveLength(20);
  expect(busy.a.filter((status) => status === 429)).toHaveLength(10);
  // B was answered (its part of the budget is its own) and told its share: a third of the limit, B alone in it.
  const latest = busy.b.find((s) => s.request.endsWith("/latest"));
  expect(latest?.status).toBe(200);
  expect(latest?.headers).toContainEqual(["ratelimit-policy", '"desk";q=20;w=60']);
  const refused = busy.b.find((s) => s.request.includes("not%20a%20symbol"));
  expect(refused?.status).toBe(400);
  expect(refused?.headers).toContainEqual(["x-ratelimit-limit", "20"]);
  // Nothing of A in anything B read.
  const everything = JSON.stringify(busy.b);
  for (const trace of [TENANT_A, ...A_USERS]) expect(everything).not.toContain(trace);
  // And nothing B read depends on A: every answer the same as when A was idle.
  expect(busy.b).toEqual(idle.b);
});
