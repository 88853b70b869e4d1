import { spawnSync } from "node:child_process";
import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import { startGateway } from "../../gateway/src";
import { FakeClock } from "../support/fake-clock";
import { capturedLog } from "./support/captured-log";
import { parsePrometheusText, sampleValue } from "./support/prometheus-text";
import { TENANT_AUDIENCE, TENANT_ISSUER, startTenantIssuer, type TenantIssuer } from "./support/tenant-issuer";

/**
 * What a signed claim can put in front of a scraper or an administrator's terminal: a subject holding an ANSI escape
 * (`\x1b[2J` clears the screen) and U+202E (shows text backwards) reaches /metrics, the desk-wide health page and the
 * log only written out as `\u001b` and `\u202e`, and promtool still reads the whole page. By configuration the
 * series are per tenant instead of per user.
 */
const TENANT = "c3c3c3c3-0000-4000-8000-0000000000cc";
const HOSTILE = "evil\u001b[2J\u009b31m\u202etxt.exe";
const LATEST = "/api/v1/index/RTM-NWE-A-1x3/latest";

let service: RunningReferenceService;
let issuer: TenantIssuer;
beforeAll(async () => {
  service = await startReferenceService();
  issuer = await startTenantIssuer();
});
afterAll(async () => {
  await issuer.close();
  await service.close();
});

async function gatewayFor(by: "user" | "tenant", log = capturedLog()) {
  const clock = new FakeClock(Date.now());
  const gateway = await startGateway({
    upstream: service.url,
    upstreamKey: DEMO_KEYS.apiKey,
    tokens: () => [],
    clock,
    signIn: { issuer: TENANT_ISSUER, audience: TENANT_AUDIENCE, jwksUrl: issuer.jwksUrl, allowedTenants: [TENANT] },
    metricsSubjects: { by, top: 20 },
    logger: { level: "info", stream: log.stream },
  });
  const token = await issuer.tokenFor(TENANT, HOSTILE, clock.now());
  return { gateway, token };
}

/** No raw control or bidirectional character, anywhere in a text. */
function rawControls(text: string): string[] {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return [...text.matchAll(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g)].map((m) => m[0]);
}

test("a subject's control and bidirectional characters never reach /metrics, health or the log raw", async () => {
  const log = capturedLog();
  const { gateway, token } = await gatewayFor("user", log);
  try {
    const answer = await fetch(`${gateway.url}${LATEST}`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
    const health = await (await fetch(`${gateway.url}/gateway/health`)).text();
    const own = await (
      await fetch(`${gateway.url}/gateway/health`, { headers: { authorization: `Bearer ${token}` } })
    ).text();
    await gateway.close();
    // The signed subject did reach the gateway (the fault's input); a sign-in user's tenant and subject are
    // percent-encoded (identity.ts), so it comes out encoded, never raw.
    const escaped = `oidc:${encodeURIComponent(TENANT)}/${encodeURIComponent(HOSTILE)}`;
    const label = escaped;
    expect(sampleValue(parsePrometheusText(metrics), "index_gateway_window_requests", { user: label })).toBe(1);
    expect((JSON.parse(health) as { requestsByUser: Record<string, number> }).requestsByUser).toEqual({ [escaped]: 1 });
    expect((JSON.parse(own) as { requestsByUser: Record<string, number> }).requestsByUser).toEqual({ [escaped]: 1 });
    const audit = log.lines.filter((line) => line["audit"] !== undefined);
    expect(audit.map((line) => line["user"])).toEqual([escaped]);
    for (const text of [metrics, health, own, log.raw.join("\n")]) expect(rawControls(text)).toEqual([]);
    const checked = spawnSync("promtool", ["check", "metrics"], { input: metrics, encoding: "utf8" });
    expect({ status: checked.status, output: `${checked.stdout}${checked.stderr}` }).toEqual({ status: 0, output: "" });
  } finally {
    await gateway.close();
  }
});

test("with --metrics-subjects tenant, the window's requests are counted per tenant, never per user", async () => {
  const { gateway, token } = await gatewayFor("tenant");
  try {
    await fetch(`${gateway.url}${LATEST}`, { headers: { authorization: `Bearer ${token}` } });
    await fetch(`${gateway.url}${LATEST}`, { headers: { authorization: `Bearer ${token}` } });
    const samples = parsePrometheusText(await (await fetch(`${gateway.url}/metrics`)).text());
    expect(samples.filter((s) => s.name === "index_gateway_window_requests")).toEqual([
      { name: "index_gateway_window_requests", labels: { tenant: `tid:${TENANT}` }, value: 2 },
    ]);
    const health = (await (await fetch(`${gateway.url}/gateway/health`)).json()) as Record<string, unknown>;
    expect(health["requestsByTenant"]).toEqual({ [`tid:${TENANT}`]: 2 });
    expect(health["requestsByUser"]).toBeUndefined();
  } finally {
    await gateway.close();
  }
});
