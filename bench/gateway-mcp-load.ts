// The heaviest /mcp calls against one gateway replica (its build, by plain node in a process of its own, as a desk
// runs the installed package; built first with `npm run build:gateway`), with the sizes that once held a gateway for a
// minute: get_period_stats over a history of 20,000 weekly points, and a batch of 31 reads of a catalogue of 15,000
// entries (18 MB), from an upstream of this process that answers at once. Timed from this process: the call as an
// agent sees it (the official client), and meanwhile another trader's plain GET …/latest of a held fix, every 5 ms,
// beside the same request with nothing else running. Run alone with `npx tsx bench/gateway-mcp-load.ts`.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MCP_ANSWER_BYTES } from "../gateway/src/mcp/answer-room";
import { makeDesk } from "../test/gateway/support/desk";
import { spawnGateway } from "../test/gateway/support/gateway-process";
import { startHostileUpstream } from "../test/gateway/support/hostile-upstream";
import { longCatalogue, longHistory } from "../test/gateway/support/long-answers";
import { callTool, mcpClient } from "../test/gateway/support/mcp-client";
import { runAlone } from "./report";
import { median } from "./round-trips";

const POINTS = 20_000;
const ENTRIES = 15_000;
const BATCH = 31;
const RUNS = 7;
const LATEST = "/api/v1/index/RTM-NWE-A-1x3/latest";
const FIX = JSON.stringify({
  symbol: "RTM-NWE-A-1x3",
  value: 1.8558,
  currency: "USD",
  unit: "USD/kg",
  asOf: "2026-12-04T00:00:00.000Z",
  confidence: 66,
  status: "FIRM",
  methodologyVersion: "2.3.1",
  dataCoverage: {
    contributors: 12,
    executedTrades: 17,
    firmQuotes: 18,
    indicatives: 3,
    totalMassKg: 2_600_000,
    topContributorShare: 0.14,
  },
});
/** Targets: the call, the other trader's request meanwhile, the replica's memory. */
const CALL_TARGET_MS = 200;
const LATEST_TARGET_MS = 100;
const RSS_TARGET_MB = 300;

export interface McpLoadResult {
  /** get_period_stats (weekly, 20,000 points): the first call (the upstream's answer fetched and checked), then hits. */
  readonly firstCallMs: number;
  readonly callsMs: readonly number[];
  /** Another trader's GET …/latest: alone, and while the calls ran (every 5 ms). */
  readonly latestAloneMs: readonly number[];
  readonly latestDuringMs: readonly number[];
  /** The batch of 31 catalogue reads: its answer's bytes, its errors, the replica's peak memory (VmHWM) in MB. */
  readonly batchBytes: number;
  readonly batchErrors: number;
  readonly rssBeforeMb: number;
  readonly peakRssMb: number;
}

