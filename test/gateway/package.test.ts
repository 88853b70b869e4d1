import { spawn, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { listening } from "./support/gateway-process";

/**
 * The gateway as an administrator installs it: `npm pack` of its workspace, one tarball that carries the package it
 * shares with the add-in (@index-data/wire, never published) inside it, installed with runtime dependencies only in an
 * empty folder outside the repository, with npm sent to a dead registry for @index-data/* (a registry that published
 * that name would otherwise be asked for it), run with plain node (no tsx). Slow (two builds and an install from the
 * registry or its cache): minutes on a busy machine, so its timeouts only stop a hang.
 */
const ROOT = resolve(__dirname, "..", "..");
const SLOW_MS = 600_000;
/** Packages a server must never get from the gateway's install: the add-in's build, tests and UI. */
const DEV_ONLY =
  /^(webpack|webpack-.*|jest|jest-.*|@jest\/.*|playwright|playwright-core|react|react-dom|tsx|typescript|ts-jest)$/;
/** npm flags: any request for an @index-data/* package goes to a port nothing listens on, and fails at once. */
const NO_REGISTRY_FOR_WIRE = ["--@index-data:registry=http://127.0.0.1:9", "--fetch-retries=0"];

let folder: string;
let service: RunningReferenceService;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "gateway-package-"));
  service = await startReferenceService();
});
afterAll(async () => {
  await service?.close();
  rmSync(folder, { recursive: true, force: true });
});

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

/** Every package name in an `npm ls --json --all` tree. */
function namesIn(tree: { dependencies?: Record<string, unknown> }): string[] {
  return Object.entries(tree.dependencies ?? {}).flatMap(([name, child]) => [
    name,
    ...namesIn(child as { dependencies?: Record<string, unknown> }),
  ]);
}

/** Starts the installed gateway with plain node and resolves with its URL and a stop function. */
async function serveInstalled(
  cwd: string,
  args: readonly string[],
): Promise<{ url: string; stop: () => Promise<void> }> {
  const entry = join(cwd, "node_modules", "index-data-gateway", "dist", "main.js");
  const child = spawn(process.execPath, [entry, ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });
  const { url } = await listening(child, "the installed gateway");
  return {
    url,
    stop: () =>
      new Promise((stopped) => {
        child.once("exit", () => stopped());
        child.kill("SIGTERM");
      }),
  };
}

test(
  "the gateway's tarball installs with runtime dependencies only and serves with plain node",
  async () => {
    const packs = join(folder, "packs");
    mkdirSync(packs);
    const packed = JSON.parse(
      run("npm", ["pack", "--workspace", "gateway", "--pack-destination", packs, "--json"], ROOT).stdout,
    ) as PackResult[];
    expect(packed.map((pack) => pack.filename)).toEqual([
      expect.stringMatching(/^index-data-gateway-\d+\.\d+\.\d+\.tgz$/),
    ]);
    const gatewayPack = packed[0] as PackResult;
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
    expect(paths).toContain("dist/main.js");
    const own = paths.filter((path) => !path.startsWith("node_modules/"));
    expect(own.filter((path) => !/^(dist\/[\w/-]+\.js|package\.json)$/.test(path))).toEqual([]);
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

    // The dead registry is asked whenever npm wants @index-data/wire from a registry: so an install that asks fails.
    const probe = join(folder, "probe");
    mkdirSync(probe);
    writeFileSync(join(probe, "package.json"), JSON.stringify({ name: "probe", private: true }));
    const asking = ["install", "--no-audit", "--no-fund", ...NO_REGISTRY_FOR_WIRE, "@index-data/wire"];
    const asked = spawnSync("npm", asking, { cwd: probe, encoding: "utf8", timeout: SLOW_MS });
    expect(asked.status).not.toBe(0);
    expect(`${asked.stdout}${asked.stderr}`).toContain("ECONNREFUSED");

    const server = join(folder, "server");
    mkdirSync(server);
    writeFileSync(join(server, "package.json"), JSON.stringify({ name: "desk-server", private: true }));
    const tarball = join(packs, gatewayPack.filename);
    run(
      "npm",
      ["install", "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline", ...NO_REGISTRY_FOR_WIRE, tarball],
      server,
    );
    expect(existsSync(join(server, "node_modules", "index-data-gateway", "node_modules", "@index-data", "wire"))).toBe(
      true,
    );

    const listed = JSON.parse(run("npm", ["ls", "--omit=dev", "--all", "--json"], server).stdout) as {
      dependencies?: Record<string, unknown>;
    };
    const names = namesIn(listed);
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

    const help = run("npx", ["--no-install", "index-data-gateway", "--help"], server);
    expect(help.stdout).toContain("index-data-gateway --upstream URL --port N --tokens FILE");

    const gateway = await serveInstalled(server, ["--upstream", service.url, "--port", "0", "--no-auth"]);
    try {
      const path = "/api/v1/index/RTM-NWE-A-1x3/latest";
      const [viaGateway, direct] = await Promise.all([fetch(`${gateway.url}${path}`), fetch(`${service.url}${path}`)]);
      expect(viaGateway.status).toBe(200);
      expect(viaGateway.headers.get("cache-status")).toContain("fwd=miss");
      expect(await viaGateway.json()).toEqual(await direct.json());
    } finally {
      await gateway.stop();
    }
  },
  SLOW_MS,
);
