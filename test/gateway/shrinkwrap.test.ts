import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The gateway's installed tree is pinned to the one the tests ran (issue 38, item 9): gateway/npm-shrinkwrap.json and
 * the server folder's package.json and lockfile (gateway/deploy/server/) are generated from package-lock.json by
 * gateway/shrinkwrap.mjs, and `npm pack` refuses to run while they are out of date (prepack runs its --check).
 * test/gateway/package.test.ts installs the tarball from them and compares the installed tree with the lockfile's.
 */
const ROOT = join(__dirname, "..", "..");
const GENERATOR = join(ROOT, "gateway", "shrinkwrap.mjs");
const LOCKFILE = join(ROOT, "package-lock.json");

function generator(args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [GENERATOR, ...args], { cwd: ROOT, encoding: "utf8", input });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** One entry of a lockfile's `packages`. */
interface Entry {
  readonly version?: string;
  readonly inBundle?: boolean;
  readonly integrity?: string;
  readonly dependencies?: Record<string, string>;
}

const packagesOf = (text: string) => (JSON.parse(text) as { packages: Record<string, Entry> }).packages;

test("the pinned files are what package-lock.json gives, and prepack checks them", () => {
  const check = generator(["--check"]);
  expect(check.stderr).toBe("");
  expect(check.status).toBe(0);
  expect(generator(["--stdin"], readFileSync(LOCKFILE, "utf8")).stdout).toBe(
    readFileSync(join(ROOT, "gateway", "npm-shrinkwrap.json"), "utf8"),
  );
  const manifest = JSON.parse(readFileSync(join(ROOT, "gateway", "package.json"), "utf8")) as {
    readonly scripts: Record<string, string>;
    readonly files: readonly string[];
  };
  expect(manifest.scripts["prepack"]).toMatch(/^node shrinkwrap\.mjs --check && /);
  expect(manifest.files).toContain("npm-shrinkwrap.json");
});

test("pins the tested versions: light-my-request as the root's override gave it, not the newest", () => {
  const lock = packagesOf(readFileSync(LOCKFILE, "utf8"));
  const pinned = packagesOf(readFileSync(join(ROOT, "gateway", "npm-shrinkwrap.json"), "utf8"));
  const server = packagesOf(readFileSync(join(ROOT, "gateway", "deploy", "server", "package-lock.json"), "utf8"));
  // The root's override (~6.6.0), which no tarball carries, is what the tests ran and what the pin holds.
  const root = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { overrides: Record<string, string> };
  const overridden = (root.overrides["light-my-request"] ?? "").replace(/^~/, "").split(".").slice(0, 2).join(".");
  const tested = lock["node_modules/fastify/node_modules/light-my-request"];
  expect(tested?.version?.startsWith(`${overridden}.`)).toBe(true);
  expect(pinned["node_modules/fastify/node_modules/light-my-request"]).toEqual(tested);
  // Every package the registry provides, at its tested version and integrity, in the folder it had in the tests.
  const fromRegistry = Object.entries(pinned).filter(([path, entry]) => path !== "" && entry.inBundle !== true);
  expect(fromRegistry.length).toBeGreaterThan(50);
  for (const [path, entry] of fromRegistry) {
    expect({ path, version: entry.version, integrity: entry.integrity }).toEqual({
      path,
      version: lock[path]?.version,
      integrity: lock[path]?.integrity,
    });
    expect(server[`node_modules/index-data-gateway/${path}`]).toEqual(entry);
  }
  // Nothing of the add-in's: no package that only the repository's development needs.
  expect(fromRegistry.filter(([path]) => lock[path]?.version === undefined)).toEqual([]);
  expect(Object.keys(pinned).filter((path) => /\/(jest|webpack|typescript|tsx|react)$/.test(path))).toEqual([]);
});

test("a lockfile that resolved afresh (light-my-request 6.8.1, cookie 2.0.2) gives another shrinkwrap", () => {
  const lock = JSON.parse(readFileSync(LOCKFILE, "utf8")) as { packages: Record<string, Entry> };
  const lightMyRequest = "node_modules/fastify/node_modules/light-my-request";
  const cookie = "node_modules/fastify/node_modules/cookie";
  lock.packages[lightMyRequest] = {
    ...lock.packages[lightMyRequest],
    version: "6.8.1",
    dependencies: { cookie: "^2.0.0" },
  };
  lock.packages[cookie] = { ...lock.packages[cookie], version: "2.0.2" };
  const generated = generator(["--stdin"], JSON.stringify(lock));
  expect(generated.status).toBe(0);
  const pinned = packagesOf(generated.stdout);
  expect([pinned[lightMyRequest]?.version, pinned[cookie]?.version]).toEqual(["6.8.1", "2.0.2"]);
  expect(generated.stdout).not.toBe(readFileSync(join(ROOT, "gateway", "npm-shrinkwrap.json"), "utf8"));
});

test("a lockfile that lacks a package the gateway needs is refused, naming it", () => {
  const lock = JSON.parse(readFileSync(LOCKFILE, "utf8")) as { packages: Record<string, Entry> };
  delete lock.packages["node_modules/ioredis"];
  const generated = generator(["--stdin"], JSON.stringify(lock));
  expect(generated.status).toBe(1);
  expect(generated.stderr).toContain("gateway needs ioredis, which package-lock.json does not have: run npm install");
});
