import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { MethodologyWire } from "@index-data/wire/resources/methodology";

const ROOT = path.resolve(__dirname, "../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
const MAIN = path.join(ROOT, "reference-service/src/main.ts");

interface Exit {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(args: readonly string[]): { child: ChildProcess; exit: Promise<Exit>; firstLine: Promise<string> } {
  const child = spawn(TSX, [MAIN, ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes("\n")) resolve(stdout.split("\n")[0] ?? "");
    });
    child.on("exit", () => reject(new Error(`exited before printing a line: ${stderr}`)));
  });
  firstLine.catch(() => undefined);
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exit = new Promise<Exit>((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
  return { child, exit, firstLine };
}

describe("the command line", () => {
  test("serves the chosen flavor, prints one line with URL and flavor, stops on SIGTERM", async () => {
    const { child, exit, firstLine } = run(["--flavor", "older", "--port", "0"]);
    try {
      const line = await firstLine;
      expect(line).toMatch(/older/);
      const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      if (url === undefined) throw new Error(`No URL in "${line}"`);
      const methodology = await fetch(`${url}/api/v1/methodology`);
      expect(methodology.status).toBe(200);
      expect(MethodologyWire.safeParse(await methodology.json()).success).toBe(true);
      expect((await fetch(`${url}/api/status`)).status).toBe(404);
    } finally {
      child.kill("SIGTERM");
    }
    expect((await exit).code).toBe(0);
  });

  test("--rate-headers none --rate-window minute: a service that says nothing of its limit", async () => {
    const { child, exit, firstLine } = run(["--port", "0", "--rate-headers", "none", "--rate-window", "minute"]);
    try {
      const line = await firstLine;
      expect(line).toContain("rate-limit headers: none, window: minute");
      const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      if (url === undefined) throw new Error(`No URL in "${line}"`);
      const answer = await fetch(`${url}/api/v1/indexes`);
      expect(answer.status).toBe(200);
      expect([...answer.headers.keys()].filter((name) => name.includes("ratelimit"))).toEqual([]);
    } finally {
      child.kill("SIGTERM");
    }
    expect((await exit).code).toBe(0);
  });

  test("--rate-window minute --rate-window-phase --rate-count answered --answer-jitter --jitter-seed: how it counts, said", async () => {
    const args = ["--rate-window", "minute", "--rate-window-phase", "1500", "--rate-count", "answered"];
    const { child, exit, firstLine } = run(["--port", "0", ...args, "--answer-jitter", "20", "--jitter-seed", "7"]);
    try {
      const line = await firstLine;
      expect(line).toContain(
        "window: minute turning at 1500 ms past, counted on answered; answers held 1-20 ms (seed 7)",
      );
      const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      if (url === undefined) throw new Error(`No URL in "${line}"`);
      const answer = await fetch(`${url}/api/v1/indexes`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("x-ratelimit-remaining")).toBe("59");
    } finally {
      child.kill("SIGTERM");
    }
    expect((await exit).code).toBe(0);
  });

  test("--latest-age SYMBOL=DAYS: that index's latest fix is that many days older than the others'", async () => {
    const { child, exit, firstLine } = run(["--port", "0", "--latest-age", "RTM-NWE-A-1x3=16"]);
    try {
      const line = await firstLine;
      expect(line).toContain("latest fixes RTM-NWE-A-1x3 16 days old");
      const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      if (url === undefined) throw new Error(`No URL in "${line}"`);
      // One answer, read at one moment: the two dates are 16 days apart whatever today is.
      const { indexes } = (await (await fetch(`${url}/api/v1/indexes`)).json()) as {
        indexes: { symbol: string; latestAsOf: string }[];
      };
      const asOf = (symbol: string) => Date.parse(indexes.find((entry) => entry.symbol === symbol)?.latestAsOf ?? "");
      expect((asOf("RTM-NWE-B-1x3") - asOf("RTM-NWE-A-1x3")) / 86_400_000).toBe(16);
    } finally {
      child.kill("SIGTERM");
    }
    expect((await exit).code).toBe(0);
  });

  test.each([
    [["--test-faults"], /Unknown option/],
    [["--flavor", "newest"], /--flavor must be "newer" or "older"/],
    [["--port", "http"], /--port must be a number/],
    [["--rate-headers", "some"], /--rate-headers must be one of full, partial, ietf, none, got "some"/],
    [["--rate-window", "hourly"], /--rate-window must be one of first-request, minute, sliding, got "hourly"/],
    [["--rate-count", "later"], /--rate-count must be one of arrival, answered, got "later"/],
    [["--rate-window-phase", "500"], /--rate-window-phase shifts the grid of --rate-window minute/],
    [["--answer-jitter", "soon"], /--answer-jitter must be a whole number, 0 or more, got "soon"/],
    [["--jitter-seed", "4"], /--jitter-seed seeds --answer-jitter: give --answer-jitter MS as well/],
    [["--latest-age", "RTM-NOPE-1x3=3"], /latest age: no index "RTM-NOPE-1x3" in the dataset/],
    [["--latest-age=two"], /--latest-age two: give DAYS, or SYMBOL=DAYS, in whole days/],
    [["--latest-age", "4000"], /latest age of every index: give whole days from 0 to 3650, got 4000/],
    [["--latest-age", "3", "--latest-age", "4"], /--latest-age 3: give DAYS once, or SYMBOL=DAYS for each index/],
  ])("refuses %j with exit code 2 and the usage", async (args, message) => {
    const { exit } = run(args);
    const result = await exit;
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain("Usage:");
  });
});
