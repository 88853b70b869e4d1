// npm start — the development setup: dev certificates, the reference Index Data Service on :3001 (REFERENCE_PORT),
// and the https webpack dev server on :3000 (ADDIN_PORT), which proxies /api to the service.
// Usage: [ADDIN_PORT=N] [REFERENCE_PORT=N] npm start [-- --flavor newer|older]
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { get as httpGet } from "node:http";
import { get as httpsGet } from "node:https";
import { createServer } from "node:net";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ports from "./dev-ports.cjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const BIN = join(ROOT, "node_modules", ".bin");
const CERT_DIR = join(homedir(), ".office-addin-dev-certs");
const CERT_FILES = ["ca.crt", "localhost.crt", "localhost.key"].map((name) => join(CERT_DIR, name));
let ADDIN_PORT, REFERENCE_PORT;
try {
  ADDIN_PORT = ports.devPort("ADDIN_PORT");
  REFERENCE_PORT = ports.devPort("REFERENCE_PORT");
} catch (error) {
  console.error(`npm start: ${error.message}`);
  process.exit(2);
}
const DEV_URL = `https://localhost:${ADDIN_PORT}`;
const REFERENCE_URL = `http://127.0.0.1:${REFERENCE_PORT}`;
const READY_TIMEOUT_MS = 120_000;
const WINDOWS = process.platform === "win32";

/** A tool from node_modules/.bin; on Windows that is a .cmd shim, which only a shell can run. */
function bin(name) {
  return join(BIN, WINDOWS ? `${name}.cmd` : name);
}

/** With `shell: true` Node joins command and arguments unquoted; paths with spaces need quotes on Windows. */
function run(command, args) {
  return WINDOWS ? [`"${command}"`, args.map((arg) => `"${arg}"`)] : [command, args];
}

function fail(message) {
  console.error(`npm start: ${message}`);
  process.exit(1);
}

function parseFlavor(argv) {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--flavor") return argv[i + 1] ?? fail("--flavor needs a value: newer or older");
    if (arg.startsWith("--flavor=")) return arg.slice("--flavor=".length);
    fail(`unknown argument ${JSON.stringify(arg)}; usage: npm start [-- --flavor newer|older]`);
  }
  return undefined;
}

/**
 * office-addin-dev-certs writes the files, then tries to trust the CA (sudo, a keychain prompt). Without a desktop
 * or sudo that step fails; the dev server only needs the files, so its raw output is kept quiet and what an
 * untrusted CA means is said in one line.
 */
function ensureCerts() {
  if (CERT_FILES.every((file) => existsSync(file))) return;
  console.log("Creating development certificates (npm run certs) ...");
  const install = spawnSync(...run(bin("office-addin-dev-certs"), ["install", "--days", "365"]), {
    stdio: ["inherit", "pipe", "pipe"],
    encoding: "utf8",
    cwd: ROOT,
    shell: WINDOWS,
  });
  const missing = CERT_FILES.filter((file) => !existsSync(file));
  if (missing.length > 0)
    fail(`certificate files still missing: ${missing.join(", ")}\n${install.stdout ?? ""}${install.stderr ?? ""}`);
  if (install.status !== 0 || /sudo: |not found|unable to install/i.test(`${install.stdout}${install.stderr}`)) {
    console.warn(
      `npm start: the development CA could not be trusted here, so Excel on the web and desktop Office will refuse ${DEV_URL} until you trust ${join(CERT_DIR, "ca.crt")} by hand (see CONTRIBUTING.md, "Trust the development certificate").`,
    );
  }
}

/** Fails early when a port is taken: otherwise an old server could answer the readiness check. */
function ensurePortFree(port, host, what) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => fail(`port ${port} (${what}) is already in use; stop whatever holds it and retry`));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

const children = new Map();
let stopping = false;

/**
 * Each child leads its own process group (POSIX), so stopping it also stops what it started (tsx's node, for one);
 * on Windows, taskkill /T does the same for the process tree.
 */
