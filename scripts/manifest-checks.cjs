// Checks of manifest.xml and of what a build wrote (both manifests, the app package, functions.json), shared by
// scripts/check-manifest.mjs and test/manifest. CommonJS so that both the node script and the jest suite (ts-jest,
// CommonJS) can load it.
const { spawnSync } = require("node:child_process");
const { existsSync, readFileSync } = require("node:fs");
const path = require("node:path");
const { unzipSync } = require("fflate");
const { agentFileNames, agentPackageProblems } = require("./addin/agent-schema.cjs");
const { agreementProblems, jsonUrls } = require("./addin/agreement.cjs");
const { ADDIN } = require("./addin/description.cjs");
const { devManifestXml, manifestFiles } = require("./addin/manifest-files.cjs");
const { unifiedSchemaProblems } = require("./addin/unified-schema.cjs");

const REPO_ROOT = path.resolve(__dirname, "..");
const MANIFEST_PATH = path.join(REPO_ROOT, "manifest.xml");
const DIST_DIR = path.join(REPO_ROOT, "dist");
/** The schemas live beside the repo (../shared), both locally and in CI. */
const SCHEMA_PATH = path.resolve(REPO_ROOT, "..", "shared", "schemas", "office-manifest", "OfficeAppManifestV1_1.xsd");
const { DEV_BASE_URL, deployBaseUrl } = require("./deploy-origin.cjs");

const DEV_ORIGIN = DEV_BASE_URL.replace(/\/$/, "");

/** Runs xmllint: well-formedness first, then the XSD. Returns problems (empty when valid). */
function xmllintProblems(manifestPath = MANIFEST_PATH, schemaPath = SCHEMA_PATH) {
  const probe = spawnSync("xmllint", ["--version"], { encoding: "utf8" });
  if (probe.error) throw new Error("xmllint not found: install libxml2-utils (apt-get install -y libxml2-utils)");
  const wellFormed = spawnSync("xmllint", ["--noout", "--nonet", manifestPath], { encoding: "utf8" });
  if (wellFormed.status !== 0) return [`not well-formed XML:\n${wellFormed.stderr.trim()}`];
  if (!existsSync(schemaPath)) return [`schema not found at ${schemaPath} (the repo expects ../shared beside it)`];
  const valid = spawnSync("xmllint", ["--noout", "--nonet", "--schema", schemaPath, manifestPath], {
    encoding: "utf8",
  });
  return valid.status === 0 ? [] : [`does not match the Office manifest schema:\n${valid.stderr.trim()}`];
}

/** Comments are dropped so that an example in a comment is neither checked nor counted. */
function withoutComments(xml) {
  return xml.replace(/<!--[\s\S]*?-->/g, "");
}

function matchesOf(text, regex) {
  return [...text.matchAll(regex)].map((match) => match[1]);
}

/** Every `resid` used must be the id of a resource in <Resources>. */
function residProblems(xml) {
  const body = withoutComments(xml);
  const resources = body.slice(body.indexOf("<Resources>"));
  const defined = new Set(matchesOf(resources, /\bid="([^"]+)"/g));
  const used = new Set(matchesOf(body, /\bresid="([^"]+)"/g));
  return [...used].filter((id) => !defined.has(id)).map((id) => `resid "${id}" is used but not defined in <Resources>`);
}

/** Every URL the manifest gives (not namespace names) as an attribute value or element text. */
function manifestUrls(xml) {
  const body = withoutComments(xml).replace(/\sxmlns(:\w+)?="[^"]*"/g, "");
  return [...matchesOf(body, /="(\w+:\/\/[^"]*)"/g), ...matchesOf(body, />\s*(\w+:\/\/[^<\s]*)\s*</g)];
}

/** Every URL must be a file under `baseUrl` (the dev server for the source manifest, the deploy base for a build). */
function urlProblems(xml, baseUrl = `${DEV_ORIGIN}/`) {
  const where = baseUrl === `${DEV_ORIGIN}/` ? "the dev server" : "the deploy base";
  return manifestUrls(xml)
    .filter((url) => !url.startsWith(baseUrl))
    .map((url) => `URL ${url} does not point at ${where} ${baseUrl}`);
}

