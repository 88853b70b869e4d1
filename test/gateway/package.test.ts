import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from "node:child_process";
import { request } from "node:https";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { generate } from "selfsigned";
import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { listening } from "./support/gateway-process";
import { checkConcurrentCalls, checkEveryTool, checkHeldIsFree, checkToolList } from "./support/mcp-checks";
import { allowedSystemCalls, systemCallsIn } from "./support/systemd-unit";

/**
 * The gateway as an administrator installs it: `npm pack` of its workspace, one tarball that carries the package it
 * shares with the add-in (@index-data/wire, never published) inside it, installed as docs/gateway.md says: `npm ci
 * --omit=dev` in an empty folder outside the repository holding the tarball and gateway/deploy/server's package.json
 * and lockfile (the tree the tests ran, pinned), with npm sent to a dead registry for @index-data/* (a registry that
 * published that name would otherwise be asked for it), run with plain node (no tsx). Slow (two builds and an install
 * from the registry or its cache): minutes on a busy machine, so its timeouts only stop a hang.
 */
const ROOT = resolve(__dirname, "..", "..");
const SLOW_MS = 600_000;
/** Packages a server must never get from the gateway's install: the add-in's build, tests and UI. */
const DEV_ONLY =
  /^(webpack|webpack-.*|jest|jest-.*|@jest\/.*|playwright|playwright-core|react|react-dom|tsx|typescript|ts-jest)$/;
/** npm flags: any request for an @index-data/* package goes to a port nothing listens on, and fails at once. */
const NO_REGISTRY_FOR_WIRE = ["--@index-data:registry=http://127.0.0.1:9", "--fetch-retries=0"];
const FLAGSHIP_LATEST = "/api/v1/index/RTM-NWE-A-1x3/latest";

let folder: string;
let service: RunningReferenceService;
/** What `npm pack --json` said of the tarball, and the folder it was installed in. */
let gatewayPack: PackResult;
let server: string;
/** Everything `npm ci` printed while installing it. */
let installOutput: string;

function run(command: string, args: readonly string[], cwd: string): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", timeout: SLOW_MS, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(" ")} failed (${String(result.status)}):\n${result.stdout}${result.stderr}`,
    );
  return result;
}

