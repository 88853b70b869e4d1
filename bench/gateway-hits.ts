// The gateway's hit path, side by side: one gateway replica with its memory store, one with --redis, and NGINX
// proxy_cache, each in front of the same upstream and answering the same cached resource under autocannon, at 10 and
// at 100 connections, in alternating rounds; beside them the baseline of any Node server (bench/hit-baseline-server.ts: bare
// node:http, the same bytes and headers, nothing else). Run alone with `npx tsx bench/gateway-hits.ts`; `npm run bench` too.
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { DEMO_KEYS } from "../reference-service/src";
import { makeDesk } from "../test/gateway/support/desk";
import { startRedis, type TestRedis } from "../test/gateway/support/redis-server";
import { startNginxCache } from "./nginx-cache";
import { startRemoteService } from "./remote-service";
import { runAlone } from "./report";

/** Past history: kept for good by the gateway, and for an hour by nginx, so every request of a run is a hit. */
const PATH = "/api/v1/index/RTM-NWE-A-1x3/history?endDate=2025-01-10&startDate=2025-01-06";
const CONNECTIONS = [10, 100] as const;
const ROUNDS = 5;
const RUN_SECONDS = 3;
/** The goal: the gateway's hits at least this share of nginx's, and --redis at least this share of memory's. */
export const HIT_RATIO_GOAL = 0.9;
const ROOT = resolve(__dirname, "..");
const TICKS_PER_SECOND = 100;

type TargetName = "nginx" | "node" | "memory" | "redis";

interface Target {
  readonly name: TargetName;
  readonly url: string;
  readonly pid: number;
  readonly headers: Record<string, string>;
  close(): Promise<void>;
}

interface Run {
  readonly perSecond: number;
  /** CPU time of the server process per 1,000 answers (user + system), ms. */
  readonly cpuMsPer1000: number;
  readonly non2xx: number;
}

export interface HitPathResult {
  readonly bodyBytes: number;
  /** Per connection count, per target: each round's run. */
  readonly runs: Record<number, Record<TargetName, Run[]>>;
  /** Per connection count: medians of the paired per-round ratios. */
  readonly ratios: Record<
    number,
    { readonly redisOverMemory: number; readonly gatewayOverNginx: number; readonly nodeOverNginx: number }
  >;
}

/** A Node process of ours serving on a free port, its output going to a file (as a log under systemd). */
async function startProcess(name: TargetName, args: readonly string[], env: Record<string, string>, folder: string) {
  const log = join(folder, `${name}.log`);
  const fd = openSync(log, "w");
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", fd, fd],
  });
  closeSync(fd);
  const url = await listeningUrl(child, log);
  const close = async () => {
    const gone = new Promise<void>((done) => child.once("exit", () => done()));
    child.kill("SIGTERM");
    await gone;
  };
  return { url, pid: child.pid ?? 0, close };
}

/** A gateway replica as a desk runs it (its command line, tokens and logs on). */
async function startGateway(upstream: string, redis: TestRedis | undefined, folder: string): Promise<Target> {
  const desk = makeDesk(["trader"]);
  writeFileSync(join(folder, "tokens.txt"), desk.file);
  const name = redis ? "redis" : "memory";
  const args = [
    "gateway/src/cli/main.ts",
    "--upstream",
    upstream,
    "--port",
    "0",
    "--tokens",
    join(folder, "tokens.txt"),
  ];
  const started = await startProcess(
    name,
    [...args, ...(redis ? ["--redis", redis.url] : [])],
    {
      INDEX_GATEWAY_UPSTREAM_KEY: DEMO_KEYS.enterprise,
    },
    folder,
  );
  return { name, ...started, headers: { "x-api-key": desk.tokens["trader"] ?? "" } };
}

async function listeningUrl(child: ChildProcess, log: string): Promise<string> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const url = /listening on (\S+);/.exec(readFileSync(log, "utf8"))?.[1];
    if (url !== undefined) return url;
    if (child.exitCode !== null) throw new Error(`${log}: exited:\n${readFileSync(log, "utf8")}`);
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`${log}: did not start:\n${readFileSync(log, "utf8")}`);
}

/** User plus system CPU time of a process so far, ms (from /proc). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

async function load(target: Target, connections: number, seconds: number): Promise<Run> {
  const before = cpuMs(target.pid);
  const result = await autocannon({
    url: `${target.url}${PATH}`,
    connections,
    duration: seconds,
    headers: target.headers,
  });
  const answers = result.requests.total;
  return {
    perSecond: Math.round(answers / result.duration),
    cpuMsPer1000: Math.round(((cpuMs(target.pid) - before) * 1000 * 10) / Math.max(1, answers)) / 10,
    non2xx: result.non2xx + result.errors,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Medians of the ratios of each round's paired runs. */
function ratiosOf(runs: Record<TargetName, Run[]>) {
  const paired = (a: TargetName, b: TargetName) =>
    Math.round(median(runs[a].map((run, i) => run.perSecond / (runs[b][i]?.perSecond ?? Infinity))) * 100) / 100;
  return {
    redisOverMemory: paired("redis", "memory"),
    gatewayOverNginx: paired("memory", "nginx"),
    nodeOverNginx: paired("node", "nginx"),
  };
}

