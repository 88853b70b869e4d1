// A sheet of 300 distinct resources behind a desk gateway that already holds them (another trader opened them): the
// add-in's request engine as in production (the real 60 s window, its tier's limit until told, no channel) opens it,
// and its round trips are counted from its own side (RoundTripLog). Upstream: the reference service in its own
// process, 50 ms latency, the gateway on an enterprise key. Run alone with `npx tsx bench/gateway-sheet.ts`.
import { DEMO_KEYS } from "../reference-service/src";
import { IndexDataClient } from "../src/client";
import { RequestEngine } from "../src/engine";
import { MemoryStorage } from "../src/settings";
import { isCellError, type FormulaEnv } from "../src/formulas";
import { startGatewayRig } from "./gateway-rig";
import { evaluateCell } from "./measure";
import { startRemoteService, SERVICE_LATENCY_MS } from "./remote-service";
import { runAlone } from "./report";
import { RoundTripLog } from "./round-trips";
import type { SheetCell } from "./sheet";

const RESOURCES = 300;
/** The goal behind a gateway that holds the sheet: it fills in at most this many round trips. */
export const SHEET_ROUND_TRIPS_GOAL = 2;

export interface GatewaySheetResult {
  readonly cells: number;
  /** Round trips on the engine's critical path. */
  readonly roundTrips: number;
  readonly engineRequests: number;
  /** Requests that reached the upstream while the sheet filled (all hits: none). */
  readonly upstreamRequests: number;
  readonly settledMs: number;
  readonly errorCells: number;
  readonly firstError?: string;
}

/** 300 volatility cells, each its own resource (symbol and window). */
function sheetOf(symbols: readonly string[]): SheetCell[] {
  return Array.from({ length: RESOURCES }, (_, i) => ({
    kind: "vol",
    symbol: symbols[i % symbols.length] ?? "",
    days: 10 + Math.floor(i / symbols.length),
  }));
}

async function openSheet(url: string, token: string, sheet: readonly SheetCell[]) {
  const log = new RoundTripLog();
  const engine = new RequestEngine(
    { baseUrl: url, apiKey: token, fetch: log.fetch },
    { storage: new MemoryStorage(), budgetChannel: null },
  );
  const env: FormulaEnv = { source: engine, caps: { formattedNumbers: true }, settleMs: engine.options.settleBoundMs };
  const started = performance.now();
  const results = await Promise.all(sheet.map((cell) => evaluateCell(env, cell)));
  const settledMs = Math.round(performance.now() - started);
  engine.close();
  const errors = results.filter(isCellError).map((e) => e.message);
  return { roundTrips: log.depth(), requests: log.requests, settledMs, errors };
}

export async function gatewaySheetScenario(): Promise<GatewaySheetResult> {
  const service = await startRemoteService({ windowMs: 60_000, latencyMs: SERVICE_LATENCY_MS });
  const rig = await startGatewayRig(service.url, undefined, ["opener", "trader"], {
    name: "sheet",
    windowMs: 60_000,
    upstreamKey: DEMO_KEYS.enterprise,
    count: 1,
  });
  try {
    const url = rig.replicas[0]?.url ?? "";
    const symbols = (await new IndexDataClient({ baseUrl: service.url }).listIndexes())
      .filter((i) => i.latestValue !== undefined)
      .map((i) => i.symbol);
    const sheet = sheetOf(symbols);
    // Another trader opened the same resources a moment ago: the gateway holds them all.
    const opened = await Promise.all(
      sheet.map(async (cell) => {
        const days = cell.kind === "vol" ? cell.days : 0;
        const path = `/api/v1/index/${encodeURIComponent(cell.symbol)}/volatility?windowDays=${days}`;
        return (await fetch(`${url}${path}`, { headers: { "x-api-key": rig.desk.tokens["opener"] ?? "" } })).status;
      }),
    );
    if (opened.some((status) => status !== 200)) throw new Error(`opening the sheet: ${opened.join(",")}`);
    await service.resetRequestLog();
    const run = await openSheet(url, rig.desk.tokens["trader"] ?? "", sheet);
    return {
      cells: sheet.length,
      roundTrips: run.roundTrips,
      engineRequests: run.requests,
      upstreamRequests: (await service.requestLog()).length,
      settledMs: run.settledMs,
      errorCells: run.errors.length,
      ...(run.errors[0] !== undefined ? { firstError: run.errors[0] } : {}),
    };
  } finally {
    await rig.close();
    await service.close();
  }
}

export function gatewaySheetLines(result: GatewaySheetResult): string[] {
  return [
    `Sheet behind a gateway that holds it (npx tsx bench/gateway-sheet.ts): ${result.cells} distinct resources, the add-in's engine (real 60 s window, its tier's 100 a minute until told, no channel), gateway on an enterprise key: ` +
      `${result.roundTrips} round trips (goal ≤ ${SHEET_ROUND_TRIPS_GOAL}), ${result.engineRequests} requests, ${result.upstreamRequests} upstream requests, ${result.errorCells} error cells, ${result.settledMs} ms` +
      (result.firstError !== undefined ? `; first error cell: ${result.firstError}` : ""),
  ];
}

export function gatewaySheetTargetsMissed(result: GatewaySheetResult): string[] {
  const missed: string[] = [];
  if (result.roundTrips > SHEET_ROUND_TRIPS_GOAL) missed.push(`gateway sheet: ${result.roundTrips} round trips`);
  if (result.errorCells > 0) missed.push(`gateway sheet: ${result.errorCells} error cells`);
  if (result.upstreamRequests > 0) missed.push(`gateway sheet: ${result.upstreamRequests} upstream requests`);
  return missed;
}

runAlone(module, gatewaySheetScenario, gatewaySheetLines, gatewaySheetTargetsMissed);