/** What `npm pack --json` says of one tarball. */
interface PackResult {
  readonly name: string;
  readonly filename: string;
  readonly files: readonly { readonly path: string }[];
  readonly bundled: readonly string[];
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "gateway-package-"));
  service = await startReferenceService();
  const packs = join(folder, "packs");
  mkdirSync(packs);
  const packed = JSON.parse(
    run("npm", ["pack", "--workspace", "gateway", "--pack-destination", packs, "--json"], ROOT).stdout,
  ) as PackResult[];
  expect(packed.map((pack) => pack.filename)).toEqual([
    expect.stringMatching(/^index-data-gateway-\d+\.\d+\.\d+\.tgz$/),
  ]);
  gatewayPack = packed[0] as PackResult;

  // The server's folder as docs/gateway.md sets it up: the tarball beside the two files of gateway/deploy/server.
  server = join(folder, "server");
  mkdirSync(server);
  copyFileSync(join(packs, gatewayPack.filename), join(server, gatewayPack.filename));
  for (const file of ["package.json", "package-lock.json"])
    copyFileSync(join(ROOT, "gateway", "deploy", "server", file), join(server, file));
  const installed = run("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund", ...NO_REGISTRY_FOR_WIRE], server);
  installOutput = `${installed.stdout}${installed.stderr}`;
}, SLOW_MS);
afterAll(async () => {
  await service?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Every package name in an `npm ls --json --all` tree. */
function namesIn(tree: LsTree): string[] {
  return Object.entries(tree.dependencies ?? {}).flatMap(([name, child]) => [name, ...namesIn(child)]);
}

/** A node of `npm ls --json --all`. */
interface LsTree {
  readonly version?: string;
  readonly dependencies?: Record<string, LsTree>;
}

/** Every edge of a tree as `parent@version > child@version`: the same set for the same tree in any folder layout. */
function edgesIn(tree: LsTree, parent: string): string[] {
  return Object.entries(tree.dependencies ?? {}).flatMap(([name, child]) => {
    const node = `${name}@${child.version ?? "?"}`;
    return [`${parent} > ${node}`, ...edgesIn(child, node)];
  });
}

/** The installed gateway's entry point, run with plain node. */
const entryIn = (cwd: string) => join(cwd, "node_modules", "index-data-gateway", "dist", "cli", "main.js");

/** Runs the installed command (through npm's bin link, as an administrator types it) to its end. */
function installedCommand(args: readonly string[]): SpawnSyncReturns<string> {
  return spawnSync("npx", ["--no-install", "index-data-gateway", ...args], {
    cwd: server,
    encoding: "utf8",
    timeout: SLOW_MS,
  });
}

test("the tarball holds the gateway's build, its shrinkwrap and @index-data/wire's build, and nothing else", () => {
  const paths = gatewayPack.files.map((file) => file.path);
  // The gateway's own JavaScript, no copy of the shared code in it: that ships once, as the package it is, bundled in
  // node_modules/ with the packages it needs (npm installs no dependency of a bundled package).
  const wireManifest = JSON.parse(readFileSync(join(ROOT, "packages", "wire", "package.json"), "utf8")) as {
    readonly dependencies: Record<string, string>;
  };
  expect(gatewayPack.bundled).toEqual(
    expect.arrayContaining(["@index-data/wire", ...Object.keys(wireManifest.dependencies)]),
  );
  expect(gatewayPack.bundled.filter((name) => DEV_ONLY.test(name))).toEqual([]);
  expect(paths).toContain("dist/cli/main.js");
  const own = paths.filter((path) => !path.startsWith("node_modules/"));
  expect(
    own.filter((path) => !/^(dist\/[\w/-]+(\.generated)?\.js|package\.json|npm-shrinkwrap\.json)$/.test(path)),
  ).toEqual([]);
  expect(own.filter((path) => /^dist\/(wire|time|diagnostics|src)\//.test(path))).toEqual([]);
  const wire = paths.filter((path) => path.startsWith("node_modules/@index-data/wire/"));
  expect(wire).toEqual(
    expect.arrayContaining(
      ["package.json", "dist/index.js", "dist/time/index.js", "dist/contract/index.js"].map(
        (file) => `node_modules/@index-data/wire/${file}`,
      ),
    ),
  );
  // Its build only (JavaScript and type declarations), never its sources.
  expect(
    wire.filter((path) => !/^node_modules\/@index-data\/wire\/(package\.json|dist\/.+\.(js|d\.ts))$/.test(path)),
  ).toEqual([]);
  // The shrinkwrap in it names as bundled exactly what npm bundled, so no registry is asked for any of them.
  expect(paths).toContain("npm-shrinkwrap.json");
  const shrinkwrap = JSON.parse(readFileSync(join(ROOT, "gateway", "npm-shrinkwrap.json"), "utf8")) as {
    readonly packages: Record<string, { readonly inBundle?: boolean }>;
  };
  const inBundle = Object.entries(shrinkwrap.packages)
    .filter(([, entry]) => entry.inBundle === true)
    .map(([path]) => path.replace(/^node_modules\//, ""));
  expect(inBundle.sort()).toEqual([...gatewayPack.bundled].sort());
});

test(
  "installs on Node 20 with no engine warning, exactly the tree package-lock.json gives, runtime dependencies only",
  () => {
    // The dead registry is asked whenever npm wants @index-data/wire from a registry: so an install that asks fails.
    const probe = join(folder, "probe");
    mkdirSync(probe);
    writeFileSync(join(probe, "package.json"), JSON.stringify({ name: "probe", private: true }));
    const asking = ["install", "--no-audit", "--no-fund", ...NO_REGISTRY_FOR_WIRE, "@index-data/wire"];
    const asked = spawnSync("npm", asking, { cwd: probe, encoding: "utf8", timeout: SLOW_MS });
    expect(asked.status).not.toBe(0);
    expect(`${asked.stdout}${asked.stderr}`).toContain("ECONNREFUSED");

    // Without the pin, Node 20 got light-my-request 6.8.1 and cookie 2.0.2 (Node >= 22): EBADENGINE.
    expect(installOutput).not.toContain("EBADENGINE");
    expect(installOutput.split("\n").filter((line) => /^npm (warn|error)/i.test(line))).toEqual([]);
    expect(existsSync(join(server, "node_modules", "index-data-gateway", "node_modules", "@index-data", "wire"))).toBe(
      true,
    );

    const installedTree = JSON.parse(run("npm", ["ls", "--omit=dev", "--all", "--json"], server).stdout) as LsTree;
    const gateway = installedTree.dependencies?.["index-data-gateway"] ?? {};
    const tested = JSON.parse(
      run("npm", ["ls", "--package-lock-only", "--workspace", "gateway", "--omit=dev", "--all", "--json"], ROOT).stdout,
    ) as LsTree;
    const testedGateway = tested.dependencies?.["index-data-gateway"] ?? {};
    // Every package at the version the tests ran, each needing the same versions of the same packages.
    expect(edgesIn(gateway, "gateway").sort()).toEqual(edgesIn(testedGateway, "gateway").sort());
    expect(edgesIn(gateway, "gateway").filter((edge) => edge.includes("> cookie@2."))).toEqual([]);

    const names = namesIn(installedTree);
    expect(names).toEqual(
      expect.arrayContaining([
        "index-data-gateway",
        "@index-data/wire",
        "structured-headers",
        "zod",
        "fastify",
        "ioredis",
        "prom-client",
        "jose",
      ]),
    );
    expect(names.filter((name) => DEV_ONLY.test(name))).toEqual([]);
  },
  SLOW_MS,
);

/** A size in MB as the admin's guide writes it, given the words before it (`node_modules\` is`, `The tarball (`). */
function guideMegabytes(guide: string, before: string): number {
  const at = guide.indexOf(before);
  const figure = /^\s*([\d.]+) MB/.exec(guide.slice(at + before.length))?.[1];
  return at < 0 || figure === undefined ? Number.NaN : Number(figure);
}

test("the admin's guide gives the install's figures as this install measured them: packages, node_modules, tarball", () => {
  const guide = readFileSync(join(ROOT, "docs", "gateway.md"), "utf8");
  const added = /added (\d+) packages/.exec(installOutput)?.[1];
  expect(guide).toContain(`\`npm ci\` prints \`added ${added ?? "?"} packages\``);
  // Sizes within a tenth: du counts blocks, and those differ between file systems.
  const installedMb = Number(run("du", ["-sk", "node_modules"], server).stdout.split("\t")[0]) / 1024;
  const tarballMb = statSync(join(server, gatewayPack.filename)).size / (1024 * 1024);
  const near = (figure: number, measured: number) => Math.abs(figure - measured) <= measured / 10;
  expect({ installedMb, near: near(guideMegabytes(guide, "`node_modules` is"), installedMb) }).toEqual({
    installedMb,
    near: true,
  });
  expect({ tarballMb, near: near(guideMegabytes(guide, "The tarball ("), tarballMb) }).toEqual({
    tarballMb,
    near: true,
  });
});

test(
  "the installed command names itself: --help carries every option, usage errors exit 2 and name its commands",
  () => {
    const help = installedCommand(["--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("index-data-gateway --upstream URL --port N --tokens FILE");
    expect(help.stdout).toContain("index-data-gateway new-token NAME --tokens FILE");
    expect(help.stdout).toMatch(/--metrics-token-file FILE +the token that reads \/metrics/);
    // Nothing that exists only in a checkout.
    expect(help.stdout).not.toMatch(/npm run|docs\/gateway\.md/);

    const noTokens = installedCommand(["--upstream", service.url, "--port", "0"]);
    expect(noTokens.status).toBe(2);
    expect(noTokens.stderr).toContain("Create it with: index-data-gateway new-token NAME --tokens FILE");
    const tokens = join(folder, "tokens.txt");
    const refusals = [
      installedCommand(["new-token"]),
      installedCommand(["new-token", "alice"]),
      installedCommand(["new-token", "bad name", "--tokens", tokens]),
      installedCommand(["new-token", "alice", "--tokens", tokens, "--bogus"]),
    ];
    expect(refusals.map((refused) => refused.status)).toEqual([2, 2, 2, 2]);
    expect(refusals[0]?.stderr).toContain("new-token takes one NAME: index-data-gateway new-token alice --tokens");
    for (const refused of [noTokens, ...refusals])
      expect(`${refused.stdout}${refused.stderr}`).not.toContain("npm run");
    expect(existsSync(tokens)).toBe(false);
  },
  SLOW_MS,
);

/** GET over https trusting `ca`: the status and body. */
function httpsGet(url: string, ca: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolveGet, reject) => {
    request(url, { ca, headers }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolveGet({ status: res.statusCode ?? 0, body }));
    })
      .on("error", reject)
      .end();
  });
}

/** Resolves once the child's output (as `output()` gathers it) contains `text`. */
function printed(child: ChildProcess, output: () => string, text: string): Promise<void> {
  return new Promise((done) => {
    const check = () => {
      if (!output().includes(text)) return;
      child.stdout?.off("data", check);
      done();
    };
    child.stdout?.on("data", check);
    check();
  });
}

test(
  "serves with plain node under strace, and makes no system call the systemd unit's SystemCallFilter refuses",
  async () => {
    const unit = readFileSync(join(ROOT, "gateway", "deploy", "index-data-gateway.service"), "utf8");
    const allowed = allowedSystemCalls(unit);
    expect(allowed.has("mprotect")).toBe(true);
    expect(allowed.has("reboot")).toBe(false);

    // The unit's kind of run: desk tokens, https, the upstream key and the metrics token from files.
    const made = installedCommand(["new-token", "alice", "--tokens", join(folder, "desk-tokens.txt")]);
    expect(made.status).toBe(0);
    const token = /\n(idg_[A-Za-z0-9_-]{43})\n/.exec(made.stdout)?.[1] ?? "";
    const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
      keySize: 2048,
      extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
    });
    writeFileSync(join(folder, "cert.pem"), pems.cert);
    writeFileSync(join(folder, "key.pem"), pems.private, { mode: 0o600 });
    writeFileSync(join(folder, "metrics-token"), "metrics-token-for-the-package-test\n", { mode: 0o600 });
    const trace = join(folder, "gateway.strace");
    const child = spawn(
      "strace",
      [
        ...["-f", "-qq", "-o", trace, process.execPath, entryIn(server)],
        ...["--upstream", service.url, "--port", "0", "--host", "127.0.0.1"],
        ...["--tokens", join(folder, "desk-tokens.txt"), "--metrics-token-file", join(folder, "metrics-token")],
        ...["--tls-cert", join(folder, "cert.pem"), "--tls-key", join(folder, "key.pem")],
      ],
      { cwd: server, stdio: ["ignore", "pipe", "pipe"] },
    );
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    const { url, output } = await listening(child, "the installed gateway under strace");
    // The traced node process (strace's own signals would detach it): the first process in the trace.
    const pid = Number(/^(\d+)\s/.exec(readFileSync(trace, "utf8"))?.[1]);
    try {
      const asked = { "X-API-Key": token };
      const [miss, hit, direct] = await Promise.all([
        httpsGet(`${url}${FLAGSHIP_LATEST}`, pems.cert, asked),
        httpsGet(`${url}${FLAGSHIP_LATEST}`, pems.cert, asked),
        fetch(`${service.url}${FLAGSHIP_LATEST}`).then((res) => res.json()),
      ]);
      expect([miss.status, hit.status]).toEqual([200, 200]);
      expect(JSON.parse(miss.body)).toEqual(direct);
      const metrics = await httpsGet(`${url}/metrics`, pems.cert, {
        Authorization: "Bearer metrics-token-for-the-package-test",
      });
      expect(metrics.status).toBe(200);
      process.kill(pid, "SIGHUP");
      await printed(child, output, "again: 1 tokens.");
    } finally {
      process.kill(pid, "SIGTERM");
    }
    expect(await exited).toBe(0);
    const used = systemCallsIn(readFileSync(trace, "utf8"));
    expect(["execve", "openat", "mprotect"].filter((call) => used.has(call))).toEqual(["execve", "openat", "mprotect"]);
    expect([...used].filter((call) => !allowed.has(call)).sort()).toEqual([]);
  },
  SLOW_MS,
);

test(
  "serves /mcp from the installed package: every tool, the service's values, held resources free, calls coalesced",
  async () => {
    // Ten agents' users: ten calls each at once stay within the sixteen a user may have open.
    const tokens = Array.from({ length: 10 }, (_, i) => {
      const made = installedCommand(["new-token", `agent${i}`, "--tokens", join(folder, "agent-tokens.txt")]);
      expect(made.status).toBe(0);
      return /\n(idg_[A-Za-z0-9_-]{43})\n/.exec(made.stdout)?.[1] ?? "";
    });
    const token = tokens[0] ?? "";
    const child = spawn(
      process.execPath,
      [entryIn(server), "--upstream", service.url, "--port", "0", "--tokens", join(folder, "agent-tokens.txt")],
      { cwd: server, stdio: ["ignore", "pipe", "pipe"] },
    );
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    const { url, output } = await listening(child, "the installed gateway for MCP");
    try {
      expect(output()).toContain(`MCP for AI agents at ${url}/mcp`);
      const upstreamCount = () => service.requests.length;
      await checkToolList(url, token);
      await checkEveryTool(url, token, service);
      await checkHeldIsFree(url, token, upstreamCount);
      await checkConcurrentCalls(url, tokens, upstreamCount);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  },
  SLOW_MS,
);