async function measure(targets: readonly Target[]): Promise<Record<number, Record<TargetName, Run[]>>> {
  const runs: Record<number, Record<TargetName, Run[]>> = {};
  for (const connections of CONNECTIONS) runs[connections] = { nginx: [], node: [], memory: [], redis: [] };
  for (let round = 0; round < ROUNDS; round += 1)
    for (const connections of CONNECTIONS)
      // Alternating, and in a different order each round, so no target always runs first on a warm machine.
      for (const target of round % 2 === 0 ? targets : [...targets].reverse())
        runs[connections]?.[target.name].push(await load(target, connections, RUN_SECONDS));
  return runs;
}

export async function hitPathScenario(): Promise<HitPathResult> {
  const service = await startRemoteService({ windowMs: 60_000, latencyMs: 0 });
  const redis = await startRedis();
  const folder = mkdtempSync(join(tmpdir(), "bench-hits-"));
  const targets: Target[] = [];
  try {
    const nginx = await startNginxCache(service.url, DEMO_KEYS.enterprise);
    targets.push({ name: "nginx", url: nginx.url, pid: nginx.pid, headers: {}, close: () => nginx.close() });
    const first = await fetch(`${nginx.url}${PATH}`);
    const body = await first.text();
    if (first.status !== 200) throw new Error(`nginx: HTTP ${first.status} for ${PATH}`);
    writeFileSync(join(folder, "body.json"), body);
    const baseline = await startProcess(
      "node",
      ["bench/hit-baseline-server.ts", join(folder, "body.json")],
      {},
      folder,
    );
    // In this order (and its reverse every other round), each ratio's two runs are next to each other in time.
    targets.unshift({ name: "node", ...baseline, headers: {} });
    targets.push(await startGateway(service.url, undefined, folder), await startGateway(service.url, redis, folder));
    for (const target of targets) {
      const answer = await fetch(`${target.url}${PATH}`, { headers: target.headers });
      if (answer.status !== 200) throw new Error(`${target.name}: HTTP ${answer.status} for ${PATH}`);
      if ((await answer.text()) !== body) throw new Error(`${target.name}: not the same bytes as nginx`);
      await load(target, 10, 1); // warm-up: JIT and connections, not counted
    }
    const runs = await measure(targets);
    const ratios: HitPathResult["ratios"] = {};
    for (const connections of CONNECTIONS)
      ratios[connections] = ratiosOf(runs[connections] as Record<TargetName, Run[]>);
    return { bodyBytes: Buffer.byteLength(body), runs, ratios };
  } finally {
    await Promise.all(targets.map((t) => t.close()));
    await Promise.all([redis.kill(), service.close()]);
    rmSync(folder, { recursive: true, force: true });
  }
}

export function hitPathLines(result: HitPathResult): string[] {
  const lines = [
    `Hit path (npx tsx bench/gateway-hits.ts): one cached answer of ${result.bodyBytes} bytes, autocannon ${RUN_SECONDS} s a run, ${ROUNDS} rounds alternating nginx proxy_cache (1 worker) / node:http baseline (same bytes and headers, nothing else) / gateway, memory store / gateway --redis (1 replica each, tokens and logs on); req/s per round, server CPU per 1,000 answers:`,
  ];
  for (const connections of CONNECTIONS) {
    const runs = result.runs[connections];
    const ratio = result.ratios[connections];
    if (runs === undefined || ratio === undefined) continue;
    const show = (name: TargetName) =>
      `${name} ${runs[name].map((r) => r.perSecond).join("/")} req/s (CPU ${median(runs[name].map((r) => r.cpuMsPer1000))} ms per 1,000)`;
    lines.push(
      `  ${connections} connections: ${show("nginx")}; ${show("node")}; ${show("memory")}; ${show("redis")}`,
      `    ratios (median of paired rounds): redis/memory ${ratio.redisOverMemory}, gateway/nginx ${ratio.gatewayOverNginx} (goal ≥ ${HIT_RATIO_GOAL} each); the node:http baseline/nginx ${ratio.nodeOverNginx}`,
    );
  }
  return lines;
}

export function hitPathTargetsMissed(result: HitPathResult): string[] {
  const missed: string[] = [];
  for (const [connections, ratio] of Object.entries(result.ratios)) {
    if (ratio.redisOverMemory < HIT_RATIO_GOAL)
      missed.push(`hits at ${connections}: redis/memory ${ratio.redisOverMemory}`);
    if (ratio.gatewayOverNginx < HIT_RATIO_GOAL)
      missed.push(`hits at ${connections}: gateway/nginx ${ratio.gatewayOverNginx}`);
  }
  for (const byTarget of Object.values(result.runs))
    for (const [name, runs] of Object.entries(byTarget))
      if (runs.some((r) => r.non2xx > 0)) missed.push(`hits: ${name} answered something other than 200`);
  return missed;
}

runAlone(module, hitPathScenario, hitPathLines, hitPathTargetsMissed);
