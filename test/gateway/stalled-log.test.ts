import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { useTempFolder } from "../support/temp-folder";
import { makeDesk } from "./support/desk";
import { parsePrometheusText, sampleValue } from "./support/prometheus-text";

/**
 * A gateway run as a desk runs it, its stdout a pipe nobody reads (a log shipper that hung): 12,000 unauthenticated
 * requests with 15 KB URLs, each of which writes a request line and an audit line. The process's memory stays
 * within 50 MB of what it was before them, the lines that cannot go out are dropped and counted in /metrics, and
 * SIGTERM still ends it within 5 s. This waits for another process, so the exit's bound is real time.
 */
const ROOT = resolve(__dirname, "..", "..");
const REQUESTS = 12_000;
const AT_ONCE = 40;
const MB = 1024 * 1024;
const LONG_PATH = `/api/v1/${"x".repeat(15 * 1024)}?apikey=not-a-real-key`;

let service: RunningReferenceService;
let child: ChildProcess | undefined;
beforeAll(async () => {
  service = await startReferenceService();
});
afterAll(async () => {
  child?.kill("SIGKILL");
  await service.close();
});
/** The tokens file of the gateway the test starts; removed once it is gone. */
const folder = useTempFolder("gateway-stalled-");

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const address = server.address();
  await new Promise((closed) => server.close(closed));
  return typeof address === "object" && address !== null ? address.port : 0;
}

/** The process's resident memory, in bytes, as the kernel counts it. */
function rss(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) * 1024;
}

async function askMany(url: string, count: number, onBatch: () => void): Promise<number[]> {
  const statuses: number[] = [];
  for (let sent = 0; sent < count; sent += AT_ONCE) {
    const batch = Array.from({ length: Math.min(AT_ONCE, count - sent) }, () => fetch(`${url}${LONG_PATH}`));
    for (const answer of await Promise.all(batch)) {
      statuses.push(answer.status);
      await answer.arrayBuffer();
    }
    onBatch();
  }
  return statuses;
}

function exited(process: ChildProcess, boundMs: number): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  return new Promise((done) => {
    const bound = setTimeout(() => done({ code: null, ms: Date.now() - started }), boundMs);
    process.once("exit", (code) => {
      clearTimeout(bound);
      done({ code, ms: Date.now() - started });
    });
  });
}

test("with stdout stalled, 12,000 requests with 15 KB URLs keep memory bounded, drop lines with a count, and SIGTERM ends it within 5 s", async () => {
  const tokens = join(folder(), "tokens.txt");
  writeFileSync(tokens, makeDesk(["alice"]).file);
  const port = await freePort();
  const started = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "gateway/src/cli/main.ts",
      "--upstream",
      service.url,
      "--port",
      String(port),
      "--tokens",
      tokens,
    ],
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
  );
  child = started;
  // Nobody reads its stdout: the pipe fills and stays full.
  started.stdout?.pause();
  let errors = "";
  started.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    const up = await fetch(`${url}/gateway/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (attempt > 600 || started.exitCode !== null) throw new Error(`the gateway did not start:\n${errors}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
  const pid = started.pid ?? 0;
  // Warm up (the code compiled, the pipe full), then measure from there.
  await askMany(url, 1000, () => undefined);
  const before = rss(pid);
  let most = before;
  const statuses = await askMany(url, REQUESTS, () => (most = Math.max(most, rss(pid))));
  // The fault happened: every request was refused (401) and written to a log that nobody read.
  expect(new Set(statuses)).toEqual(new Set([401]));
  const metrics = parsePrometheusText(await (await fetch(`${url}/metrics`)).text());
  expect(sampleValue(metrics, "index_gateway_log_lines_dropped_total", {})).toBeGreaterThan(REQUESTS);
  expect((most - before) / MB).toBeLessThan(50);

  started.kill("SIGTERM");
  const end = await exited(started, 10_000);
  expect(end.ms).toBeLessThan(5000);
  expect(end.code).toBe(0);
});
