import { spawn, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";

/**
 * The gateway as an administrator installs it: `npm pack` of its workspace and of the package it shares with the
 * add-in (@index-data/wire), the two tarballs installed with runtime dependencies only in an empty folder outside
 * the repository, run with plain node (no tsx). Slow (two builds and an install from the registry): minutes on a
 * busy machine, so its timeouts only stop a hang.
 */
const ROOT = resolve(__dirname, "..", "..");
const SLOW_MS = 600_000;
/** Packages a server must never get from the gateway's install: the add-in's build, tests and UI. */
const DEV_ONLY =
  /^(webpack|webpack-.*|jest|jest-.*|@jest\/.*|playwright|playwright-core|react|react-dom|tsx|typescript|ts-jest)$/;

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
}

/** Every package name in an `npm ls --json --all` tree. */
function namesIn(tree: { dependencies?: Record<string, unknown> }): string[] {
  return Object.entries(tree.dependencies ?? {}).flatMap(([name, child]) => [
    name,
    ...namesIn(child as { dependencies?: Record<string, unknown> }),
  ]);
}

/** Starts the installed gateway with plain node and resolves with its URL and a stop function. */
function serveInstalled(cwd: string, args: readonly string[]): Promise<{ url: string; stop: () => Promise<void> }> {
  const entry = join(cwd, "node_modules", "index-data-gateway", "dist", "main.js");
  const child = spawn(process.execPath, [entry, ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  let started = false;
  return new Promise((done, fail) => {
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const url = started ? undefined : /listening on (\S+);/.exec(output)?.[1];
      if (url === undefined) return;
      started = true;
      child.off("exit", onExit);
      done({
        url,
        stop: () =>
          new Promise((stopped) => {
            child.once("exit", () => stopped());
            child.kill("SIGTERM");
          }),
      });
    });
    const onExit = (code: number | null) =>
      fail(new Error(`the installed gateway exited (${String(code)}):\n${output}`));
    child.once("exit", onExit);
  });
}

test(
  "the gateway's tarball installs with runtime dependencies only and serves with plain node",
  async () => {
    const packs = join(folder, "packs");
    mkdirSync(packs);
    const packed = JSON.parse(
      run(
        "npm",
        ["pack", "--workspace", "@index-data/wire", "--workspace", "gateway", "--pack-destination", packs, "--json"],
        ROOT,
      ).stdout,
    ) as PackResult[];
    const [wire, gatewayPack] = ["@index-data/wire", "index-data-gateway"].map((name) =>
      packed.find((p) => p.name === name),
    );
    expect(wire?.filename).toMatch(/^index-data-wire-\d+\.\d+\.\d+\.tgz$/);
    expect(gatewayPack?.filename).toMatch(/^index-data-gateway-\d+\.\d+\.\d+\.tgz$/);
    // The shared code ships once, in its own package: the gateway's tarball holds the gateway's JavaScript only.
    expect(gatewayPack?.files.map((file) => file.path)).toContain("dist/main.js");
    expect(gatewayPack?.files.filter((file) => !/^(dist\/[\w/-]+\.js|package\.json)$/.test(file.path))).toEqual([]);
    expect(gatewayPack?.files.filter((file) => /^dist\/(wire|time|diagnostics|src)\//.test(file.path))).toEqual([]);
    expect(wire?.files.map((file) => file.path)).toEqual(
      expect.arrayContaining(["dist/index.js", "dist/index.d.ts", "dist/time/index.js", "dist/contract/index.js"]),
    );

    const server = join(folder, "server");
    mkdirSync(server);
    writeFileSync(join(server, "package.json"), JSON.stringify({ name: "desk-server", private: true }));
    const tarballs = [wire, gatewayPack].map((pack) => join(packs, pack?.filename ?? ""));
    run("npm", ["install", "--omit=dev", "--no-audit", "--no-fund", ...tarballs], server);

    const listed = JSON.parse(run("npm", ["ls", "--omit=dev", "--all", "--json"], server).stdout) as {
      dependencies?: Record<string, unknown>;
    };
    const names = namesIn(listed);
    expect(names).toEqual(
      expect.arrayContaining([
        "index-data-gateway",
        "@index-data/wire",
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
