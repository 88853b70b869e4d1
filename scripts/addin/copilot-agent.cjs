// The Copilot agent of the app package: a declarative agent (declarativeAgent.json, schema v1.8) whose one action is
// a plugin (ai-plugin.json, schema v2.4) with a RemoteMCPServer runtime on the desk gateway's /mcp, signed in with
// OAuth (OAuthPluginVault). Written only when the build is given the gateway's URL (INDEX_GATEWAY_URL); checked
// offline against schemas/ (agent-schema.cjs). Shapes: Microsoft's "Declarative agent schema 1.8" and "Plugin
// manifest schema 2.4" (learn.microsoft.com/microsoft-365-copilot/extensibility/).
const { serviceUrl } = require("../service-origins.cjs");
// The tools of the gateway's /mcp, as its tools/list gives them: `npm run generate` asks the gateway's own MCP server
// (scripts/generate/agent-tools.ts), and test/gateway compares the file with a running gateway's list.
const AGENT_TOOLS = require("./agent-tools.generated.json");

const AGENT_VERSION = "v1.8";
const PLUGIN_VERSION = "v2.4";
/** The two files, at the root of the app package beside manifest.json (and in dist/ beside it). */
const AGENT_FILES = { agent: "declarativeAgent.json", plugin: "ai-plugin.json" };
/** The id the unified manifest's copilotAgents gives the agent. */
const AGENT_ID = "indexDataAgent";
/** reference_id until the admin has the auth config ID of the OAuth client registration (docs/install.md). */
const AUTH_CONFIG_PLACEHOLDER = "SET-INDEX_AGENT_AUTH_CONFIG_ID-AND-BUILD-AGAIN";
const EXAMPLE = "e.g. INDEX_GATEWAY_URL=https://gateway.desk.example.com:8443";
/**
 * How the plugin knows the gateway's tools (INDEX_AGENT_TOOLS): `pinned`, the list this build's gateway serves, in the
 * plugin (mcp_tool_description, run_for_functions naming each); or `dynamic`, none in the plugin, Copilot asking the
 * gateway's tools/list at run time (run_for_functions ["*"]), so a newer gateway's tools need no new package.
 */
const TOOL_DISCOVERY = ["pinned", "dynamic"];

/** INDEX_AGENT_TOOLS, checked: `pinned` when unset. */
function toolDiscoveryOf(env) {
  const given = (env.INDEX_AGENT_TOOLS ?? "").trim() || "pinned";
  if (!TOOL_DISCOVERY.includes(given))
    throw new Error(`INDEX_AGENT_TOOLS ${JSON.stringify(given)} must be "pinned" (the default) or "dynamic"`);
  return given;
}

/**
 * The agent a build writes, from INDEX_GATEWAY_URL (the desk gateway: https, plain http only to this machine),
 * INDEX_AGENT_AUTH_CONFIG_ID and INDEX_AGENT_TOOLS; undefined without a gateway URL. A bad value throws, saying what
 * to set.
 */
function agentSettings(env = process.env) {
  const given = (env.INDEX_GATEWAY_URL ?? "").trim();
  if (given === "") return undefined;
  const gatewayUrl = serviceUrl(given, "INDEX_GATEWAY_URL", EXAMPLE).replace(/\/mcp$/, "");
  const authConfigId = (env.INDEX_AGENT_AUTH_CONFIG_ID ?? "").trim();
  return {
    gatewayUrl,
    mcpUrl: `${gatewayUrl}/mcp`,
    authConfigId: authConfigId || AUTH_CONFIG_PLACEHOLDER,
    toolDiscovery: toolDiscoveryOf(env),
  };
}

const TOOL_NAMES = AGENT_TOOLS.map((tool) => tool.name);

const INSTRUCTIONS = [
  "You answer a commodity trader's questions about the desk's benchmark price indexes, from the desk's Index Data",
  "gateway only. Never guess or recall a price: every figure you give comes from a tool call in this conversation.",
  "",
  "Tools:",
  "- search_indexes: find an index's symbol when the user names it in words (e.g. 'NWE 1x3').",
  "- get_latest: the latest fix ('where did it close?', 'what is it now?').",
  "- get_change: how far the latest fix has moved over a period, with the base it is measured from ('how did it move",
  "  this month?' is MTD; also 1D, 1W, 1M, 3M, 6M, 1Y, WTD, QTD, YTD), as INDEX.CHANGE computes it in the sheet.",
  "- get_history: values over a date range; use granularity weekly or monthly for long ranges, and say so when the",
  "  answer was truncated.",
  "- get_period_stats: averages, lows, highs and changes per week, month, quarter or year.",
  "- get_volatility: annualized volatility over a rolling window of days.",
  "- get_forward_curve: the forward curve by tenor.",
  "- get_capacity: capacity utilization behind an index.",
  "- get_benchmark_health: whether fixes of the last 72 hours came late, went missing or were carried.",
  "- get_methodology: how fixes are made and what confidence and carried-forward mean.",
  "- get_corrections: days the service published again differently, with the value first seen and the value now",
  "  ('was any fix corrected this month?'); what the desk has seen, so it costs no request to the service.",
  "",
  "With every value, give its as-of date and its confidence (0 to 100). When a value was carried forward, say so",
  "and give the date it was first published: it is not a fresh fix. When a status is not final, say which it is.",
  "For a move, give the first and last values of the range with their dates and the change in value and percent.",
  "When a tool says to retry later, tell the user when; do not call it again at once.",
  "Say which symbol you used. When the user's words match several indexes, ask which one they mean.",
].join("\n");

