// Checks of manifest.xml and the built functions.json, shared by scripts/check-manifest.mjs and test/manifest.
// CommonJS so that both the node script and the jest suite (ts-jest, CommonJS) can load it.
const { spawnSync } = require("node:child_process");
const { existsSync, readFileSync } = require("node:fs");
const path = require("node:path");

const REPO_ROOT = path.resolve(__dirname, "..");
const MANIFEST_PATH = path.join(REPO_ROOT, "manifest.xml");
const DIST_DIR = path.join(REPO_ROOT, "dist");
/** The schemas live beside the repo (../shared), both locally and in CI. */
const SCHEMA_PATH = path.resolve(REPO_ROOT, "..", "shared", "schemas", "office-manifest", "OfficeAppManifestV1_1.xsd");
const DEV_ORIGIN = "https://localhost:3000";

/** Runs xmllint: well-formedness first, then the XSD. Returns problems (empty when valid). */
function xmllintProblems(manifestPath = MANIFEST_PATH, schemaPath = SCHEMA_PATH) {
  const probe = spawnSync("xmllint", ["--version"], { encoding: "utf8" });
  if (probe.error) throw new Error("xmllint not found: install libxml2-utils (apt-get install -y libxml2-utils)");
  const wellFormed = spawnSync("xmllint", ["--noout", "--nonet", manifestPath], { encoding: "utf8" });
  if (wellFormed.status !== 0) return [`not well-formed XML:\n${wellFormed.stderr.trim()}`];
  if (!existsSync(schemaPath)) return [`schema not found at ${schemaPath} (the repo expects ../shared beside it)`];
  const valid = spawnSync("xmllint", ["--noout", "--nonet", "--schema", schemaPath, manifestPath], { encoding: "utf8" });
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

function urlProblems(xml) {
  return manifestUrls(xml)
    .filter((url) => !url.startsWith(`${DEV_ORIGIN}/`))
    .map((url) => `URL ${url} does not point at the dev server ${DEV_ORIGIN}/`);
}

/** The dist-relative files the manifest points at, e.g. "taskpane.html", "assets/icon-16.png". */
function referencedFiles(xml) {
  const files = manifestUrls(xml).filter((url) => url.startsWith(`${DEV_ORIGIN}/`));
  return [...new Set(files.map((url) => new URL(url).pathname.slice(1)))].sort();
}

/** functions.json must exist, parse, and list functions with unique upper-case ids and names. */
function functionsMetadataProblems(distDir = DIST_DIR) {
  const file = path.join(distDir, "functions.json");
  if (!existsSync(file)) return [`${file} is missing: run npm run build`];
  let metadata;
  try {
    metadata = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    return [`${file} is not valid JSON (${error.message}); are there any src/functions/*.functions.ts files?`];
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
  functionsMetadataProblems,
};