/** The files under `baseUrl` the manifest points at, e.g. "taskpane.html", "assets/icon-16.png". */
function referencedFiles(xml, baseUrl = `${DEV_ORIGIN}/`) {
  const files = manifestUrls(xml).filter((url) => url.startsWith(baseUrl));
  return [...new Set(files.map((url) => url.slice(baseUrl.length)))].sort();
}

/** The repository's manifest.xml must be exactly what the description renders for the dev server. */
function devManifestProblems(xml = readFileSync(MANIFEST_PATH, "utf8")) {
  return xml === devManifestXml()
    ? []
    : ["manifest.xml differs from scripts/addin/description.cjs: run npm run manifest:dev (never edit it by hand)"];
}

/** What the build in `distDir` should hold for `baseUrl`, from the functions.json it generated; undefined without one. */
function expectedFiles(distDir, baseUrl) {
  const metadata = path.join(distDir, ADDIN.files.functionsMetadata);
  return existsSync(metadata) ? manifestFiles(baseUrl, readFileSync(metadata, "utf8")) : undefined;
}

/** Files under `baseUrl` that `urls` name and `distDir` lacks. */
function missingFiles(file, urls, baseUrl, distDir) {
  const names = [...new Set(urls.filter((url) => url.startsWith(baseUrl)).map((url) => url.slice(baseUrl.length)))];
  return names
    .filter((name) => !existsSync(path.join(distDir, name)))
    .map((name) => `${file} names ${baseUrl}${name}, which is not in ${distDir}`);
}

function builtXmlProblems(distDir, baseUrl, expected) {
  const file = path.join(distDir, "manifest.xml");
  if (!existsSync(file)) return [`${file} is missing: run npm run build`];
  const built = readFileSync(file, "utf8");
  const problems = xmllintProblems(file).map((problem) => `${file} ${problem}`);
  if (expected !== undefined && built !== expected["manifest.xml"].toString()) {
    problems.push(`${file} is not the manifest for ${baseUrl}: rebuild with the same ADDIN_BASE_URL`);
  }
  if (baseUrl !== `${DEV_ORIGIN}/` && /localhost/i.test(built)) problems.push(`${file} still mentions localhost`);
  return [
    ...problems,
    ...residProblems(built),
    ...urlProblems(built, baseUrl),
    ...missingFiles(file, manifestUrls(built), baseUrl, distDir),
  ];
}

function builtJsonProblems(distDir, baseUrl, expected) {
  const file = path.join(distDir, "manifest.json");
  if (!existsSync(file)) return [`${file} is missing: run npm run build`];
  const text = readFileSync(file, "utf8");
  let manifest;
  try {
    manifest = JSON.parse(text);
  } catch (error) {
    return [`${file} is not JSON (${error.message})`];
  }
  const problems = unifiedSchemaProblems(manifest).map(
    (problem) => `${file} breaks the unified manifest schema: ${problem}`,
  );
  if (expected !== undefined && text !== expected["manifest.json"].toString()) {
    problems.push(`${file} is not the manifest for ${baseUrl}: rebuild with the same ADDIN_BASE_URL`);
  }
  const xmlFile = path.join(distDir, "manifest.xml");
  if (existsSync(xmlFile)) {
    const xml = readFileSync(xmlFile, "utf8");
    problems.push(...agreementProblems(xml, manifest, baseUrl, manifestUrls(xml)));
  }
  return [...problems, ...missingFiles(file, jsonUrls(manifest), baseUrl, distDir)];
}

/** A parsed JSON file, or undefined when it is missing or not JSON (other checks report those). */
function jsonOrUndefined(bytes) {
  try {
    return bytes === undefined ? undefined : JSON.parse(bytes.toString("utf8"));
  } catch {
    // Expected: a file that is not JSON; the byte-for-byte and schema checks name it.
    return undefined;
  }
}

/**
 * The app package holds exactly manifest.json (the build's), the two icons it names and the Copilot agent's files
 * it references (the build's too), byte for byte; the agent's files valid against their schemas.
 */
