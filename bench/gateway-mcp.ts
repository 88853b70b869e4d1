// What MCP adds to a hit: MCP tool calls for hits against plain HTTP hits, on the same gateway. One gateway in this
// process in front of the reference service, the flagship's latest fix held; 10 MCP sessions (the SDK's Client over
// Streamable HTTP) calling get_latest, and 10 HTTP loops asking /latest, in alternating rounds of a fixed time. Each
// round's ratio pairs the two side by side; the median is quoted. Run alone with `npx tsx bench/gateway-mcp.ts`;
// `npm run bench` too.
import { DEMO_KEYS, startReferenceService } from "../reference-service/src";
import { startGateway } from "../gateway/src";
import { makeDesk } from "../test/gateway/support/desk";
import { callTool, mcpClient } from "../test/gateway/support/mcp-client";
import { runAlone } from "./report";

const SYMBOL = "RTM-NWE-A-1x3";
const LATEST = `/api/v1/index/${SYMBOL}/latest`;
const SESSIONS = 10;
const ROUNDS = 5;
const ROUND_MS = 2000;

export interface McpHitsResult {
  /** Each round's calls per second: MCP tool calls, plain HTTP requests. */
  readonly rounds: ReadonlyArray<{ readonly mcp: number; readonly http: number }>;
  /** Median of the rounds' MCP-over-HTTP ratios. */
  readonly ratio: number;
  /** Upstream requests during the measured rounds: 0 when every call was a hit. */
  readonly upstreamDuringRounds: number;
}

/** Calls `once` from `loops` concurrent loops for `ms`; answers per second. */
async function rate(loops: number, ms: number, once: (loop: number) => Promise<void>): Promise<number> {
  const end = Date.now() + ms;
  let done = 0;
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      while (Date.now() < end) {
        await once(loop);
        done += 1;
      }
    }),
  );
  return Math.round((done * 1000) / ms);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export async function mcpHitsScenario(): Promise<McpHitsResult> {
  const service = await startReferenceService({ rateLimits: { "api-key": 1_000_000 } });
  const desk = makeDesk(["trader"]);
  const gateway = await startGateway({
    upstream: service.url,
    upstreamKey: DEMO_KEYS.apiKey,
    tokens: () => desk.entries,
  });
  const token = desk.tokens["trader"] ?? "";
  try {
    const clients = await Promise.all(Array.from({ length: SESSIONS }, () => mcpClient(gateway.url, token)));
    const http = async () => {
      const response = await fetch(`${gateway.url}${LATEST}`, { headers: { "x-api-key": token } });
      if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
      await response.arrayBuffer();
    };
    const mcp = async (loop: number) => {
      const result = await callTool(clients[loop % SESSIONS]!, "get_latest", { symbol: SYMBOL });
      if (result.isError === true) throw new Error("tool error");
    };
    // Warm: the fix held, both paths compiled.
    await rate(SESSIONS, 300, mcp);
    await rate(SESSIONS, 300, () => http());
    const before = service.requests.length;
    const rounds: Array<{ mcp: number; http: number }> = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternated, so a busy moment of the machine falls on both.
      const first =
        round % 2 === 0 ? await rate(SESSIONS, ROUND_MS, mcp) : await rate(SESSIONS, ROUND_MS, () => http());
      const second =
        round % 2 === 0 ? await rate(SESSIONS, ROUND_MS, () => http()) : await rate(SESSIONS, ROUND_MS, mcp);
      rounds.push(round % 2 === 0 ? { mcp: first, http: second } : { mcp: second, http: first });
    }
    const upstreamDuringRounds = service.requests.length - before;
    await Promise.all(clients.map((client) => client.close()));
    return { rounds, ratio: median(rounds.map((r) => r.mcp / r.http)), upstreamDuringRounds };
  } finally {
    await gateway.close();
    await service.close();
  }
}

export function mcpHitsLines(result: McpHitsResult): string[] {
  const mcp = median(result.rounds.map((r) => r.mcp));
  const http = median(result.rounds.map((r) => r.http));
  return [
    `MCP (gateway /mcp, ${SESSIONS} sessions, get_latest of a held fix): ${mcp} tool calls/s for hits vs ${http} plain HTTP hits/s on the same gateway; MCP/HTTP ${result.ratio.toFixed(2)} (median of ${ROUNDS} alternated rounds), ${result.upstreamDuringRounds} upstream requests.`,
  ];
}

/** Every call of the rounds is a hit: none may reach the upstream. */
export function mcpHitsTargetsMissed(result: McpHitsResult): string[] {
  return result.upstreamDuringRounds === 0 ? [] : [`MCP hits: ${result.upstreamDuringRounds} upstream requests`];
}

runAlone(module, mcpHitsScenario, mcpHitsLines, mcpHitsTargetsMissed);
