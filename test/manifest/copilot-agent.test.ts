import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzipSync } from "fflate";
import {
  agentPackageProblems,
  declarativeAgentSchemaProblems,
  pluginSchemaProblems,
} from "../../scripts/addin/agent-schema.cjs";
import AGENT_TOOLS from "../../scripts/addin/agent-tools.generated.json";
import {
  AUTH_CONFIG_PLACEHOLDER,
  agentSettings,
  agentSummary,
  declarativeAgent,
} from "../../scripts/addin/copilot-agent.cjs";
import { ADDIN as description } from "../../scripts/addin/description.cjs";
import { manifestFiles } from "../../scripts/addin/manifest-files.cjs";
import { unifiedSchemaProblems } from "../../scripts/addin/unified-schema.cjs";
import { appPackageProblems } from "../../scripts/manifest-checks.cjs";
import { BUILD_UNDER_TEST } from "../support/build-under-test";
import { TOOLS as GATEWAY_TOOLS } from "../gateway/support/mcp-checks";

/** The Copilot agent: in the app package only when the admin build is given the desk gateway's URL. */
const BASE = "https://addin.example.com/";
const METADATA = JSON.stringify({ functions: [{ id: "LATEST", name: "LATEST", parameters: [], result: {} }] });
const GATEWAY = "https://gateway.desk.example.com:8443";
const AUTH_CONFIG_ID = "b2F1dGgtY29uZmlnLWlk";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed manifests

const packageOf = (files: Record<string, Buffer>) => unzipSync(files["app-package.zip"] ?? Buffer.alloc(0));
/** A JSON file of the package, parsed; {} when it is missing, so a test (not the suite) says what is wrong. */
const parsed = (bytes: Uint8Array | undefined): Json =>
  bytes === undefined ? {} : (JSON.parse(Buffer.from(bytes).toString("utf8")) as Json);