function startChild(name, command, args) {
  const child = spawn(...run(command, args), {
    cwd: ROOT,
    stdio: "inherit",
    detached: !WINDOWS,
    shell: WINDOWS,
    env: process.env,
  });
  children.set(name, child);
  child.on("error", (error) => stop(`${name} could not start: ${error.message}`, 1));
  child.on("exit", (code, signal) => {
    children.delete(name);
    stop(`${name} exited (${signal ? `signal ${signal}` : `code ${code}`})`, code || 1);
  });
}

function signalTree(child, signal) {
  try {
    if (WINDOWS) spawnSync("taskkill", ["/pid", String(child.pid), "/T", ...(signal === "SIGKILL" ? ["/F"] : [])]);
    else process.kill(-child.pid, signal);
  } catch {
    // Expected: the process tree is already gone.
  }
}

function stop(reason, exitCode) {
  if (stopping) return;
  stopping = true;
  if (reason) console.error(`npm start: ${reason}; stopping.`);
  for (const child of children.values()) signalTree(child, "SIGTERM");
  // Children get a moment to close their sockets; anything left is then killed (and reaped before we exit).
  setTimeout(() => {
    for (const child of children.values()) signalTree(child, "SIGKILL");
    setTimeout(() => process.exit(exitCode), 500).unref();
  }, 5000).unref();
  if (children.size === 0) process.exit(exitCode);
  for (const child of children.values()) child.once("exit", () => children.size === 0 && process.exit(exitCode));
}

/** Resolves once `url` answers with any HTTP status. */
function waitFor(url, get, options = {}) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const req = get(url, options, (res) => {
        res.resume();
        resolve();
      });
      req.setTimeout(2000, () => req.destroy());
      req.on("error", () =>
        Date.now() > deadline ? reject(new Error(`${url} did not answer`)) : setTimeout(attempt, 500),
      );
    };
    attempt();
  });
}

const flavor = parseFlavor(process.argv.slice(2));
ensureCerts();
const mainTs = join(ROOT, "reference-service", "src", "main.ts");
if (!existsSync(mainTs)) fail(`${mainTs} not found`);

// Both listen on loopback only: the dev server proxies /api (and a typed API key) to the reference service.
await ensurePortFree(ADDIN_PORT, "localhost", "dev server, ADDIN_PORT");
await ensurePortFree(REFERENCE_PORT, "127.0.0.1", "reference service, REFERENCE_PORT");

process.on("SIGINT", () => stop(undefined, 0));
process.on("SIGTERM", () => stop(undefined, 0));
process.on("SIGHUP", () => stop(undefined, 0));
// If whatever started us (npm, a terminal) goes away without signalling us, stop too rather than leave orphans.
const parentPid = process.ppid;
setInterval(() => process.ppid !== parentPid && stop("parent process exited", 0), 1000).unref();

startChild("reference service", bin("tsx"), [
  mainTs,
  "--port",
  String(REFERENCE_PORT),
  ...(flavor ? ["--flavor", flavor] : []),
]);
startChild("dev server", bin("webpack"), ["serve", "--mode", "development"]);
console.log("npm start: waiting until the bundle is finished (the first build takes about half a minute) ...");

const ca = readFileSync(join(CERT_DIR, "ca.crt"));
Promise.all([waitFor(`${REFERENCE_URL}/api/status`, httpGet), waitFor(`${DEV_URL}/taskpane.html`, httpsGet, { ca })])
  .then(() => {
    console.log(
      [
        "",
        "Index Data is running:",
        `  index of what is served     ${DEV_URL}/`,
        `  task pane (shared runtime)  ${DEV_URL}/taskpane.html`,
        `  formula preview             ${DEV_URL}/preview.html`,
        `  functions metadata          ${DEV_URL}/functions.json`,
        ADDIN_PORT === ports.DEFAULT_PORTS.ADDIN_PORT
          ? `  manifest                    ${DEV_URL}/manifest.xml (sideload the repo's manifest.xml)`
          : `  manifest                    ${DEV_URL}/manifest.xml (sideload this one: the repo's names port 3000)`,
        `  reference service           ${REFERENCE_URL} (flavor ${flavor ?? "newer"}; also at ${DEV_URL}/api)`,
        "Press Ctrl+C to stop.",
        "",
      ].join("\n"),
    );
  })
  .catch((error) => stop(error.message, 1));
