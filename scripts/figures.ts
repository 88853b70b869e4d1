/**
 * `npm run figures`: runs `npm test` as a fresh clone would (the test build made again, jest without its transform
 * cache), and when every test passed writes what it took (tests, time, commit, day, cores, load) to
 * docs/test-figures.json and the README's figures block. It writes nothing when a test failed. It runs the whole
 * suite, minutes long: run it when the figures should change (before a release), not in the suite.
 *
 *   npm run figures
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { FIGURES_FILE, medianLoad, refusal, testCounts, withFigures, type TestFigures } from "./figures/test-figures";

const ROOT = join(__dirname, "..");
/** Jest's own account of the run (`--json`), beside the other test artifacts. */
const JEST_JSON = join(ROOT, "test-artifacts", "figures", "jest.json");
/** How often the load average is sampled while the suite runs. */
const LOAD_EVERY_MS = 10_000;

function git(...args: string[]): string {
  const done = spawnSync("git", args, { cwd: ROOT, encoding: "utf8" });
  if (done.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${done.stderr.trim()}`);
  return done.stdout.trim();
}

/** Runs `npm test`, jest writing its account to JEST_JSON; resolves with its exit code and the load samples. */
function runSuite(): Promise<{ code: number; loads: number[] }> {
  rmSync(JEST_JSON, { force: true });
  mkdirSync(join(ROOT, "test-artifacts", "figures"), { recursive: true });
  // A fresh clone has neither: the fingerprint makes build:test skip a build of the same tree.
  rmSync(join(ROOT, "build", "test-dist.fingerprint"), { force: true });
  const loads = [loadavg()[0] ?? 0];
  const sampler = setInterval(() => loads.push(loadavg()[0] ?? 0), LOAD_EVERY_MS);
  // npm passes what follows `--` to the script's last command, jest.
  const child = spawn("npm", ["test", "--", "--no-cache", "--json", `--outputFile=${JEST_JSON}`], {
    cwd: ROOT,
    stdio: "inherit",
  });
  return new Promise((resolve, reject) => {
    child.on("error", (error) => (clearInterval(sampler), reject(error)));
    child.on("exit", (code) => (clearInterval(sampler), resolve({ code: code ?? 1, loads })));
  });
}

async function main(): Promise<void> {
  const commit = git("rev-parse", "--short", "HEAD");
  const uncommitted = git("status", "--porcelain", "--untracked-files=no") !== "";
  const started = Date.now();
  const { code, loads } = await runSuite();
  const seconds = Math.round((Date.now() - started) / 1000);
  let jestJson: unknown;
  try {
    jestJson = JSON.parse(readFileSync(JEST_JSON, "utf8"));
  } catch (error) {
    throw new Error(`npm test exited ${code} before jest wrote its account (${JEST_JSON}): nothing written.`, {
      cause: error,
    });
  }
  const figures: TestFigures = {
    measuredBy: "npm run figures",
    commit,
    uncommitted,
    date: new Date().toISOString().slice(0, 10),
    cpus: cpus().length,
    load: medianLoad(loads),
    tests: testCounts(jestJson),
    seconds,
  };
  const refused = refusal(figures) ?? (code === 0 ? undefined : `npm test exited ${code}: nothing written.`);
  if (refused !== undefined) throw new Error(refused);
  writeFileSync(join(ROOT, FIGURES_FILE), `${JSON.stringify(figures, null, 2)}\n`);
  const readme = join(ROOT, "README.md");
  writeFileSync(readme, withFigures(readFileSync(readme, "utf8"), figures));
  console.log(`figures written to ${FIGURES_FILE} and README.md: ${JSON.stringify(figures)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