describe("an admin build given the desk gateway's URL", () => {
  const files = manifestFiles(BASE, METADATA, {
    INDEX_GATEWAY_URL: `${GATEWAY}/`,
    INDEX_AGENT_AUTH_CONFIG_ID: AUTH_CONFIG_ID,
  });
  const entries = packageOf(files);
  const manifest = parsed(entries["manifest.json"]);
  const agent = parsed(entries["declarativeAgent.json"]);
  const plugin = parsed(entries["ai-plugin.json"]);

  it("puts the declarative agent and its plugin in the app package, referenced from the unified manifest", () => {
    expect(Object.keys(entries).sort()).toEqual([
      "ai-plugin.json",
      "assets/icon-color-192.png",
      "assets/icon-outline-32.png",
      "declarativeAgent.json",
      "manifest.json",
    ]);
    expect(manifest["copilotAgents"]).toEqual({
      declarativeAgents: [{ id: "indexDataAgent", file: "declarativeAgent.json" }],
    });
    expect(agent["actions"]).toEqual([{ id: "indexDataGateway", file: "ai-plugin.json" }]);
    // The same bytes beside manifest.json in the build's output.
    for (const name of ["declarativeAgent.json", "ai-plugin.json"])
      expect({ name, same: files[name]?.equals(Buffer.from(entries[name] ?? [])) }).toEqual({ name, same: true });
  });

  it("points the plugin's RemoteMCPServer runtime at <gateway>/mcp with OAuth, naming every tool of the gateway", () => {
    const [runtime, ...others] = plugin["runtimes"] as Json[];
    expect(others).toEqual([]);
    expect(runtime?.["type"]).toBe("RemoteMCPServer");
    expect(runtime?.["spec"]?.["url"]).toBe(`${GATEWAY}/mcp`);
    expect(runtime?.["auth"]).toEqual({ type: "OAuthPluginVault", reference_id: AUTH_CONFIG_ID });
    expect(runtime?.["run_for_functions"]).toEqual(GATEWAY_TOOLS);
    const tools = runtime?.["spec"]?.["mcp_tool_description"]?.["tools"] as Json[];
    expect(tools.map((tool) => tool["name"])).toEqual(GATEWAY_TOOLS);
    expect((plugin["functions"] as Json[]).map((f) => f["name"])).toEqual(GATEWAY_TOOLS);
    expect(AGENT_TOOLS.map((tool) => tool.name)).toEqual(GATEWAY_TOOLS);
  });

  it("speaks a trader's questions and names the tools that answer them", () => {
    const instructions = String(agent["instructions"]);
    for (const tool of GATEWAY_TOOLS)
      expect({ tool, named: instructions.includes(tool) }).toEqual({ tool, named: true });
    // And no tool the gateway does not serve.
    const named = new Set(instructions.match(/\b(?:get|search)_[a-z_]+/g));
    expect([...named].sort()).toEqual([...GATEWAY_TOOLS].sort());
    expect(instructions).toMatch(/confidence/);
    expect(instructions).toMatch(/carried forward/);
    const starters = (agent["conversation_starters"] as Json[]).map((starter) => String(starter["text"]));
    expect(starters.some((text) => /close/.test(text))).toBe(true);
    expect(starters.some((text) => /this month/.test(text))).toBe(true);
    expect(starters.some((text) => /confiden/.test(text))).toBe(true);
  });

  it("validates offline: the unified manifest against 1.25, the agent and the plugin against their schemas", () => {
    expect(unifiedSchemaProblems(manifest)).toEqual([]);
    expect(declarativeAgentSchemaProblems(agent)).toEqual([]);
    expect(pluginSchemaProblems(plugin)).toEqual([]);
    expect(agentPackageProblems(manifest, entries)).toEqual([]);
    // The manifest check of a build's output (npm run manifest:check) takes the package with its agent.
    const dist = mkdtempSync(join(tmpdir(), "agent-package-"));
    try {
      for (const [name, bytes] of Object.entries(files))
        if (!name.includes("/")) writeFileSync(join(dist, name), bytes);
      expect(appPackageProblems(dist)).toEqual([]);
      rmSync(join(dist, "ai-plugin.json"));
      expect(appPackageProblems(dist)).toEqual([
        `${join(dist, "app-package.zip")}: ai-plugin.json differs from the build's ai-plugin.json`,
      ]);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it("reports an agent the schemas refuse and a plugin the package lacks", () => {
    const starters = Array.from({ length: 13 }, (_, i) => ({ text: `question ${i}` }));
    expect(declarativeAgentSchemaProblems({ ...agent, conversation_starters: starters })).toEqual([
      '/conversation_starters must NOT have more than 12 items {"limit":12}',
    ]);
    const runtime = (plugin["runtimes"] as Json[])[0] ?? {};
    const unsigned = { ...plugin, runtimes: [{ ...runtime, auth: { type: "OAuthPluginVault" } }] };
    expect(pluginSchemaProblems(unsigned)).toContain(
      `/runtimes/0/auth must have required property 'reference_id' {"missingProperty":"reference_id"}`,
    );
    const { ["ai-plugin.json"]: _plugin, ...withoutPlugin } = entries;
    expect(agentPackageProblems(manifest, withoutPlugin)).toEqual([
      "declarativeAgent.json names ai-plugin.json, which is not in the app package",
    ]);
  });

  it("leaves a placeholder reference_id without INDEX_AGENT_AUTH_CONFIG_ID, and the build says what to do", () => {
    const settings = agentSettings({ INDEX_GATEWAY_URL: GATEWAY });
    expect(settings).toEqual({
      gatewayUrl: GATEWAY,
      mcpUrl: `${GATEWAY}/mcp`,
      authConfigId: AUTH_CONFIG_PLACEHOLDER,
      toolDiscovery: "pinned",
    });
    const unsigned = parsed(packageOf(manifestFiles(BASE, METADATA, { INDEX_GATEWAY_URL: GATEWAY }))["ai-plugin.json"]);
    expect((unsigned["runtimes"] as Json[])[0]?.["auth"]).toEqual({
      type: "OAuthPluginVault",
      reference_id: AUTH_CONFIG_PLACEHOLDER,
    });
    expect(agentSummary(settings)).toBe(
      `  Copilot agent: declarativeAgent.json and ai-plugin.json in app-package.zip, its tools at ${GATEWAY}/mcp ` +
        "(INDEX_GATEWAY_URL, pinned); its reference_id is a placeholder: register the OAuth client in the Teams developer " +
        "portal, then build again with INDEX_AGENT_AUTH_CONFIG_ID=<auth config ID> (docs/install.md).",
    );
  });
});

describe("the tools of the plugin: pinned, or found at run time (INDEX_AGENT_TOOLS)", () => {
  const build = (tools: string) =>
    packageOf(
      manifestFiles(BASE, METADATA, {
        INDEX_GATEWAY_URL: GATEWAY,
        INDEX_AGENT_AUTH_CONFIG_ID: AUTH_CONFIG_ID,
        INDEX_AGENT_TOOLS: tools,
      }),
    );

  it("dynamic: no tool in the plugin, Copilot asks the gateway's tools/list at run time; the schemas take it", () => {
    const entries = build("dynamic");
    const plugin = parsed(entries["ai-plugin.json"]);
    expect(plugin["functions"]).toBeUndefined();
    expect(plugin["runtimes"]).toEqual([
      {
        type: "RemoteMCPServer",
        auth: { type: "OAuthPluginVault", reference_id: AUTH_CONFIG_ID },
        run_for_functions: ["*"],
        spec: { url: `${GATEWAY}/mcp` },
      },
    ]);
    expect(pluginSchemaProblems(plugin)).toEqual([]);
    expect(agentPackageProblems(parsed(entries["manifest.json"]), entries)).toEqual([]);
    expect(agentSummary(agentSettings({ INDEX_GATEWAY_URL: GATEWAY, INDEX_AGENT_TOOLS: "dynamic" }))).toContain(
      "(INDEX_GATEWAY_URL, found at run time)",
    );
  });

  it("pinned is the default; any other value is refused, saying what to set", () => {
    expect(parsed(build("pinned")["ai-plugin.json"])).toEqual(parsed(build("")["ai-plugin.json"]));
    expect(() => build("live")).toThrow('INDEX_AGENT_TOOLS "live" must be "pinned" (the default) or "dynamic"');
  });
});

describe("the schemas, where Microsoft's published files differ from its pages' text", () => {
  const plugin = parsed(
    packageOf(
      manifestFiles(BASE, METADATA, { INDEX_GATEWAY_URL: GATEWAY, INDEX_AGENT_AUTH_CONFIG_ID: AUTH_CONFIG_ID }),
    )["ai-plugin.json"],
  );
  const agent = declarativeAgent(description);

  it("take hyphens in the namespace and in function names", () => {
    const functions = (plugin["functions"] as Json[]).map((f) => ({ ...f, name: `index-${String(f["name"])}` }));
    expect(pluginSchemaProblems({ ...plugin, namespace: "index-data", functions })).toEqual([]);
    expect(pluginSchemaProblems({ ...plugin, namespace: "index data" })).toEqual([
      '/namespace must match pattern "^[A-Za-z0-9-]+$" {"pattern":"^[A-Za-z0-9-]+$"}',
    ]);
  });

  it("refuse an empty list of conversation starters, in the agent and in the plugin", () => {
    expect(declarativeAgentSchemaProblems({ ...agent, conversation_starters: [] })).toEqual([
      '/conversation_starters must NOT have fewer than 1 items {"limit":1}',
    ]);
    expect(pluginSchemaProblems({ ...plugin, capabilities: { conversation_starters: [] } })).toEqual([
      '/capabilities/conversation_starters must NOT have fewer than 1 items {"limit":1}',
    ]);
  });
});

describe("the gateway URL of an admin build", () => {
  const EXAMPLE = "e.g. INDEX_GATEWAY_URL=https://gateway.desk.example.com:8443";

  it.each([
    ["http://gateway.desk.example.com", "must start with https:// (plain http only to this machine)"],
    ["gateway.desk.example.com", "is not a URL"],
    ["https://desk:secret@gateway.desk.example.com", "must not contain a user name, password, ? or #"],
  ])("refuses %s with a message naming the variable and an example, and writes nothing", (value, why) => {
    const message = `INDEX_GATEWAY_URL ${JSON.stringify(value)} ${why} (${EXAMPLE})`;
    expect(() => agentSettings({ INDEX_GATEWAY_URL: value })).toThrow(message);
    expect(() => manifestFiles(BASE, METADATA, { INDEX_GATEWAY_URL: value })).toThrow(message);
  });

  it("takes plain http to this machine, and a URL that already ends in /mcp", () => {
    expect(agentSettings({ INDEX_GATEWAY_URL: "http://127.0.0.1:8443" })?.mcpUrl).toBe("http://127.0.0.1:8443/mcp");
    expect(agentSettings({ INDEX_GATEWAY_URL: `${GATEWAY}/mcp/` })?.mcpUrl).toBe(`${GATEWAY}/mcp`);
  });
});

describe("a build without a gateway URL", () => {
  it("has no agent: no copilotAgents, no agent files in its output or app package, and it says so", () => {
    for (const env of [{}, { INDEX_GATEWAY_URL: "  ", INDEX_AGENT_AUTH_CONFIG_ID: AUTH_CONFIG_ID }]) {
      const files = manifestFiles(BASE, METADATA, env);
      expect(Object.keys(files).filter((name) => name.endsWith(".json") && !name.startsWith("functions."))).toEqual([
        "manifest.json",
      ]);
      expect(Object.keys(packageOf(files)).sort()).toEqual([
        "assets/icon-color-192.png",
        "assets/icon-outline-32.png",
        "manifest.json",
      ]);
      expect(parsed(files["manifest.json"])["copilotAgents"]).toBeUndefined();
      expect(agentSettings(env)).toBeUndefined();
    }
    expect(agentSummary(undefined)).toBe(
      "  Copilot agent: none (INDEX_GATEWAY_URL unset). To add one to app-package.zip, build with the desk " +
        "gateway's URL, e.g. INDEX_GATEWAY_URL=https://gateway.desk.example.com:8443 (docs/install.md).",
    );
    // The build the suites run against is such a build.
    const built = JSON.parse(readFileSync(join(BUILD_UNDER_TEST, "manifest.json"), "utf8")) as Json;
    expect(built["copilotAgents"]).toBeUndefined();
  });
});