function appPackageProblems(distDir) {
  const file = path.join(distDir, "app-package.zip");
  if (!existsSync(file)) return [`${file} is missing: run npm run build`];
  let entries;
  try {
    entries = unzipSync(readFileSync(file));
  } catch (error) {
    return [`${file} is not a zip file (${error.message})`];
  }
  const built = (name) => (existsSync(path.join(distDir, name)) ? readFileSync(path.join(distDir, name)) : undefined);
  const manifest = jsonOrUndefined(built("manifest.json"));
  const wanted = {
    "manifest.json": built("manifest.json"),
    [ADDIN.icons.color]: readFileSync(path.join(REPO_ROOT, ADDIN.icons.color)),
    [ADDIN.icons.outline]: readFileSync(path.join(REPO_ROOT, ADDIN.icons.outline)),
    ...Object.fromEntries(agentFileNames(manifest, entries).map((name) => [name, built(name)])),
  };
  const names = Object.keys(entries).sort();
  if (JSON.stringify(names) !== JSON.stringify(Object.keys(wanted).sort())) {
    return [`${file} holds ${names.join(", ")}; it must hold exactly ${Object.keys(wanted).sort().join(", ")}`];
  }
  return [
    ...Object.entries(wanted)
      .filter(([name, bytes]) => bytes === undefined || !Buffer.from(entries[name]).equals(bytes))
      .map(([name]) => `${file}: ${name} differs from the build's ${name}`),
    ...agentPackageProblems(manifest, entries).map((problem) => `${file}: ${problem}`),
  ];
}

/**
 * What a build wrote to `distDir` for `baseUrl` (ADDIN_BASE_URL of that build): manifest.xml valid against the
 * XSD, manifest.json valid against the unified schema, both exactly the description rendered for that base, the
 * two agreeing, every URL under the base naming a file that is there, and the app package.
 */
function builtManifestProblems(distDir = DIST_DIR, baseUrl = deployBaseUrl()) {
  const expected = expectedFiles(distDir, baseUrl);
  const versioned = expected === undefined ? [] : Object.keys(expected).filter((name) => name.startsWith("functions."));
  return [
    ...builtXmlProblems(distDir, baseUrl, expected),
    ...builtJsonProblems(distDir, baseUrl, expected),
    ...appPackageProblems(distDir),
    ...versioned
      .filter((name) => !existsSync(path.join(distDir, name)))
      .map((name) => `${path.join(distDir, name)} is missing`),
  ];
}

/** Every check: the repository's manifest.xml, then the build in `distDir` made for `baseUrl`. Throws only without xmllint. */
function allManifestProblems(distDir, baseUrl) {
  const xml = readFileSync(MANIFEST_PATH, "utf8");
  return [
    ...xmllintProblems(),
    ...devManifestProblems(xml),
    ...residProblems(xml),
    ...urlProblems(xml),
    ...builtManifestProblems(distDir, baseUrl),
    ...functionsMetadataProblems(distDir),
  ];
}

/** functions.json must exist, parse, and list functions with unique upper-case ids and names. */
function functionsMetadataProblems(distDir = DIST_DIR) {
  const file = path.join(distDir, "functions.json");
  if (!existsSync(file)) return [`${file} is missing: run npm run build`];
  let metadata;
  try {
    metadata = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    return [`${file} is not valid JSON (${error.message}); is src/functions/functions.json valid?`];
  }
  const functions = Array.isArray(metadata && metadata.functions) ? metadata.functions : [];
  if (functions.length === 0) return [`${file} lists no functions`];
  const problems = [];
  for (const key of ["id", "name"]) {
    const seen = new Set();
    for (const fn of functions) {
      const value = fn[key];
      if (typeof value !== "string" || value === "" || value !== value.toUpperCase()) {
        problems.push(`function ${key} ${JSON.stringify(value)} must be a non-empty upper-case string`);
      } else if (seen.has(value)) {
        problems.push(`function ${key} "${value}" is not unique`);
      }
      seen.add(value);
    }
  }
  return problems;
}

module.exports = {
  REPO_ROOT,
  MANIFEST_PATH,
  DIST_DIR,
  SCHEMA_PATH,
  DEV_ORIGIN,
  xmllintProblems,
  residProblems,
  urlProblems,
  manifestUrls,
  referencedFiles,
  devManifestProblems,
  builtManifestProblems,
  appPackageProblems,
  allManifestProblems,
  functionsMetadataProblems,
};
