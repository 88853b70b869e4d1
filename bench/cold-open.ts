// Cold open, timed where a trader meets it: the 1,000-cell sheet evaluated by the production bundle (the built shared
// runtime page, build/test-dist/ or BENCH_DIST) in Chromium, its INDEX functions called as Excel's runtime calls
// them, against the reference service in a process of its own with 50 ms added latency, through the page's own
// origin, on a page that has finished starting. Side by side with a bare client's critical path: the same distinct
// resources fetched plainly, all at once, from the same page, on a fresh rate window, just before the open and
// just after it (its time the mean of the two). Several runs, median ratio. Also counts round trips on the
// engine's critical path and the page's CPU. Run alone with `npx tsx bench/cold-open.ts`.
import type { Browser } from "playwright-core";
import { DEMO_KEYS } from "../reference-service/src";
import { IndexDataClient } from "../src/client";
import { launchChromium } from "../test/support/browser";
import type { CellOutcome } from "../test/support/functions-page";
import { startStaticServer, type StaticServer } from "../test/support/static-server";
import { DESK_WINDOW_MS } from "./desk";
import { distUnderTest } from "./bundle";
import { requestMinimumOf } from "./request-minimum";
import {
  NetworkLog,
  bareCriticalPath,
  cellCalls,
  knownLimitItems,
  openAsUsersRunIt,
  pageCpuMeter,
  pageIdle,
} from "./page-open";
import { startRemoteService, type RemoteService, SERVICE_LATENCY_MS } from "./remote-service";
import { runAlone } from "./report";
import { median } from "./round-trips";
import { SHEET_1000, buildSheet, type SheetCell } from "./sheet";

/** Runs per cold open (BENCH_COLD_OPEN_RUNS, default 5, or 2 with BENCH_QUICK=1), each beside its bare client. */
const RUNS = Number(process.env["BENCH_COLD_OPEN_RUNS"] ?? (process.env["BENCH_QUICK"] === "1" ? 2 : 5));
export const COLD_OPEN_COMMAND = "npx tsx bench/cold-open.ts";

/**
 * The two cold opens a trader meets, with the goal for each: a first session (the anonymous tier, whose
 * opening burst is a twelfth of 60: a desk of machines without a channel must stay within the window), and a keyed
 * session whose limit the last session kept (an enterprise key: the opening burst covers the first screen).
 */
const OPENS = {
  "first session, anonymous": { apiKey: undefined, knownLimit: undefined, goal: 1.6 },
  "enterprise key, limit known from the last session": { apiKey: DEMO_KEYS.enterprise, knownLimit: 1000, goal: 1.3 },
} as const;
type OpenKind = keyof typeof OPENS;

/** Opens timed beside a bare client, run by run: the times, the paired ratios and their median. */
export interface PairedOpens {
  readonly engineMs: readonly number[];
  readonly bareMs: readonly number[];
  /** engine ÷ bare, per run (paired), and their median. */
  readonly ratios: readonly number[];
  readonly medianRatio: number;
}

/** The runs' times rounded to the ms and their ratios to the hundredth. */
export function pairedOpens(runs: ReadonlyArray<{ readonly engineMs: number; readonly bareMs: number }>): PairedOpens {
  const ratios = runs.map((r) => r.engineMs / r.bareMs);
  const hundredths = (value: number) => Math.round(value * 100) / 100;
  return {
    engineMs: runs.map((r) => Math.round(r.engineMs)),
    bareMs: runs.map((r) => Math.round(r.bareMs)),
    ratios: ratios.map(hundredths),
    medianRatio: hundredths(median(ratios)),
  };
}

export interface ColdOpenResult extends PairedOpens {
  readonly open: OpenKind;
  readonly goal: number;
  readonly roundTrips: readonly number[];
  readonly medianRoundTrips: number;
  /** The page's main-thread CPU (Chromium's TaskDuration) during the engine's open, per run. */
  readonly pageCpuMs: readonly number[];
  readonly requests: readonly number[];
  readonly minimumRequests: number;
  readonly errorCells: number;
}

interface Run {
  readonly engineMs: number;
  readonly bareMs: number;
  readonly roundTrips: number;
  readonly cpuMs: number;
  readonly requests: number;
  readonly errorCells: number;
}

function errorCount(outcomes: readonly CellOutcome[]): number {
  return outcomes.filter((outcome) => "error" in outcome).length;
}

/** What the last open fetched: the bare client's paths before the next open of the same sheet. */
interface LastOpen {
  paths: readonly string[];
}

/**
 * One open on a fresh page (a fresh engine), with the bare client on a fresh window from the same page just before
 * (what `last` fetched) and just after it.
 */
