// Offline checks of the Copilot agent in an app package: declarativeAgent.json and its plugin manifests against the
// JSON Schemas in schemas/, written from Microsoft's documentation of declarative agent 1.8 and plugin 2.4 (each
// file's $comment cites its pages), and every file the unified manifest and the agent name being in the package.
const path = require("node:path");
const { schemaChecker } = require("./schema-check.cjs");

const AGENT_SCHEMA_PATH = path.join(__dirname, "schemas", "declarative-agent-1.8.schema.json");
const PLUGIN_SCHEMA_PATH = path.join(__dirname, "schemas", "plugin-2.4.schema.json");

const declarativeAgentSchemaProblems = schemaChecker(AGENT_SCHEMA_PATH);
const pluginSchemaProblems = schemaChecker(PLUGIN_SCHEMA_PATH);

/** A file of the package, parsed; a problem when it is missing or not JSON. */
function packageJson(files, name, namedBy) {
  const bytes = files[name];
  if (bytes === undefined) return { problems: [`${namedBy} names ${name}, which is not in the app package`] };
  try {
    return { value: JSON.parse(Buffer.from(bytes).toString("utf8")), problems: [] };
  } catch (error) {
    return { problems: [`${name} is not JSON (${error.message})`] };
  }
}

/** Every plugin an agent names: present, JSON and valid against the plugin schema. */
function actionProblems(files, agentFile, agent) {
  const actions = Array.isArray(agent.actions) ? agent.actions : [];
  return actions.flatMap(({ file }) => {
    const plugin = packageJson(files, file, agentFile);
    if (plugin.value === undefined) return plugin.problems;
    return pluginSchemaProblems(plugin.value).map((problem) => `${file} breaks the plugin schema 2.4: ${problem}`);
  });
}

/**
 * Every problem of the agents `manifest` (the unified manifest, parsed) references in the package `files` (name to
 * bytes): each declarative agent and each of its plugins present, JSON and valid. Empty without copilotAgents.
 */
function agentPackageProblems(manifest, files) {
  const agents = manifest?.copilotAgents?.declarativeAgents ?? [];
  return agents.flatMap(({ file }) => {
    const agent = packageJson(files, file, "manifest.json");
    if (agent.value === undefined) return agent.problems;
    return [
      ...declarativeAgentSchemaProblems(agent.value).map(
        (problem) => `${file} breaks the declarative agent schema 1.8: ${problem}`,
      ),
      ...actionProblems(files, file, agent.value),
    ];
  });
}

/** The files of the package the agents of `manifest` name (their manifests and plugins), as the package holds them. */
function agentFileNames(manifest, files) {
  const agents = manifest?.copilotAgents?.declarativeAgents ?? [];
  return agents.flatMap(({ file }) => {
    const agent = packageJson(files, file, "manifest.json").value;
    const actions = Array.isArray(agent?.actions) ? agent.actions : [];
    return [file, ...actions.map((action) => action.file)];
  });
}

module.exports = {
  AGENT_SCHEMA_PATH,
  PLUGIN_SCHEMA_PATH,
  declarativeAgentSchemaProblems,
  pluginSchemaProblems,
  agentPackageProblems,
  agentFileNames,
};
