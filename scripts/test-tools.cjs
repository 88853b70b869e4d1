// Where the tests find the two programs they run from outside the repository: Chromium (the browser suites, through
// playwright-core) and redis-server (the gateway's Redis suites). CHROMIUM_PATH and REDIS_SERVER_PATH name them on
// any system; otherwise the command on PATH, then Debian's location. CommonJS for scripts/check-prerequisites.mjs
// and the TypeScript test rigs alike.
const { spawnSync } = require("node:child_process");
const { existsSync } = require("node:fs");

/** The first of `names` found on PATH (`command -v`; `where` on Windows), else undefined. */
function onPath(names) {
  for (const name of names) {
    const probe =
      process.platform === "win32"
        ? spawnSync("where", [name], { encoding: "utf8" })
        : spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
    const found = probe.status === 0 ? (probe.stdout ?? "").split(/\r?\n/)[0]?.trim() : "";
    if (found) return found;
  }
  return undefined;
}

/** A program: the variable's path when set (it must exist), else PATH, else Debian's path. */
function locate(variable, names, debianPath, env) {
  const given = (env[variable] ?? "").trim();
  if (given !== "") {
    if (!existsSync(given)) return { problem: `${variable}=${given} does not exist` };
    return { path: given };
  }
  const found = onPath(names) ?? (existsSync(debianPath) ? debianPath : undefined);
  return found === undefined ? { problem: `not found on PATH nor at ${debianPath}; set ${variable}` } : { path: found };
}

/** Chromium or Chrome for the browser suites: `{ path }` or `{ problem }`. */
function findChromium(env = process.env) {
  return locate("CHROMIUM_PATH", ["chromium", "chromium-browser", "google-chrome"], "/usr/bin/chromium", env);
}

/** redis-server for the gateway's Redis suites: `{ path }` or `{ problem }`. */
function findRedisServer(env = process.env) {
  return locate("REDIS_SERVER_PATH", ["redis-server"], "/usr/bin/redis-server", env);
}

/** How to install both, per system, for the messages that say something is missing. */
const INSTALL_HINT =
  "Debian/Ubuntu: apt-get install -y chromium libxml2-utils redis-server; macOS: brew install redis libxml2 and " +
  'CHROMIUM_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"; Windows: run the suites in WSL ' +
  "(Ubuntu) and install the Debian packages there (CONTRIBUTING.md, Prerequisites)";

module.exports = { INSTALL_HINT, findChromium, findRedisServer };
