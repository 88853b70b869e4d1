import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { securityReview } from "./support/systemd-unit";

/**
 * The deployment files, checked without a Docker daemon or a running systemd (issue 38, item 9): the systemd unit's
 * exposure as `systemd-analyze security --offline` rates it, and the Dockerfile's steps against the repository.
 * test/gateway/package.test.ts runs the installed gateway under strace against the unit's system call filter.
 */
const ROOT = join(__dirname, "..", "..");
const DEPLOY = join(ROOT, "gateway", "deploy");

describe("the systemd unit", () => {
  const unit = join(DEPLOY, "index-data-gateway.service");

  it("scores 3.0 or less (OK) in systemd-analyze security --offline, with each setting issue 38 found missing", () => {
    const review = securityReview(unit);
    expect(review.exposure).toBeLessThanOrEqual(3.0);
    expect(review.rating).toBe("OK");
    const named = [
      "SystemCallFilter",
      "SystemCallArchitectures",
      "CapabilityBoundingSet",
      "RestrictSUIDSGID",
      "ProtectClock",
      "ProtectKernelLogs",
      "ProtectHostname",
      "ProtectProc",
      "RestrictRealtime",
    ];
    expect(review.exposed.filter((setting) => named.some((name) => setting.startsWith(`${name}=`)))).toEqual([]);
    // V8 writes the machine code it compiles and then runs it: a unit that denied that would not start Node.
    expect(review.exposed).toContain("MemoryDenyWriteExecute=");
  });
});

/** The Dockerfile's instructions, continuation lines joined, by stage. */
function stagesOf(text: string): string[][] {
  const instructions = text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  const stages: string[][] = [];
  for (const line of instructions) {
    if (line.startsWith("FROM ")) stages.push([]);
    stages.at(-1)?.push(line);
  }
  return stages;
}

/** The repository paths a stage's COPY instructions take from the build context (not from another stage). */
function copiedFromContext(stage: readonly string[]): string[] {
  return stage
    .filter((line) => line.startsWith("COPY ") && !line.includes("--from="))
    .flatMap((line) => line.split(/\s+/).slice(1, -1));
}

describe("the Dockerfile", () => {
  const stages = stagesOf(readFileSync(join(DEPLOY, "Dockerfile"), "utf8"));
  const [build, runtime] = stages;

  it("copies only files the repository has", () => {
    expect(stages).toHaveLength(2);
    const copied = stages.flatMap(copiedFromContext);
    expect(copied.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it("installs the tarball with npm ci from the server folder's lockfile: exactly the pinned tree", () => {
    expect(copiedFromContext(runtime ?? [])).toEqual([
      "gateway/deploy/server/package.json",
      "gateway/deploy/server/package-lock.json",
    ]);
    const runs = (runtime ?? []).filter((line) => line.startsWith("RUN "));
    expect(runs.some((line) => /\bnpm ci --omit=dev\b/.test(line))).toBe(true);
    expect(runs.filter((line) => /\bnpm (install|i|update)\b/.test(line))).toEqual([]);
  });

  it("gives npm pack's prepack what it checks: the build stage's files alone pass the shrinkwrap check", () => {
    const context = mkdtempSync(join(tmpdir(), "gateway-docker-build-"));
    try {
      for (const path of copiedFromContext(build ?? []))
        cpSync(join(ROOT, path), join(context, path), { recursive: true });
      const check = spawnSync(process.execPath, ["gateway/shrinkwrap.mjs", "--check"], {
        cwd: context,
        encoding: "utf8",
      });
      expect({ status: check.status, stderr: check.stderr }).toEqual({ status: 0, stderr: "" });
    } finally {
      rmSync(context, { recursive: true, force: true });
    }
  });
});
