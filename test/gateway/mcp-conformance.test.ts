import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { DEMO_KEYS, startReferenceService } from "../../reference-service/src";
import { makeDesk } from "./support/desk";
import { startDeskGateway } from "./support/desk-gateway";

/**
 * The official MCP conformance suite's server scenarios (@modelcontextprotocol/conformance, a devDependency) against
 * the gateway's /mcp, for both protocol revisions it serves (2025-11-25 and 2026-07-28). The suite needs Node 22: the
 * devDependency `node` brings one (node_modules/node/bin/node). Its client sends no token, so it talks to a front
 * on localhost that adds the desk token and passes Host and Origin on untouched, as a proxy would; the gateway is
 * given the front's address as --public-url and --allow-origin. Checks that do not apply to the gateway are listed,
 * each with why, in support/mcp-conformance-baseline.yaml.
 */
const ROOT = join(__dirname, "..", "..");
const NODE_22 = join(ROOT, "node_modules", "node", "bin", "node");
const SUITE = join(ROOT, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js");
const BASELINE = join(__dirname, "support", "mcp-conformance-baseline.yaml");

/** The scenarios that apply to a server of read-only tools and documents, without prompts or subscriptions. */
const SCENARIOS = [
  "server-initialize",
  "ping",
  "tools-list",
  "resources-list",
  "dns-rebinding-protection",
  "server-stateless",
  "http-header-validation",
  "sep-2164-resource-not-found",
  "caching",
];

/** The reference service, the gateway in front of it, and the front the suite talks to (its URL). */
interface ConformanceRig {
  readonly frontUrl: string;
  close(): Promise<void>;
}

/**
 * Starts the service, the front on localhost (the suite's DNS-rebinding scenario wants a server it reaches by the
 * name localhost), and the gateway, given the front's address; the front then passes each request on to the gateway
 * with the agent's token added.
 */
async function startConformanceRig(): Promise<ConformanceRig> {
  const desk = makeDesk(["agent"]);
  // The older description: it publishes the methodology, the first document the caching scenario reads.
  const service = await startReferenceService({ flavor: "older" });
  const front = createServer();
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  const frontUrl = `http://localhost:${(front.address() as AddressInfo).port}`;
  const rig = await startDeskGateway(desk, service.url, {
    upstreamKey: DEMO_KEYS.apiKey,
    publicUrl: frontUrl,
    allowOrigins: [frontUrl],
  });
  const target = new URL(rig.gateway.url);
  front.on("request", (req, res) => {
    const headers = { ...req.headers, authorization: `Bearer ${desk.tokens["agent"] ?? ""}` };
    const forward = httpRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => res.destroy());
    req.pipe(forward);
  });
  return {
    frontUrl,
    async close() {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await rig.gateway.close();
      await service.close();
    },
  };
}

let rig: ConformanceRig | undefined;
beforeAll(async () => {
  rig = await startConformanceRig();
});
afterAll(() => rig?.close());

/** Runs one scenario on Node 22, without blocking this process (the gateway answers from it). */
function runScenario(scenario: string, frontUrl: string): Promise<{ code: number; output: string }> {
  const args = [SUITE, "server", "--url", `${frontUrl}/mcp`, "--scenario", scenario, "--expected-failures", BASELINE];
  return new Promise((resolve) => {
    execFile(NODE_22, args, { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } }, (error, stdout, stderr) =>
      resolve({ code: typeof error?.code === "number" ? error.code : error === null ? 0 : 1, output: stdout + stderr }),
    );
  });
}

test("npm ci brought Node 22 and the suite", () => {
  expect([existsSync(NODE_22), existsSync(SUITE)]).toEqual([true, true]);
});

test.each(SCENARIOS)("%s passes, but for the checks the baseline says do not apply", async (scenario) => {
  const { code, output } = await runScenario(scenario, rig?.frontUrl ?? "");
  const [, passed = "0", total = "0"] = /Passed: (\d+)\/(\d+)/.exec(output) ?? [];
  // A run the suite scored: some checks, every failure an expected one, no expected one passing.
  expect([scenario, Number(passed) > 0, Number(total) > 0, code]).toEqual([scenario, true, true, 0]);
  expect(output).not.toMatch(/Unexpected failures|Baseline is stale/);
});