/** Peak and current resident memory of a process, in MB, from /proc. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? "0");
  return { rss: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
}

const worst = (values: readonly number[]) => Math.max(...values);

/** GETs the held fix every 5 ms while `busy` is not settled (at least once); each latency. */
async function latestWhile(url: string, token: string, busy: Promise<unknown>): Promise<number[]> {
  let done = false;
  void busy.finally(() => (done = true));
  const times: number[] = [];
  do {
    const started = performance.now();
    const response = await fetch(`${url}${LATEST}`, { headers: { "x-api-key": token } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${LATEST}: ${response.status}`);
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  } while (!done);
  return times;
}

export async function mcpLoadScenario(): Promise<McpLoadResult> {
  const catalogue = longCatalogue(ENTRIES);
  const history = longHistory("LONG-0", POINTS);
  const upstream = await startHostileUpstream((path) => {
    if (path === "/api/v1/indexes") return { status: 200, body: catalogue };
    if (path.startsWith("/api/v1/index/LONG-0/history")) return { status: 200, body: history };
    if (path === LATEST) return { status: 200, body: FIX };
    return { status: 404, body: '{"statusCode":404,"error":"Not Found","code":"NOT_FOUND","message":"No."}' };
  });
  const desk = makeDesk(["agent", "trader"]);
  const folder = mkdtempSync(join(tmpdir(), "bench-mcp-load-"));
  writeFileSync(join(folder, "tokens.txt"), desk.file);
  execFileSync("npm", ["run", "-s", "build:gateway"], { cwd: join(__dirname, ".."), stdio: "ignore" });
  const gateway = await spawnGateway(
    ["--upstream", upstream.url, "--port", "0", "--tokens", join(folder, "tokens.txt")],
    {},
    { built: true },
  );
  const agent = desk.tokens["agent"] ?? "";
  const trader = desk.tokens["trader"] ?? "";
  try {
    const client = await mcpClient(gateway.url, agent);
    const periodStats = async () => {
      const started = performance.now();
      const result = await callTool(client, "get_period_stats", { symbol: "LONG-0", period: "weekly" });
      if (result.isError === true) throw new Error("get_period_stats failed");
      return performance.now() - started;
    };
    await latestWhile(gateway.url, trader, Promise.resolve());
    const latestAloneMs = [];
    for (let i = 0; i < 50; i += 1) latestAloneMs.push(...(await latestWhile(gateway.url, trader, Promise.resolve())));
    const first = periodStats();
    const latestDuringMs = await latestWhile(gateway.url, trader, first);
    const firstCallMs = await first;
    const callsMs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const call = periodStats();
      latestDuringMs.push(...(await latestWhile(gateway.url, trader, call)));
      callsMs.push(await call);
    }
    const rssBeforeMb = memoryOf(gateway.pid).rss;
    const batch = await fetch(`${gateway.url}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${agent}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-03-26",
      },
      body: JSON.stringify(
        Array.from({ length: BATCH }, (_, i) => ({
          jsonrpc: "2.0",
          id: i + 1,
          method: "resources/read",
          params: { uri: "index-data://catalogue" },
        })),
      ),
    });
    const text = await batch.text();
    const answers = JSON.parse(text) as Array<{ error?: unknown }>;
    await client.close();
    return {
      firstCallMs,
      callsMs,
      latestAloneMs,
      latestDuringMs,
      batchBytes: Buffer.byteLength(text),
      batchErrors: answers.filter((answer) => answer.error !== undefined).length + (answers.length === BATCH ? 0 : 1),
      rssBeforeMb,
      peakRssMb: memoryOf(gateway.pid).peak,
    };
  } finally {
    await gateway.stop();
    await upstream.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;

export function mcpLoadLines(result: McpLoadResult): string[] {
  return [
    `MCP load (one replica, its own process): get_period_stats over ${POINTS} weekly points: first call ${ms(result.firstCallMs)} (the upstream's answer fetched and checked), then median ${ms(median(result.callsMs))}, worst ${ms(worst(result.callsMs))} of ${RUNS} (target under ${CALL_TARGET_MS} ms).`,
    `  another trader's GET …/latest meanwhile: median ${ms(median(result.latestDuringMs))}, worst ${ms(worst(result.latestDuringMs))} of ${result.latestDuringMs.length} (target under ${LATEST_TARGET_MS} ms); alone: median ${ms(median(result.latestAloneMs))}, worst ${ms(worst(result.latestAloneMs))}.`,
    `  a batch of ${BATCH} reads of a ${ENTRIES}-entry catalogue: ${Math.round(result.batchBytes / 1024)} KB answered (cap ${MCP_ANSWER_BYTES / 1024} KB), ${result.batchErrors} errors; the replica's memory ${result.rssBeforeMb} MB before, peak ${result.peakRssMb} MB (target under ${RSS_TARGET_MB} MB).`,
  ];
}

export function mcpLoadTargetsMissed(result: McpLoadResult): string[] {
  return [
    ...(worst([result.firstCallMs, ...result.callsMs]) < CALL_TARGET_MS ? [] : ["MCP load: get_period_stats"]),
    ...(worst(result.latestDuringMs) < LATEST_TARGET_MS ? [] : ["MCP load: /latest during the call"]),
    ...(result.batchBytes <= MCP_ANSWER_BYTES && result.batchErrors === 0 ? [] : ["MCP load: the batch's answer"]),
    ...(result.peakRssMb < RSS_TARGET_MB ? [] : ["MCP load: the replica's memory"]),
  ];
}

runAlone(module, mcpLoadScenario, mcpLoadLines, mcpLoadTargetsMissed);
