import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { promisify } from "node:util";
import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { IndexDataClient } from "../../src/client/client";
import { FLAGSHIP } from "../contract/reference";

const run = promisify(execFile);
const ROOT = join(__dirname, "..", "..");
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
// npm pack compiles the CLI and npm install unpacks the dependencies: minutes on a loaded two-core machine.
const SLOW = 900_000;
jest.setTimeout(SLOW);

interface PackResult {
  readonly filename: string;
  readonly files: readonly { path: string }[];
  readonly bundled: readonly string[];
}

/**
 * Installs from the npm cache (the registry may be out of reach from a test); returns what npm printed. Any request
 * for an @index-data/* package goes to a port nothing listens on: @index-data/wire must come from the tarball.
 */
async function installOffline(dir: string, ...tarballs: string[]): Promise<string> {
  const flags = ["--no-audit", "--no-fund", "--@index-data:registry=http://127.0.0.1:9", "--fetch-retries=0"];
  try {
    const { stdout, stderr } = await run(NPM, ["install", "--offline", ...flags, ...tarballs], {
      cwd: dir,
      timeout: SLOW,
    });
    return `${stdout}${stderr}`;
  } catch {
    // --offline needs each package's metadata cached too; --prefer-offline fetches only what is missing.
    const { stdout, stderr } = await run(NPM, ["install", "--prefer-offline", ...flags, ...tarballs], {
      cwd: dir,
      timeout: SLOW,
    });
    return `${stdout}${stderr}`;
  }
}

describe("the packed CLI, installed into an empty folder", () => {
  const work = mkdtempSync(join(tmpdir(), "index-data-pack-"));
  const install = join(work, "consumer");
  let service: RunningReferenceService;
  let pack: PackResult;
  let packOutput: string;
  let installOutput: string;

  beforeAll(async () => {
    // A fixed clock: the latest fix cannot move between the CLI's request and the client's.
    service = await startReferenceService({ flavor: "newer", now: () => new Date("2026-03-18T12:00:00.000Z") });
    const { stdout, stderr } = await run(NPM, ["pack", "--json", "--pack-destination", work], {
      cwd: ROOT,
      timeout: SLOW,
    });
    pack = (JSON.parse(stdout) as PackResult[])[0] as PackResult;
    packOutput = stderr;
    mkdirSync(install);
    writeFileSync(join(install, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true }));
    // The CLI's tarball alone: it carries the package it shares with the add-in, @index-data/wire (never published).
    installOutput = await installOffline(install, join(work, pack.filename));
  }, SLOW);

  afterAll(async () => {
    await service?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("ships the bin script and the compiled CLI, not the sources, tests or reference service", () => {
    const paths = pack.files.map((file) => file.path);
    const own = paths.filter((path) => !path.startsWith("node_modules/"));
    expect(paths).toContain("bin/index-data.js");
    expect(paths).toContain("build/cli/cli/main.js");
    expect(own.filter((path) => !/^(bin\/|build\/cli\/|package\.json$|README\.md$|LICENSE)/.test(path))).toEqual([]);
    expect(own.some((path) => path.endsWith(".ts"))).toBe(false);
  });

  it("carries @index-data/wire's build inside it, so that no registry is asked for that name", () => {
    expect(pack.bundled).toContain("@index-data/wire");
    const wire = pack.files
      .map((file) => file.path)
      .filter((path) => path.startsWith("node_modules/@index-data/wire/"));
    expect(wire).toEqual(
      expect.arrayContaining(
        ["package.json", "dist/index.js", "dist/time/index.js"].map((file) => `node_modules/@index-data/wire/${file}`),
      ),
    );
    expect(
      wire.filter((path) => !/^node_modules\/@index-data\/wire\/(package\.json|dist\/.+\.(js|d\.ts))$/.test(path)),
    ).toEqual([]);
    expect(existsSync(join(install, "node_modules", "index-data-excel", "node_modules", "@index-data", "wire"))).toBe(
      true,
    );
  });

  it("compiles the CLI once when packing, and installs without an install script to approve", () => {
    expect(packOutput.match(/> index-data-excel@[^ ]+ build:cli/g)).toHaveLength(1);
    const scripts = (
      JSON.parse(readFileSync(join(install, "node_modules", "index-data-excel", "package.json"), "utf8")) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(Object.keys(scripts).filter((name) => /^(pre|post)?(install|prepare)$/.test(name))).toEqual([]);
    expect(installOutput).not.toMatch(/install-scripts|prepare/);
  });

  it("runs `index-data latest` with plain node, zod from its own dependencies, no tsx", async () => {
    // zod travels in the tarball with @index-data/wire, which needs it (npm installs no dependency of a bundled package).
    expect(existsSync(join(install, "node_modules", "index-data-excel", "node_modules", "zod"))).toBe(true);
    expect(existsSync(join(install, "node_modules", "tsx"))).toBe(false);
    const bin = join(install, "node_modules", ".bin", "index-data");
    const seen = service.requests.length;
    const { stdout } = await run(bin, ["latest", FLAGSHIP, "--json", "--base-url", service.url], {
      cwd: install,
      timeout: 120_000,
      env: { PATH: `${dirname(process.execPath)}${delimiter}${process.env["PATH"] ?? ""}` },
    });
    expect(service.requests.slice(seen).map((r) => [r.path, r.status])).toEqual([
      [`/api/v1/index/${FLAGSHIP}/latest`, 200],
    ]);
    const fix = await new IndexDataClient({ baseUrl: service.url }).latest(FLAGSHIP);
    expect((JSON.parse(stdout) as { value: number }).value).toBe(fix.value);
  });
});
