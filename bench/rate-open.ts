// The cold open under every way a service may count and speak of its limit: the 1,000-cell sheet through the
// production bundle (the built shared runtime page) in Chromium, against the reference service in its own process
// with 50 ms latency and its real 60 s window, under each header form (full, partial, ietf, none) × window kind
// (first-request, minute, sliding) × count (on arrival with answers in order; once answered with answers out of
// order), anonymous and keyed. Each run opens a fresh page, either into a fresh window (pane closed: the cells'
// requests are the first) or with the window turning just before the open (pane open: its reads while loading began
// the old window, and the engine holds their figures). Side by side, from the same page, a bare client fetches the
// same distinct resources at once into a fresh window, just before the open and just after it; its time is the
// mean of the two, so a machine's load that comes and goes weighs on both sides alike. Each run also says where the
// time went (the page's Resource Timing): the first and last request on the wire, the last answer, and the page's
// own work after it. All three start on a page that has finished starting (its main thread idle), whose
// connections to /api are open (an uncounted bare run first), and whose requests no Playwright route holds
// (openAsUsersRunIt). The goal is every run, not only the median. Part of
// `npm run bench` (through bench/engine-goals.ts); alone with `npx tsx bench/rate-open.ts` (BENCH_QUICK=1: one run
// each; BENCH_FORMS=full,none: only those forms).
import type { Browser } from "playwright-core";
import { DEMO_KEYS, RATE_WINDOWS, type RateCount, type RateHeaders, type RateWindow } from "../reference-service/src";
import { IndexDataClient } from "../src/client";
import { launchChromium } from "../test/support/browser";
import type { CellCall, CellOutcome, FunctionsPage } from "../test/support/functions-page";
import { startStaticServer, type StaticServer } from "../test/support/static-server";
import { distUnderTest } from "./bundle";
import type { RequestsAndErrors } from "./change-grid";
import { pairedOpens, type PairedOpens } from "./cold-open";
import { formsToRun } from "./desk-browsers";
import {
  bareOpen,
  cellCalls,
  keepResourceTimings,
  openAsUsersRunIt,
  pageIdle,
  sendPhases,
  type BareOpen,
  type SendPhases,
} from "./page-open";
import { startRemoteService, type RemoteService, SERVICE_LATENCY_MS } from "./remote-service";
import { runAlone } from "./report";
import { requestMinimumOf } from "./request-minimum";
import { median } from "./round-trips";
import { SHEET_1000, buildSheet } from "./sheet";

export const RATE_OPEN_COMMAND = "npx tsx bench/rate-open.ts";
/** Runs per case: BENCH_RATE_OPEN_RUNS, else 3, or 1 with BENCH_QUICK=1 (a quick look). */
const RUNS = Number(process.env["BENCH_RATE_OPEN_RUNS"] ?? (process.env["BENCH_QUICK"] === "1" ? 1 : 3));
/** Every run, the worst included, within this of the bare client. */
export const RATE_OPEN_GOAL = 1.3;
/** The service's real window: nothing compressed. */
const WINDOW_MS = 60_000;
/** The longest an answer is held back when answers come out of order; the seed makes every run alike. */
const JITTER_MS = 40;
const JITTER_SEED = 45;
/** How long the pane's reads must have been quiet before its load counts as done. */
const QUIET_MS = 300;

/** When the service counts a request, and whether its answers come back in order. */
const COUNTS = {
  "counted on arrival, answers in order": { rateCount: "arrival", answerJitterMs: 0 },
  "counted once answered, answers out of order": { rateCount: "answered", answerJitterMs: JITTER_MS },
} as const satisfies Record<string, { rateCount: RateCount; answerJitterMs: number }>;
type CountKind = keyof typeof COUNTS;

const CALLERS = { anonymous: undefined, keyed: DEMO_KEYS.apiKey } as const;
type CallerKind = keyof typeof CALLERS;

/** Into a fresh window, or with the window turning just before the open (after the pane's reads began the old one). */
const OPENINGS = ["fresh window", "window turning just before"] as const;
type Opening = (typeof OPENINGS)[number];

