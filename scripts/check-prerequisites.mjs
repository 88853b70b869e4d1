// The first step of `npm test`: what the suites need from outside the repository, checked in a second instead of
// found missing after minutes of type checking, linting and building. Lists every missing piece and how to get it.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import tools from "./test-tools.cjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SHARED = resolve(ROOT, "..", "shared");
const SHARED_FILES = [
  "spec/index-data-service.md",
  "schemas/office-manifest/OfficeAppManifestV1_1.xsd",
  "schemas/unified-manifest/MicrosoftTeams.v1.25.schema.json",
];
const HINT = tools.INSTALL_HINT;

function onPath(command) {
  return !spawnSync(command, ["--version"], { stdio: "ignore" }).error;
}

function missing() {
  const problems = [];
  const absent = SHARED_FILES.filter((file) => !existsSync(join(SHARED, file)));
  if (absent.length === SHARED_FILES.length) {
    problems.push(
      `${SHARED} is missing: put the shared folder (the service spec and Microsoft's manifest schemas) beside the repository`,
    );
  } else {
    problems.push(...absent.map((file) => `${join(SHARED, file)} is missing from the shared folder`));
  }
  if (!onPath("xmllint")) problems.push(`xmllint is not installed (the XML manifest check): ${HINT}`);
  const chromium = tools.findChromium();
  if (chromium.problem) problems.push(`Chromium or Chrome (the browser tests): ${chromium.problem}. ${HINT}`);
  const redis = tools.findRedisServer();
  if (redis.problem) problems.push(`redis-server (the desk gateway's Redis tests): ${redis.problem}. ${HINT}`);
  if (!onPath("promtool"))
    problems.push(
      "promtool is not installed (the gateway's metrics test reads /metrics with it): apt-get install -y prometheus",
    );
  if (!onPath("systemd-analyze"))
    problems.push(
      "systemd-analyze is not installed (the gateway's systemd unit is rated with it; no running systemd needed): apt-get install -y systemd",
    );
  if (!onPath("strace"))
    problems.push(
      "strace is not installed (the installed gateway's system calls are checked against its unit's filter): apt-get install -y strace",
    );
  if (!existsSync(join(ROOT, "node_modules", ".bin", "jest")))
    problems.push("the dependencies are not installed: run npm ci");
  return problems;
}

const problems = missing();
if (problems.length > 0) {
  const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  console.error(
    `npm test cannot run yet (index-data-excel ${version}):\n${problems.map((p) => `  - ${p}`).join("\n")}`,
  );
  process.exit(1);
}
