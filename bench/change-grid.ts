// Issue 45's INDEX.CHANGE grid: 98 cells (7 indexes × 7 periods × 2 modes) against a service whose latest fixes are
// 16 days old, where a trader meets them: the production bundle's shared runtime page in Chromium, cells called as
// Excel's runtime calls them, the reference service in a process of its own with 50 ms added latency and its real
// 60 s window. One after another (each cell once the one before has settled) its request minimum is 14, a latest fix
// and one history range per index; all at once it is 8, the catalogue answering the seven latest values. Each run on
// a fresh page (a fresh engine); the worst run is printed beside the others. Part of `npm run bench`; alone with
// `npx tsx bench/change-grid.ts`.
import type { Browser } from "playwright-core";
import { launchChromium } from "../test/support/browser";
import { GRID_INDEXES, GRID_PERIODS, MODES } from "../test/support/change-definition";
import type { CellCall, CellOutcome } from "../test/support/functions-page";
import { startStaticServer, type StaticServer } from "../test/support/static-server";
import { distUnderTest } from "./bundle";
import { startRemoteService, type RemoteService, SERVICE_LATENCY_MS } from "./remote-service";
import { enterprisePage, errorsOf } from "./pricing-sheet";
import { runAlone } from "./report";
import { median } from "./round-trips";

export const CHANGE_GRID_COMMAND = "npx tsx bench/change-grid.ts";
/** Runs per arrival (BENCH_CHANGE_GRID_RUNS, default 5, or 2 with BENCH_QUICK=1). */
const RUNS = Number(process.env["BENCH_CHANGE_GRID_RUNS"] ?? (process.env["BENCH_QUICK"] === "1" ? 2 : 5));
const AGE_DAYS = 16;
const WINDOW_MS = 60_000;
/** A fix and a range per index one after another; the catalogue and a range per index all at once. */
export const CHANGE_GRID_MINIMUM = { oneByOne: 2 * GRID_INDEXES.length, atOnce: 1 + GRID_INDEXES.length } as const;

type Arrival = keyof typeof CHANGE_GRID_MINIMUM;

/** What the service received per run, and the most error cells a run left (with the first one's text). */
export interface RequestsAndErrors {
  readonly requests: readonly number[];
  readonly errorCells: number;
  readonly firstError?: string;
}

interface ArrivalResult extends RequestsAndErrors {
  /** Milliseconds until the last cell settled, per run. */
  readonly ms: readonly number[];
}

export interface ChangeGridResult {
  readonly cells: number;
  readonly oneByOne: ArrivalResult;
  readonly atOnce: ArrivalResult;
}

const CELLS: readonly CellCall[] = GRID_INDEXES.flatMap((symbol) =>
  GRID_PERIODS.flatMap((period) => MODES.map((mode) => [symbol, period, mode, null])),
).map((args, row) => ({ fn: "CHANGE", args, address: `Grid!A${row + 1}` }));

/** One run on a fresh page: the grid's cells as they arrive, and what the service received meanwhile. */
async function runOnce(browser: Browser, server: StaticServer, service: RemoteService, arrival: Arrival) {
  const page = await enterprisePage(browser, server);
  try {
    await service.resetRequestLog();
    const started = performance.now();
    const outcomes: CellOutcome[] = [];
    if (arrival === "atOnce") outcomes.push(...(await page.evaluate(CELLS)).outcomes);
    else for (const cell of CELLS) outcomes.push(...(await page.evaluate([cell])).outcomes);
    const ms = performance.now() - started;
    return { requests: (await service.requestLog()).length, ms, errors: errorsOf(outcomes) };
  } finally {
    await page.close();
  }
}

async function arrivals(browser: Browser, server: StaticServer, service: RemoteService, arrival: Arrival) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await runOnce(browser, server, service, arrival));
  const errors = runs.flatMap((run) => run.errors);
  return {
    requests: runs.map((run) => run.requests),
    ms: runs.map((run) => Math.round(run.ms)),
    errorCells: Math.max(0, ...runs.map((run) => run.errors.length)),
    ...(errors[0] !== undefined ? { firstError: errors[0] } : {}),
  } satisfies ArrivalResult;
}

export async function changeGridScenario(): Promise<ChangeGridResult> {
  const service = await startRemoteService({
    windowMs: WINDOW_MS,
    latencyMs: SERVICE_LATENCY_MS,
    latestAgeDays: AGE_DAYS,
  });
  const server = await startStaticServer({ root: distUnderTest(), proxyApiTo: service.url });
  const browser = await launchChromium();
  try {
    await runOnce(browser, server, service, "atOnce"); // warm-up: the browser's caches and JIT, not counted
    const oneByOne = await arrivals(browser, server, service, "oneByOne");
    const atOnce = await arrivals(browser, server, service, "atOnce");
    return { cells: CELLS.length, oneByOne, atOnce };
  } finally {
    await browser.close();
    await Promise.all([server.close(), service.close()]);
  }
}

function arrivalLine(name: string, r: ArrivalResult, minimum: number): string {
  const worst = Math.max(...r.requests);
  const error = r.firstError !== undefined ? ` (first: ${r.firstError})` : "";
  return `  ${name}: requests ${r.requests.join(", ")}, worst ${worst} against a request minimum of ${minimum}; settled in ${r.ms.join(", ")} ms (median ${median(r.ms)}, worst ${Math.max(...r.ms)}); error cells ${r.errorCells}${error}`;
}

export function changeGridLines(r: ChangeGridResult): string[] {
  return [
    `INDEX.CHANGE grid (\`${CHANGE_GRID_COMMAND}\`): ${r.cells} cells, ${GRID_INDEXES.length} indexes × ${GRID_PERIODS.length} periods × ${MODES.length} modes, latest fixes ${AGE_DAYS} days old, through the production bundle in Chromium, ${SERVICE_LATENCY_MS} ms latency, ${WINDOW_MS / 1000} s window, ${RUNS} runs on fresh pages:`,
    arrivalLine("one after another", r.oneByOne, CHANGE_GRID_MINIMUM.oneByOne),
    arrivalLine("all at once", r.atOnce, CHANGE_GRID_MINIMUM.atOnce),
  ];
}

export function changeGridTargetsMissed(r: ChangeGridResult): string[] {
  const missed = (name: string, a: ArrivalResult, minimum: number) => [
    ...(Math.max(...a.requests) > minimum
      ? [`change grid ${name}: worst run ${Math.max(...a.requests)} requests, minimum ${minimum}`]
      : []),
    ...(a.errorCells > 0 ? [`change grid ${name}: ${a.errorCells} error cells`] : []),
  ];
  return [
    ...missed("one after another", r.oneByOne, CHANGE_GRID_MINIMUM.oneByOne),
    ...missed("all at once", r.atOnce, CHANGE_GRID_MINIMUM.atOnce),
  ];
}

runAlone(module, changeGridScenario, changeGridLines, changeGridTargetsMissed);