export interface RateOpenCase extends PairedOpens, RequestsAndErrors {
  readonly form: RateHeaders;
  readonly window: RateWindow;
  readonly count: CountKind;
  readonly caller: CallerKind;
  readonly opening: Opening;
  readonly worstRatio: number;
  /** The bare client's runs just before and just after each open (its time is their mean). */
  readonly bareBeforeMs: readonly number[];
  readonly bareAfterMs: readonly number[];
  /** Where each run's time went, the open's and the bare client's (its run after the open). */
  readonly phases: ReadonlyArray<{ readonly engine: SendPhases; readonly bare: SendPhases }>;
  /** The open's 429s per run (its requests count the pane's while it runs). */
  readonly rateLimited: readonly number[];
}

export interface RateOpenResult {
  readonly runs: number;
  readonly cells: number;
  readonly minimumRequests: number;
  readonly cases: readonly RateOpenCase[];
}

interface Run {
  readonly engineMs: number;
  /** The bare client's time: the mean of its run just before the open and its run just after, so load hits both. */
  readonly bareMs: number;
  readonly bareBeforeMs: number;
  readonly bareAfterMs: number;
  readonly engine: SendPhases;
  readonly bare: SendPhases;
  readonly requests: number;
  readonly rateLimited: number;
  readonly errors: string[];
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const round2 = (value: number) => Math.round(value * 100) / 100;

function errorsOf(outcomes: readonly CellOutcome[]): string[] {
  return outcomes.flatMap((o) => ("error" in o ? [`${o.error.code} ${o.error.message}`] : []));
}

/** Waits until the service has seen no new request for QUIET_MS: the pane's reads while it loaded are done. */
async function quiet(service: RemoteService): Promise<void> {
  let seen = -1;
  for (;;) {
    const now = (await service.requestLog()).length;
    if (now === seen) return;
    seen = now;
    await sleep(QUIET_MS);
  }
}

/**
 * One open on a fresh page, with the bare client from the same page just before and just after it, each into a
 * fresh window: its time is their mean, so a load that comes and goes hits both sides alike. `paths` are what the
 * bare client fetches before the open (what the last open of this kind fetched).
 */
async function openOnce(
  browser: Browser,
  server: StaticServer,
  service: RemoteService,
  cells: readonly CellCall[],
  caller: CallerKind,
  opening: Opening,
  paths: Map<Opening, readonly string[]>,
): Promise<Run> {
  const apiKey = CALLERS[caller];
  const turning = opening === "window turning just before";
  await service.turnWindow(); // nothing left over from the run before
  const page = await openAsUsersRunIt(browser, {
    pageOrigin: server.url,
    apiKey,
    paneClosed: !turning,
  });
  try {
    await keepResourceTimings(page.page);
    if (turning) await quiet(service);
    await pageIdle(page.page);
    // A page whose pane is closed has not fetched from /api yet: its first fetches open the browser's connections.
    // They are opened here, uncounted, so the open and both bare runs meet the same warm connections.
    await bareBeside(page, service, paths.get(opening) ?? [], apiKey);
    const bareBefore = await bareBeside(page, service, paths.get(opening) ?? [], apiKey);
    await service.turnWindow();
    await service.resetRequestLog();
    const open = await page.evaluate(cells);
    const log = await service.requestLog();
    const engine = await sendPhases(page.page, open);
    const fetched = [...new Set(log.filter((r) => r.status === 200).map((r) => r.path))];
    paths.set(opening, fetched);
    await service.turnWindow();
    const bareAfter = await bareOpen(page, fetched, apiKey);
    return {
      engineMs: open.ms,
      bareMs: bareBefore === undefined ? bareAfter.ms : (bareBefore.ms + bareAfter.ms) / 2,
      bareBeforeMs: bareBefore?.ms ?? NaN,
      bareAfterMs: bareAfter.ms,
      engine,
      bare: await sendPhases(page.page, bareAfter),
      requests: log.length,
      rateLimited: log.filter((r) => r.status === 429).length,
      errors: errorsOf(open.outcomes),
    };
  } finally {
    await page.close();
  }
}

/**
 * The bare client from `page` into a fresh window, and the window turned again after it (so the next open meets a
 * window it has not spent); undefined when there is nothing to fetch yet.
 */
async function bareBeside(
  page: FunctionsPage,
  service: RemoteService,
  paths: readonly string[],
  apiKey: string | undefined,
): Promise<BareOpen | undefined> {
  if (paths.length === 0) return undefined;
  await service.turnWindow();
  const bare = await bareOpen(page, paths, apiKey);
  await service.turnWindow();
  return bare;
}

/** The cases of one service (one form, window and count): each caller and opening, RUNS runs each. */
async function casesOf(
  browser: Browser,
  dist: string,
  form: RateHeaders,
  window: RateWindow,
  count: CountKind,
  cells: readonly CellCall[],
  paths: Map<Opening, readonly string[]>,
): Promise<RateOpenCase[]> {
  const service = await startRemoteService({
    windowMs: WINDOW_MS,
    latencyMs: SERVICE_LATENCY_MS,
    rateHeaders: form,
    rateWindow: window,
    ...COUNTS[count],
    jitterSeed: JITTER_SEED,
  });
  const server = await startStaticServer({ root: dist, proxyApiTo: service.url });
  try {
    const cases: RateOpenCase[] = [];
    for (const caller of Object.keys(CALLERS) as CallerKind[])
      for (const opening of OPENINGS) {
        const runs: Run[] = [];
        for (let i = 0; i < RUNS; i += 1)
          runs.push(await openOnce(browser, server, service, cells, caller, opening, paths));
        const paired = pairedOpens(runs);
        const errors = runs.flatMap((r) => r.errors);
        cases.push({
          form,
          window,
          count,
          caller,
          opening,
          ...paired,
          worstRatio: Math.max(...paired.ratios),
          bareBeforeMs: runs.map((r) => Math.round(r.bareBeforeMs)),
          bareAfterMs: runs.map((r) => Math.round(r.bareAfterMs)),
          phases: runs.map((r) => ({ engine: r.engine, bare: r.bare })),
          requests: runs.map((r) => r.requests),
          rateLimited: runs.map((r) => r.rateLimited),
          errorCells: Math.max(...runs.map((r) => r.errors.length)),
          ...(errors[0] !== undefined ? { firstError: errors[0] } : {}),
        });
      }
    return cases;
  } finally {
    await Promise.all([server.close(), service.close()]);
  }
}

/** The sheet the cold open evaluates: the 1,000 cells over the catalogue's indexes with data. */
async function sheetCells(): Promise<{ cells: CellCall[]; minimum: number }> {
  const service = await startRemoteService({ windowMs: WINDOW_MS, latencyMs: 0 });
  try {
    const symbols = (await new IndexDataClient({ baseUrl: service.url, apiKey: DEMO_KEYS.enterprise }).listIndexes())
      .filter((i) => i.latestValue !== undefined)
      .map((i) => i.symbol);
    const sheet = buildSheet(symbols, SHEET_1000);
    return { cells: cellCalls(sheet), minimum: requestMinimumOf(sheet).requests };
  } finally {
    await service.close();
  }
}

/** Every form × window × count, each with both callers and both openings, in one browser, one case after another. */
export async function rateOpenScenario(): Promise<RateOpenResult> {
  const dist = distUnderTest();
  const { cells, minimum } = await sheetCells();
  const browser = await launchChromium();
  try {
    // Warm-up: the browser's caches and JIT, not counted; and what each opening fetches, for the bare client's
    // first run before an open.
    const paths = new Map<Opening, readonly string[]>();
    const warm = await startRemoteService({ windowMs: WINDOW_MS, latencyMs: SERVICE_LATENCY_MS });
    const warmServer = await startStaticServer({ root: dist, proxyApiTo: warm.url });
    try {
      for (const opening of OPENINGS) await openOnce(browser, warmServer, warm, cells, "anonymous", opening, paths);
    } finally {
      await Promise.all([warmServer.close(), warm.close()]);
    }
    const cases: RateOpenCase[] = [];
    for (const form of formsToRun())
      for (const window of RATE_WINDOWS)
        for (const count of Object.keys(COUNTS) as CountKind[])
          cases.push(...(await casesOf(browser, dist, form, window, count, cells, paths)));
    return { runs: RUNS, cells: cells.length, minimumRequests: minimum, cases };
  } finally {
    await browser.close();
  }
}

/** One header form and caller, all windows, counts and openings together: the median and the worst run. */
export interface RateOpenSummary {
  readonly form: RateHeaders;
  readonly caller: CallerKind;
  readonly medianRatio: number;
  readonly worstRatio: number;
  /** Which case the worst run was. */
  readonly worstCase: string;
  readonly runs: number;
  readonly errorCells: number;
}

export function rateOpenSummary(result: RateOpenResult): RateOpenSummary[] {
  return formsToRun().flatMap((form) =>
    (Object.keys(CALLERS) as CallerKind[]).flatMap((caller) => {
      const cases = result.cases.filter((c) => c.form === form && c.caller === caller);
      const worst = cases.reduce<RateOpenCase | undefined>(
        (a, b) => (a === undefined || b.worstRatio > a.worstRatio ? b : a),
        undefined,
      );
      if (worst === undefined) return [];
      const ratios = cases.flatMap((c) => c.ratios);
      return [
        {
          form,
          caller,
          medianRatio: round2(median(ratios)),
          worstRatio: worst.worstRatio,
          worstCase: `${worst.window}, ${worst.count}, ${worst.opening}`,
          runs: ratios.length,
          errorCells: Math.max(...cases.map((c) => c.errorCells)),
        },
      ];
    }),
  );
}

/** A run's phases, in ms from its start: requests on the wire from the first to the last, the last answer, the rest. */
function phaseText(p: SendPhases): string {
  return `sent ${p.firstSentMs}–${p.lastSentMs}, last answer ${p.lastAnswerMs}, then ${p.afterLastAnswerMs}`;
}

export function rateOpenLines(result: RateOpenResult): string[] {
  const summary = rateOpenSummary(result).map(
    (row) =>
      `  ${row.form}, ${row.caller}: median ${row.medianRatio}x, worst ${row.worstRatio}x (${row.worstCase}) over ${row.runs} runs; error cells ${row.errorCells} (goal every run ≤ ${RATE_OPEN_GOAL}x)`,
  );
  const details = result.cases.map(
    (c) =>
      `    ${c.form} / ${c.window} / ${c.count} / ${c.caller} / ${c.opening}: engine ${c.engineMs.join(", ")} ms (${c.phases.map((p) => phaseText(p.engine)).join("; ")}); bare ${c.bareMs.join(", ")} ms (before ${c.bareBeforeMs.join(", ")}, after ${c.bareAfterMs.join(", ")}: ${c.phases.map((p) => phaseText(p.bare)).join("; ")}); ratio ${c.ratios.join(", ")} (median ${c.medianRatio}, worst ${c.worstRatio}); requests ${c.requests.join(", ")}; 429s ${c.rateLimited.join(", ")}; error cells ${c.errorCells}${c.firstError !== undefined ? ` (first: ${c.firstError})` : ""}`,
  );
  return [
    `Cold open under every rate form (\`${RATE_OPEN_COMMAND}\`): the ${result.cells.toLocaleString("en-US")}-cell sheet (request minimum ${result.minimumRequests}) through the production bundle in Chromium, ${SERVICE_LATENCY_MS} ms latency, the real ${WINDOW_MS / 1000} s window, ${result.runs} run(s) per case on fresh pages, each beside a bare client fetching the same resources at once from the same page just before and just after it (its time the mean of the two); header form × window × count, anonymous (60 a minute) and keyed (100), into a fresh window and with the window turning just before the open; answers out of order held 1–${JITTER_MS} ms (seed ${JITTER_SEED}):`,
    ...summary,
    ...details,
  ];
}

export function rateOpenTargetsMissed(result: RateOpenResult): string[] {
  return result.cases.flatMap((c) => {
    const name = `cold open (${c.form}, ${c.window}, ${c.count}, ${c.caller}, ${c.opening})`;
    return [
      ...(c.worstRatio > RATE_OPEN_GOAL
        ? [`${name}: worst run ${c.worstRatio}x the bare client (goal ${RATE_OPEN_GOAL}x)`]
        : []),
      ...(c.errorCells > 0 ? [`${name}: ${c.errorCells} error cells`] : []),
    ];
  });
}

runAlone(module, rateOpenScenario, rateOpenLines, rateOpenTargetsMissed);