const CONVERSATION_STARTERS = [
  { title: "Latest fix", text: "Where did NWE 1x3 close, and how confident is that fix?" },
  { title: "This month", text: "How did NWE 1x3 move this month? First and last fix, and the change." },
  { title: "Confidence", text: "Is today's NWE 1x3 fix fresh or carried forward, and what is its confidence?" },
  { title: "Monthly averages", text: "Monthly averages of NWE 1x3 this year, with the lows and highs." },
  { title: "Forward curve", text: "Show me the forward curve of NWE 1x3." },
  { title: "Benchmark health", text: "Were any fixes late, missing or carried in the last 72 hours?" },
];

/** declarativeAgent.json: instructions and conversation starters for a trader, and the gateway's plugin as action. */
function declarativeAgent(addin) {
  return {
    $schema: `https://developer.microsoft.com/json-schemas/copilot/declarative-agent/${AGENT_VERSION}/schema.json`,
    version: AGENT_VERSION,
    name: addin.name.short,
    description:
      "The desk's benchmark price indexes: latest fixes, history, moves over a period, volatility, forward curves " +
      "and how confident each fix is, from the desk's Index Data gateway.",
    instructions: INSTRUCTIONS,
    conversation_starters: CONVERSATION_STARTERS,
    actions: [{ id: "indexDataGateway", file: AGENT_FILES.plugin }],
  };
}

/**
 * The runtime's spec and the functions bound to it: the gateway's tools pinned (each a function, its definition in
 * mcp_tool_description), or found at run time (no function listed, every one the gateway lists run: "*").
 */
function toolsOf(mcpUrl, toolDiscovery) {
  if (toolDiscovery === "dynamic") return { runFor: ["*"], spec: { url: mcpUrl } };
  return {
    functions: AGENT_TOOLS.map(({ name, description }) => ({
      name,
      description,
      // The gateway reads data a signed-in user may see and changes nothing.
      capabilities: { security_info: { data_handling: ["GetPrivateData"] } },
    })),
    runFor: TOOL_NAMES,
    spec: { url: mcpUrl, mcp_tool_description: { tools: AGENT_TOOLS } },
  };
}

/** ai-plugin.json: every tool of the gateway's /mcp, read-only, behind the OAuth client registration `authConfigId`. */
function agentPlugin(addin, { baseUrl, mcpUrl, authConfigId, toolDiscovery = "pinned" }) {
  const { functions, runFor, spec } = toolsOf(mcpUrl, toolDiscovery);
  return {
    $schema: `https://developer.microsoft.com/json-schemas/copilot/plugin/${PLUGIN_VERSION}/schema.json`,
    schema_version: PLUGIN_VERSION,
    name_for_human: addin.name.short,
    namespace: "indexdata",
    description_for_human: "The desk's benchmark price indexes, from its Index Data gateway.",
    description_for_model:
      "Benchmark price indexes of the user's trading desk: catalogue search, latest fix, history, period " +
      "statistics, volatility, forward curve, capacity, benchmark health and methodology. Every value carries its " +
      "as-of date, confidence, status and, when carried forward, the date it was first published.",
    privacy_policy_url: `${baseUrl}${addin.files.privacy}`,
    legal_info_url: `${baseUrl}${addin.files.help}`,
    // Pinned tools only; JSON.stringify leaves it out for dynamic ones.
    functions,
    runtimes: [
      {
        type: "RemoteMCPServer",
        auth: { type: "OAuthPluginVault", reference_id: authConfigId },
        run_for_functions: runFor,
        spec,
      },
    ],
  };
}

/** The unified manifest's reference to the agent: copilotAgents.declarativeAgents. */
function copilotAgents() {
  return { declarativeAgents: [{ id: AGENT_ID, file: AGENT_FILES.agent }] };
}

/** The agent's two files for a build on `baseUrl` with `settings` (agentSettings), by their name in the package. */
function agentFiles(addin, baseUrl, settings) {
  const json = (value) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
  return {
    [AGENT_FILES.agent]: json(declarativeAgent(addin)),
    [AGENT_FILES.plugin]: json(agentPlugin(addin, { baseUrl, ...settings })),
  };
}

/** What the build says about the agent, under its summary: where its tools are, or why there is none. */
function agentSummary(settings) {
  if (settings === undefined) {
    return (
      "  Copilot agent: none (INDEX_GATEWAY_URL unset). To add one to app-package.zip, build with the desk " +
      `gateway's URL, ${EXAMPLE} (docs/install.md).`
    );
  }
  const files = `${AGENT_FILES.agent} and ${AGENT_FILES.plugin}`;
  const signIn =
    settings.authConfigId === AUTH_CONFIG_PLACEHOLDER
      ? "its reference_id is a placeholder: register the OAuth client in the Teams developer portal, then build " +
        "again with INDEX_AGENT_AUTH_CONFIG_ID=<auth config ID> (docs/install.md)"
      : `signs in with auth config ${settings.authConfigId} (INDEX_AGENT_AUTH_CONFIG_ID)`;
  const tools = settings.toolDiscovery === "dynamic" ? "found at run time" : "pinned";
  return `  Copilot agent: ${files} in app-package.zip, its tools at ${settings.mcpUrl} (INDEX_GATEWAY_URL, ${tools}); ${signIn}.`;
}

module.exports = {
  AGENT_FILES,
  AGENT_ID,
  AUTH_CONFIG_PLACEHOLDER,
  agentSettings,
  declarativeAgent,
  agentPlugin,
  copilotAgents,
  agentFiles,
  agentSummary,
};
