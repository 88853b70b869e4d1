// The unified manifest for Microsoft 365 (manifest.json, schema 1.25) rendered from the one description
// (description.cjs) for one deploy base: the shape of Microsoft's Excel shared-runtime sample, checked offline
// against ../shared/schemas/unified-manifest/MicrosoftTeams.v1.25.schema.json (unified-schema.cjs).
const { copilotAgents } = require("./copilot-agent.cjs");

const MANIFEST_VERSION = "1.25";
const SCHEMA_URL = `https://developer.microsoft.com/json-schemas/teams/v${MANIFEST_VERSION}/MicrosoftTeams.schema.json`;
/** The id of the one runtime: the shared runtime page that hosts functions, task pane and commands. */
const RUNTIME_ID = "SharedRuntime";

const capabilities = (sets) => Object.entries(sets).map(([name, minVersion]) => ({ name, minVersion }));

function ribbonIcons(addin, url) {
  return Object.entries(addin.icons.ribbon).map(([size, file]) => ({ size: Number(size), url: url(file) }));
}

/** One runtime action per distinct ribbon action: the task pane (openPage) and each command (executeFunction). */
function runtimeActions(addin) {
  const actions = new Map();
  for (const { group } of addin.ribbon) {
    for (const { action } of group.controls) {
      if (action.type === "showTaskpane")
        actions.set(addin.taskpane.actionId, { id: addin.taskpane.actionId, type: "openPage" });
      else actions.set(action.name, { id: action.name, type: "executeFunction" });
    }
  }
  return [...actions.values()];
}

function actionIdOf(control, addin) {
  return control.action.type === "showTaskpane" ? addin.taskpane.actionId : control.action.name;
}

function ribbon(addin, url) {
  const icons = ribbonIcons(addin, url);
  return {
    requirements: {
      capabilities: capabilities(addin.commandRequirements),
      scopes: ["workbook"],
      formFactors: ["desktop"],
    },
    contexts: ["default"],
    tabs: addin.ribbon.map(({ tab, group }) => ({
      builtInTabId: tab,
      groups: [
        {
          id: group.id,
          label: group.label,
          icons,
          controls: group.controls.map((control) => ({
            id: control.id,
            type: "button",
            label: control.label,
            icons,
            supertip: { title: control.label, description: control.tooltip },
            actionId: actionIdOf(control, addin),
          })),
        },
      ],
    })),
  };
}

function runtime(addin, url, metadataFile) {
  return {
    requirements: { capabilities: capabilities(addin.requirements) },
    id: RUNTIME_ID,
    type: "general",
    code: { page: url(addin.files.runtimePage), script: url(addin.files.functionsScript) },
    lifetime: "long",
    actions: runtimeActions(addin),
    // The functions themselves are read from the metadata file the build copies (src/functions/functions.json);
    // its URL carries the metadata's hash, so an update reaches Excel on the next open instead of a cached copy.
    customFunctions: { namespace: { id: addin.namespace, name: addin.namespace }, metadataUrl: url(metadataFile) },
  };
}

/**
 * The app registration Office signs the user in for (nested app authentication), when the build names one: its
 * client id, and the resource Office SSO expects, api://<the add-in's host>/<client id> unless given.
 */
function webApplicationInfo(baseUrl, signIn) {
  const clientId = (signIn?.clientId ?? "").trim();
  if (clientId === "") return {};
  if (!/^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$/.test(clientId)) {
    throw new Error(`INDEX_SIGNIN_CLIENT_ID must be the app registration's id, a GUID (got "${clientId}").`);
  }
  const resource = (signIn?.resource ?? "").trim() || `api://${new URL(baseUrl).host}/${clientId}`;
  return { webApplicationInfo: { id: clientId, resource } };
}

/**
 * The unified manifest for `baseUrl` (ends in "/"), naming `metadataFile` as the functions metadata, carrying
 * `webApplicationInfo` when `signIn.clientId` is given (INDEX_SIGNIN_CLIENT_ID at build time), and referencing the
 * Copilot agent (copilot-agent.cjs) when `agent` is true (INDEX_GATEWAY_URL at build time).
 */
function unifiedManifest(addin, { baseUrl, metadataFile, signIn, agent = false }) {
  const url = (file) => `${baseUrl}${file}`;
  return {
    $schema: SCHEMA_URL,
    manifestVersion: MANIFEST_VERSION,
    version: addin.version,
    id: addin.id,
    localizationInfo: { defaultLanguageTag: addin.locale.toLowerCase() },
    developer: {
      name: addin.provider,
      websiteUrl: url(addin.files.help),
      privacyUrl: url(addin.files.privacy),
      termsOfUseUrl: url(addin.files.help),
    },
    name: addin.name,
    description: addin.description,
    // Paths inside the app package (app-package.cjs puts the files there), not URLs.
    icons: { color: addin.icons.color, outline: addin.icons.outline },
    accentColor: addin.accentColor,
    authorization: { permissions: { resourceSpecific: [{ name: addin.permissions.unified, type: "Delegated" }] } },
    ...webApplicationInfo(baseUrl, signIn),
    ...(agent ? { copilotAgents: copilotAgents() } : {}),
    extensions: [
      {
        requirements: { scopes: ["workbook"], capabilities: capabilities(addin.requirements) },
        runtimes: [runtime(addin, url, metadataFile)],
        ribbons: [ribbon(addin, url)],
        // With alternate icons, the admin center also derives an XML manifest for clients that cannot read this one.
        alternates: [
          {
            alternateIcons: {
              icon: { size: 32, url: url(addin.icons.addin[32]) },
              highResolutionIcon: { size: 64, url: url(addin.icons.addin[64]) },
            },
          },
        ],
        getStartedMessages: [{ ...addin.getStarted, learnMoreUrl: url(addin.files.help) }],
      },
    ],
  };
}

module.exports = { MANIFEST_VERSION, SCHEMA_URL, RUNTIME_ID, unifiedManifest };