async function openOnce(
  browser: Browser,
  server: StaticServer,
  service: RemoteService,
  sheet: readonly SheetCell[],
  open: OpenKind,
  last: LastOpen,
): Promise<Run> {
  const { apiKey, knownLimit } = OPENS[open];
  const storage = knownLimit === undefined ? {} : await knownLimitItems(server.url, apiKey, knownLimit);
  const page = await openAsUsersRunIt(browser, {
    pageOrigin: server.url,
    apiKey,
    storage,
    paneClosed: true, // as Excel loads the shared runtime with a workbook: the pane's own reads are not the open's
  });
  try {
    const network = await NetworkLog.watch(page.page);
    // On a page that has finished starting, as rate-open.ts: what runs while it starts weighs on neither side.
    await pageIdle(page.page);
    // The bare client runs just before the open too (the paths of the open before: the same sheet), and its time
    // is the mean of both runs, so a load that comes and goes weighs on both sides alike.
    await service.turnWindow();
    const bareBefore = last.paths.length === 0 ? undefined : await bareCriticalPath(page, last.paths, apiKey);
    await service.turnWindow(); // each open starts on a fresh window, as a workbook opened alone would
    await service.resetRequestLog();
    network.clear();
    const cpuSinceOpen = await pageCpuMeter(page.page);
    const { outcomes, ms } = await page.evaluate(cellCalls(sheet));
    const cpuMs = await cpuSinceOpen();
    const paths = (await service.requestLog()).map((r) => r.path);
    const roundTrips = network.depth();
    await service.turnWindow();
    const bareAfter = await bareCriticalPath(page, paths, apiKey);
    last.paths = paths;
    const bareMs = bareBefore === undefined ? bareAfter : (bareBefore + bareAfter) / 2;
    return { engineMs: ms, bareMs, roundTrips, cpuMs, requests: paths.length, errorCells: errorCount(outcomes) };
  } finally {
    await page.close();
  }
}

async function coldOpens(browser: Browser, dist: string, open: OpenKind): Promise<ColdOpenResult> {
  const service = await startRemoteService({ windowMs: DESK_WINDOW_MS, latencyMs: SERVICE_LATENCY_MS });
  const server = await startStaticServer({ root: dist, proxyApiTo: service.url });
  try {
    const symbols = (await new IndexDataClient({ baseUrl: service.url }).listIndexes())
      .filter((i) => i.latestValue !== undefined)
      .map((i) => i.symbol);
    const sheet = buildSheet(symbols, SHEET_1000);
    const last: LastOpen = { paths: [] };
    await openOnce(browser, server, service, sheet, open, last); // warm-up: the browser's caches and JIT, not counted
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await openOnce(browser, server, service, sheet, open, last));
    const round = (values: readonly number[]) => values.map((v) => Math.round(v));
    return {
      open,
      goal: OPENS[open].goal,
      ...pairedOpens(runs),
      roundTrips: runs.map((r) => r.roundTrips),
      medianRoundTrips: median(runs.map((r) => r.roundTrips)),
      pageCpuMs: round(runs.map((r) => r.cpuMs)),
      requests: runs.map((r) => r.requests),
      minimumRequests: requestMinimumOf(sheet).requests,
      errorCells: Math.max(...runs.map((r) => r.errorCells)),
    };
  } finally {
    await Promise.all([server.close(), service.close()]);
  }
}

/** Both cold opens, one after the other, in one browser. */
export async function coldOpenScenario(): Promise<ColdOpenResult[]> {
  const dist = distUnderTest();
  const browser = await launchChromium();
  try {
    const results: ColdOpenResult[] = [];
    for (const open of Object.keys(OPENS) as OpenKind[]) results.push(await coldOpens(browser, dist, open));
    return results;
  } finally {
    await browser.close();
  }
}

export function coldOpenLines(results: readonly ColdOpenResult[]): string[] {
  return [
    `Cold open (\`${COLD_OPEN_COMMAND}\`): the 1,000-cell sheet through the production bundle in Chromium, ${SERVICE_LATENCY_MS} ms latency, a fresh page and rate window each run, ${RUNS} runs, each beside a bare client fetching the same distinct resources at once from the same page:`,
    ...results.flatMap((r) => [
      `  ${r.open}: engine ${r.engineMs.join(", ")} ms; bare client ${r.bareMs.join(", ")} ms; ratio ${r.ratios.join(", ")}; median ${r.medianRatio}x the bare client (goal ≤ ${r.goal}x)`,
      `    round trips on the critical path ${r.roundTrips.join(", ")} (median ${r.medianRoundTrips}; goal ≤ 3); page CPU ${r.pageCpuMs.join(", ")} ms; requests ${r.requests.join(", ")} (minimum ${r.minimumRequests}); error cells ${r.errorCells}`,
    ]),
  ];
}

export function coldOpenTargetsMissed(results: readonly ColdOpenResult[]): string[] {
  return results.flatMap((r) => [
    ...(r.medianRatio > r.goal ? [`cold open (${r.open}): ${r.medianRatio}x the bare client (goal ${r.goal}x)`] : []),
    ...(r.medianRoundTrips > 3 ? [`cold open (${r.open}): ${r.medianRoundTrips} round trips (goal ≤ 3)`] : []),
    ...(r.requests.some((n) => n !== r.minimumRequests)
      ? [`cold open (${r.open}): requests ${r.requests.join(", ")} against a minimum of ${r.minimumRequests}`]
      : []),
    ...(r.errorCells > 0 ? [`cold open (${r.open}): ${r.errorCells} error cells`] : []),
  ]);
}

runAlone(module, coldOpenScenario, coldOpenLines, coldOpenTargetsMissed);
