// What a build writes beside its pages: the versioned functions metadata, both manifests and the app package.
// Used by the webpack plugin (manifests-plugin.cjs), scripts/write-dev-manifest.mjs and the tests.
const { createHash } = require("node:crypto");
const { readFileSync } = require("node:fs");
const path = require("node:path");
const { zipSync } = require("fflate");
const { DEV_BASE_URL } = require("../deploy-origin.cjs");
const { agentFiles, agentSettings } = require("./copilot-agent.cjs");
const { ADDIN } = require("./description.cjs");
const { unifiedManifest } = require("./unified-manifest.cjs");
const { xmlManifest } = require("./xml-manifest.cjs");

const REPO_ROOT = path.resolve(__dirname, "..", "..");
/** The manifests' note on where they come from; a generated file is never edited by hand. */
const BUILT_NOTE = [
  "Index Data for Excel: add-in only (XML) manifest, written by the build from scripts/addin/description.cjs for",
  "ADDIN_BASE_URL. dist/manifest.json is the same add-in as a unified manifest for Microsoft 365.",
].join("\n");
const DEV_NOTE = [
  "Index Data for Excel: the development manifest (every URL on the dev server of npm start).",
  "Generated from scripts/addin/description.cjs by `npm run manifest:dev`; do not edit it by hand (a test compares).",
  "One shared runtime (taskpane.html) hosts the INDEX.* custom functions, the task pane and the ribbon commands,",
  "so they share one JavaScript context, one client and one cache.",
].join("\n");
/** A fixed time for every entry of the app package, so the same build gives the same bytes. */
const ZIP_TIME = new Date("2026-01-01T00:00:00Z");

/**
 * The name the manifests give the functions metadata: its content hash in the name, so Excel, which caches the
 * metadata by URL for up to a day, fetches it again as soon as a deployment changes it (and only then).
 */
function versionedMetadataFile(metadataJson) {
  const hash = createHash("sha256").update(metadataJson).digest("hex").slice(0, 12);
  return ADDIN.files.functionsMetadata.replace(/\.json$/, `.${hash}.json`);
}

/**
 * dist/app-package.zip: manifest.json and its two icons at the paths the manifest names, and the files of the
 * Copilot agent (`agent`, by name) when the build has one.
 */
function appPackage(manifestJson, readIcon = (file) => readFileSync(path.join(REPO_ROOT, file)), agent = {}) {
  const entry = (data) => [data, { mtime: ZIP_TIME }];
  return Buffer.from(
    zipSync({
      "manifest.json": entry(Buffer.from(manifestJson)),
      [ADDIN.icons.color]: entry(readIcon(ADDIN.icons.color)),
      [ADDIN.icons.outline]: entry(readIcon(ADDIN.icons.outline)),
      ...Object.fromEntries(Object.entries(agent).map(([name, data]) => [name, entry(data)])),
    }),
  );
}

/**
 * The files a build for `baseUrl` adds to its output, by name, given the metadata the build generated; with
 * INDEX_GATEWAY_URL in `env`, the Copilot agent's two files too (beside manifest.json and in the app package).
 */
function manifestFiles(baseUrl, metadataJson, env = process.env) {
  const metadataFile = versionedMetadataFile(metadataJson);
  const signIn = { clientId: env.INDEX_SIGNIN_CLIENT_ID ?? "", resource: env.INDEX_SIGNIN_RESOURCE ?? "" };
  const settings = agentSettings(env);
  const agent = settings === undefined ? {} : agentFiles(ADDIN, baseUrl, settings);
  const manifest = unifiedManifest(ADDIN, { baseUrl, metadataFile, signIn, agent: settings !== undefined });
  const manifestJson = `${JSON.stringify(manifest, null, 2)}\n`;
  return {
    [metadataFile]: Buffer.from(metadataJson),
    "manifest.xml": Buffer.from(xmlManifest(ADDIN, { baseUrl, metadataFile, note: BUILT_NOTE })),
    "manifest.json": Buffer.from(manifestJson),
    ...agent,
    "app-package.zip": appPackage(manifestJson, undefined, agent),
  };
}

/** The repository's manifest.xml: the development manifest on the dev server, naming the plain functions.json. */
function devManifestXml() {
  return xmlManifest(ADDIN, { baseUrl: DEV_BASE_URL, metadataFile: ADDIN.files.functionsMetadata, note: DEV_NOTE });
}

module.exports = { REPO_ROOT, versionedMetadataFile, appPackage, manifestFiles, devManifestXml };
