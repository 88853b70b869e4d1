import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { testConnection } from "../../src/client/connection-test";
import { ConfigurationError } from "../../src/client/errors";
import { toClientOptions, type Settings } from "../../src/client/settings";
import { describeConnection } from "../../src/taskpane/model/connection";
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
