import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { testConnection } from "../../src/client/connection-test";
import { ConfigurationError } from "@index-data/wire/errors";
import { toClientOptions, type Settings } from "../../src/settings/index";
import { describeConnection } from "../../src/taskpane/model/connection";
import { policyAwareTestConnection } from "../../src/taskpane/services";
import { DEMO_KEYS, TIER_LIMITS } from "../../reference-service/src";
import { startReference, type ReferenceFixture } from "./reference";

let ref: ReferenceFixture;
let html: Server;
let htmlUrl: string;

beforeAll(async () => {
  ref = await startReference();
  // A web server that is not an Index Data Service: 200 with an HTML page for every path.
  html = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<html>hello</html>"));
  await new Promise<void>((resolve) => html.listen(0, "127.0.0.1", resolve));
  htmlUrl = `http://127.0.0.1:${(html.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ref.stop();
  await new Promise((resolve) => html.close(resolve));
});

async function verdictFor(settings: Settings) {
  return describeConnection(await testConnection(toClientOptions(settings)), settings.baseUrl);
}

describe("Test connection against the reference service", () => {
  it("shows tier and limit for a good key, in both header styles", async () => {
    for (const keyHeaderStyle of ["x-api-key", "bearer"] as const) {
      const verdict = await verdictFor({ baseUrl: ref.service.url, apiKey: DEMO_KEYS.apiKey, keyHeaderStyle });
      expect(verdict.kind).toBe("connected");
      expect(verdict.text).toContain("Tier: API key");
      expect(verdict.text).toContain(`Limit: ${TIER_LIMITS.newer["api-key"]} requests per minute`);
    }
  });

  it("shows the enterprise and public tiers", async () => {
    const enterprise = await verdictFor({
      baseUrl: ref.service.url,
      apiKey: DEMO_KEYS.enterprise,
      keyHeaderStyle: "x-api-key",
    });
    expect(enterprise.text).toContain(`Tier: Enterprise. Limit: ${TIER_LIMITS.newer.enterprise}`);
    const anonymous = await verdictFor({ baseUrl: ref.service.url, keyHeaderStyle: "x-api-key" });
    expect(anonymous.text).toContain(`Tier: Public (anonymous). Limit: ${TIER_LIMITS.newer.anonymous}`);
  });

  it("says unauthorized for a random key and for a revoked key, and never repeats the key", async () => {
    const random = `random-${Math.random().toString(36).slice(2)}`;
    for (const apiKey of [random, DEMO_KEYS.revoked]) {
      const verdict = await verdictFor({ baseUrl: ref.service.url, apiKey, keyHeaderStyle: "x-api-key" });
      expect(verdict.kind).toBe("unauthorized");
      expect(verdict.text).toMatch(/HTTP 40[13]/);
      expect(JSON.stringify(verdict)).not.toContain(apiKey);
    }
  });

  it("says wrong URL for a path with no service behind it, and for a server that answers HTML", async () => {
    const missing = await verdictFor({ baseUrl: `${ref.service.url}/not-the-service`, keyHeaderStyle: "x-api-key" });
    expect(missing.kind).toBe("wrong-url");
    expect(missing.text).toContain("HTTP 404");
    const notJson = await verdictFor({ baseUrl: htmlUrl, keyHeaderStyle: "x-api-key" });
    expect(notJson.kind).toBe("wrong-url");
  });

  it("says unreachable when nothing listens", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const verdict = await verdictFor({ baseUrl: url, keyHeaderStyle: "x-api-key" });
    expect(verdict.kind).toBe("unreachable");
    expect(verdict.text).toContain(url);
  });

  it("shows a configuration problem in the client's own words", () => {
    const error = new ConfigurationError("Use an https:// base URL.", { path: "" });
    expect(describeConnection({ ok: false, error }, "http://x")).toMatchObject({
      kind: "misconfigured",
      text: "Use an https:// base URL.",
    });
  });
});

describe("Test connection under the page's Content-Security-Policy", () => {
  const SELF = "https://localhost:3000";
  const policyAllowing = (origin: string) =>
    `default-src 'self'; script-src 'self'; connect-src 'self' ${origin}; style-src 'self' 'unsafe-inline'`;

  it("says the address is outside the services this build allows, which ones it allows, and sends no request", async () => {
    const page = { policy: policyAllowing("https://indexes.example.com"), selfOrigin: SELF };
    const settings: Settings = { baseUrl: ref.service.url, keyHeaderStyle: "x-api-key" };
    ref.service.resetRequestLog();
    const report = await policyAwareTestConnection(() => page)(settings);
    // The fault: the policy refuses the origin, so nothing reached the service and the report is a network failure.
    expect(ref.service.requests).toEqual([]);
    expect(report.ok ? "ok" : report.error.name).toBe("NetworkError");
    const origin = new URL(ref.service.url).origin;
    expect(describeConnection(report, settings.baseUrl, page)).toEqual({
      intent: "error",
      kind: "blocked-by-policy",
      title: "Not a service this add-in allows",
      // Outside a build, the services allowed are the dev server's.
      text:
        `${origin} is outside the services this build of the add-in allows, so the browser blocks it before any request. ` +
        "It allows the service it was built for, https://localhost:3000. Pick one of them, or ask whoever deploys the add-in " +
        `to add ${origin} to INDEX_API_ALLOWED_ORIGINS and rebuild it.`,
    });
  });

  it("connects as usual when the policy allows the service's origin", async () => {
    const page = { policy: policyAllowing(new URL(ref.service.url).origin), selfOrigin: SELF };
    const settings: Settings = { baseUrl: ref.service.url, keyHeaderStyle: "x-api-key" };
    ref.service.resetRequestLog();
    const report = await policyAwareTestConnection(() => page)(settings);
    expect(ref.service.requests.map((r) => r.path)).toEqual(["/api/v1/indexes"]);
    expect(describeConnection(report, settings.baseUrl, page).kind).toBe("connected");
  });

  it("still says unreachable for an allowed origin where nothing listens", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const page = { policy: policyAllowing(url), selfOrigin: SELF };
    const report = await policyAwareTestConnection(() => page)({ baseUrl: url, keyHeaderStyle: "x-api-key" });
    expect(report.ok ? "ok" : report.error.name).toBe("NetworkError");
    expect(describeConnection(report, url, page).kind).toBe("unreachable");
  });
});
