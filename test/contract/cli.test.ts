import { execFile } from "node:child_process";
import { buildCli, removeBuiltCli } from "../cli/built-cli";
import { DEMO_KEYS, FLAGSHIP, useReferenceService } from "./reference";

// Compiling the CLI and starting Node per run: seconds each on a busy two-core machine (the slow project).

let BIN = "";
// The compiled CLI run with plain node, as an installed copy runs: no tsx.
beforeAll(async () => {
  BIN = await buildCli();
});
afterAll(() => removeBuiltCli(BIN));

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the real CLI in a child process (async, so this process's reference service keeps answering). */
function cli(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    const childEnv = { ...process.env, INDEX_API_BASE_URL: "", INDEX_API_KEY: "", ...env };
    execFile(process.execPath, [BIN, ...args], { env: childEnv, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}

describe("index-data CLI against the reference service", () => {
  const ref = useReferenceService("newer");
  const base = () => ["--base-url", ref.service.url];

  it("prints a latest fix as a readable table", async () => {
    const run = await cli(["latest", FLAGSHIP, ...base()]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^symbol\\s+${FLAGSHIP}$`, "m"));
    expect(run.stdout).toMatch(/^value\s+\d+\.\d+$/m);
    expect(run.stdout).toMatch(/^dataCoverage\.contributors\s+\d+$/m);
  });

  it("prints the same fix as JSON with --json, equal to what the client returns", async () => {
    const [run, fix] = await Promise.all([cli(["latest", FLAGSHIP, "--json", ...base()]), ref.client.latest(FLAGSHIP)]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(JSON.stringify(fix)));
  });

  it("prints the catalogue as a table and history with options, taking the base URL from the environment", async () => {
    const list = await cli(["list"], { INDEX_API_BASE_URL: ref.service.url });
    expect(list.code).toBe(0);
    expect(list.stdout.split("\n")[0]).toMatch(/^symbol\s+hub\s+grade\s+leadTime/);
    expect(list.stdout).toContain("RTM-USG.B-2x4");
    const history = await cli([
      "history",
      FLAGSHIP,
      "--start",
      "2024-01-01",
      "--end",
      "2024-01-31",
      "--json",
      ...base(),
    ]);
    const parsed = JSON.parse(history.stdout) as { values: { date: string }[] };
    expect(parsed.values[0]?.date.startsWith("2024-01")).toBe(true);
  });

  it("sends the key from the environment without ever printing it", async () => {
    const seen = ref.service.requests.length;
    const run = await cli(["vol", FLAGSHIP, "--window", "60", ...base()], { INDEX_API_KEY: DEMO_KEYS.revoked });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^index-data: the service says this API key has been revoked: ask for a new key/);
    expect(run.stdout + run.stderr).not.toContain(DEMO_KEYS.revoked);
    expect(ref.service.requests.length).toBe(seen + 1);
  });

  it("fails with the error's message and a non-zero code", async () => {
    const [unknown, usage, badCommand] = await Promise.all([
      cli(["latest", "RTM-NOPE-Z-9x9", ...base()]),
      cli(["latest", ...base()]),
      cli(["prices", ...base()]),
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe(
      "index-data: unknown index 'RTM-NOPE-Z-9x9': check the symbol (`index-data list` shows every index; symbols are case-sensitive)\n",
    );
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("needs a symbol");
    expect(badCommand.code).toBe(2);
    expect(badCommand.stderr).toContain('Unknown command "prices"');
  });

  it("takes positional dates and a relative start, and prints CSV", async () => {
    const run = await cli(["history", FLAGSHIP, "-1Y", "today", "--csv", ...base()]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout.split("\r\n")[0]).toBe(
      "date,value,confidence,status,derivationMethod,publicationMode,carriedForwardFrom",
    );
    expect(run.stdout.split("\r\n").length).toBeGreaterThan(200);
    const query = new URL(ref.service.requests.at(-1)?.path ?? "", "http://x").searchParams;
    expect(query.get("startDate")).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
  });

  it("shows help", async () => {
    const run = await cli(["--help"]);
    expect(run.code).toBe(0);
    for (const command of [
      "list",
      "latest",
      "history",
      "vol",
      "forward",
      "capacity",
      "health",
      "status",
      "benchmark-health",
      "methodology",
    ]) {
      expect(run.stdout).toMatch(new RegExp(`^  ${command}\\b`, "m"));
    }
  });

  it("exits 1 from health when the service is degraded", async () => {
    ref.service.faults.setHealth("degraded");
    const run = await cli(["health", ...base()]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^healthy\s+false$/m);
  });
});
