// The build the tests run against: a production build for the dev server (ADDIN_BASE_URL, INDEX_API_BASE_URL and
// INDEX_API_ALLOWED_ORIGINS removed from its environment) in build/test-dist/, never dist/, so `npm test` or a bare
// `npx jest` after `ADDIN_BASE_URL=... npm run build` leaves the deployable dist/ as it was. Rebuilt only when
// a file the bundle is made from changed since the last test build (a fingerprint of their contents).
const { spawnSync } = require("node:child_process");
const { createHash } = require("node:crypto");
const { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require("node:fs");
const path = require("node:path");

const REPO_ROOT = path.resolve(__dirname, "..");
const TEST_DIST = path.join(REPO_ROOT, "build", "test-dist");
const FINGERPRINT_FILE = path.join(REPO_ROOT, "build", "test-dist.fingerprint");
/** What the bundle, its pages and its manifests are made from. */
const INPUTS = [
  "src",
  "packages/wire/src",
  "assets",
  "scripts",
  "webpack.config.js",
  "tsconfig.json",
  "package-lock.json",
];
/** Variables of a deployment build: the test build is the local one whatever the shell has set. */
const DEPLOY_VARIABLES = [
  "ADDIN_BASE_URL",
  "INDEX_API_BASE_URL",
  "INDEX_API_ALLOWED_ORIGINS",
  "OFFICE_JS_URL",
  "INDEX_SIGNIN_CLIENT_ID",
  "INDEX_SIGNIN_AUTHORITY",
  "INDEX_SIGNIN_SCOPE",
  "INDEX_SIGNIN_RESOURCE",
  "INDEX_GATEWAY_URL",
  "INDEX_AGENT_AUTH_CONFIG_ID",
  "INDEX_AGENT_TOOLS",
];

function filesUnder(entry) {
  const full = path.join(REPO_ROOT, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(path.join(entry, name)));
}

/** A hash of every input's path and content: equal means the last test build is this tree's. */
function fingerprint() {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap(filesUnder))
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(REPO_ROOT, file)))
      .update("\0");
  return hash.digest("hex");
}

function isFresh(print) {
  return (
    existsSync(path.join(TEST_DIST, "taskpane.html")) &&
    existsSync(FINGERPRINT_FILE) &&
    readFileSync(FINGERPRINT_FILE, "utf8") === print
  );
}

/**
 * Builds build/test-dist/ unless it is already the build of this tree; returns its path. Builds into a folder of
 * its own first and swaps it in, so a failed or interrupted build never leaves a half-written test build.
 */
function ensureTestBuild({ log = (text) => process.stderr.write(text) } = {}) {
  const print = fingerprint();
  if (isFresh(print)) return TEST_DIST;
  const staging = `${TEST_DIST}.${process.pid}`;
  const env = { ...process.env };
  for (const name of DEPLOY_VARIABLES) delete env[name];
  log(`Building the test bundle into ${path.relative(REPO_ROOT, TEST_DIST)}/ (dist/ is left alone) ...\n`);
  const webpackCli = path.join(REPO_ROOT, "node_modules", "webpack-cli", "bin", "cli.js");
  const build = spawnSync(process.execPath, [webpackCli, "--mode", "production", "--output-path", staging], {
    cwd: REPO_ROOT,
    env,
    encoding: "utf8",
  });
  if (build.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`the test build failed:\n${build.stdout}\n${build.stderr}`);
  }
  rmSync(TEST_DIST, { recursive: true, force: true });
  renameSync(staging, TEST_DIST);
  writeFileSync(FINGERPRINT_FILE, print);
  return TEST_DIST;
}

module.exports = { TEST_DIST, ensureTestBuild, fingerprint };
