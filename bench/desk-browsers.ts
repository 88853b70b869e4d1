// The desk of issues 26 and 37, as a desk runs it: three workbooks, each the production bundle's shared runtime page
// in a Chromium process of its own (three machines: nothing shared but the service's answers), recalculating at the
// same moment behind one IP, against the reference service in its own process with the real 60 s window (anonymous:
// 60 a minute, a window that begins with the first request) and 50 ms latency. Each workbook holds 370 cells over the
// same 30 distinct resources: 7 /latest asked for a field of the full fix, 16 /volatility over distinct symbol/window
// pairs, 7 /forward. Then one workbook alone over its budget: 84 distinct resources. Both under every form of
// rate-limit headers the spec leaves open (the reference service's --rate-headers: full, partial, ietf, none). The
// service's request log counts the 429s. Run alone with `npx tsx bench/desk-browsers.ts` after `npm run build`
// (BENCH_DIST names another build; BENCH_FORMS=none,partial runs only those forms).
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Browser } from "playwright-core";
import { DEMO_KEYS, RATE_HEADER_FORMS, type RateHeaders } from "../reference-service/src";
import { IndexDataClient } from "../src/client";
import { launchChromium } from "../test/support/browser";
import type { CellCall, CellOutcome, FunctionsPage } from "../test/support/functions-page";
import { startStaticServer } from "../test/support/static-server";
import { openAsUsersRunIt } from "./page-open";
import { startRemoteService, type RemoteService, SERVICE_LATENCY_MS } from "./remote-service";
import { runAlone } from "./report";

/** The service's real window: nothing compressed. */
const WINDOW_MS = 60_000;
const MACHINES = 3;
/** Each workbook of the desk: its distinct resources by kind (30 in all), and its cells (a dozen or so each). */
const WORKBOOK = { latest: 7, vol: 16, forward: 7, cells: 370 } as const;
/** The workbook alone: distinct resources beyond one window's 60. */
const ALONE_RESOURCES = 84;
/**
 * The desk's goals (issues 26 and 37), every cell settled and no error cell under every form: at most 5 × 429 when
 * the service tells its count in any form; at most 35 with no header at all (the first collision cannot be seen
 * coming); the workbook alone, none.
 */
export const DESK_BROWSERS_429_GOAL = 5;
const BLIND_429_GOAL = 35;

/** Whether a scenario is the desk of three machines or one workbook alone over its budget. */
type DeskShape = "desk" | "alone";

/** How the desk opens: with the task panes open or closed, and how far into the service's window it recalculates. */
export interface DeskOpening {
  /**
   * The panes are open, so each page reads the service while it loads (status, catalogue): those reads begin the
   * IP's window, and every engine holds their headers when the cells come. Closed: the runtimes run hidden, as a
   * workbook opened with the pane closed, and their first requests are the cells'.
   */
  readonly panesOpen: boolean;
  /** The desk recalculates this long after the first page began loading (0: as soon as all three are loaded). */
  readonly recalcAfterMs: number;
}

/** The headline: panes open, the desk recalculating a third of a window after the first pane's reads began it. */
export const MID_WINDOW: DeskOpening = { panesOpen: true, recalcAfterMs: 20_000 };
/** The other opening: panes closed, the cells the first requests of a fresh window. */
export const FRESH_WINDOW: DeskOpening = { panesOpen: false, recalcAfterMs: 0 };

export interface BrowserDeskResult {
  /** What the service said of its limit (its --rate-headers). */
  readonly form: RateHeaders;
  readonly shape: DeskShape;
  readonly opening: DeskOpening;
  /** The build the pages ran. */
  readonly dist: string;
  readonly rateLimited: number;
  /** Every request the service saw from the desk, the pages' own reads while they loaded included. */
  readonly requests: number;
  /** Of those, the pages' reads while they loaded. */
  readonly requestsAtLoad: number;
  /** From the moment all three recalculated to the last cell settled. */
  readonly settledSeconds: number;
  readonly cells: number;
  readonly errorCells: number;
  readonly firstError?: string;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The 30 resources every workbook of the desk holds, each asked by a dozen cells or so: 370 cells in all. */
export function deskCells(symbols: readonly string[]): CellCall[] {
  const at = (i: number) => symbols[i % symbols.length] ?? "";
  const latest = Array.from({ length: WORKBOOK.latest }, (_, i) => ({ fn: "LATEST", args: [at(i), "confidence"] }));
  // Two windows per symbol over 8 symbols: 16 distinct symbol/window pairs.
  const vol = Array.from({ length: WORKBOOK.vol }, (_, i) => ({
    fn: "VOL",
    args: [at(i), 20 + 70 * Math.floor(i / symbols.length)],
  }));
  const forward = Array.from({ length: WORKBOOK.forward }, (_, i) => ({ fn: "FORWARD", args: [at(i), null, null] }));
  const resources = [...latest, ...vol, ...forward];
  return Array.from({ length: WORKBOOK.cells }, (_, i) => ({
    ...(resources[i % resources.length] as CellCall),
    address: `Sheet1!${String.fromCharCode(66 + Math.floor(i / resources.length))}${(i % resources.length) + 2}`,
  }));
}

/** The workbook alone: 84 volatilities over distinct symbol/window pairs, more than a window's 60. */
function aloneCells(symbols: readonly string[]): CellCall[] {
  return Array.from({ length: ALONE_RESOURCES }, (_, i) => ({
    fn: "VOL",
    args: [symbols[i % symbols.length] ?? "", 10 + Math.floor(i / symbols.length)],
    address: `Sheet1!B${i + 2}`,
  }));
}

/** The active indexes with data, asked with a key so the desk's IP bucket stays untouched. */
async function activeSymbols(service: RemoteService): Promise<string[]> {
  const client = new IndexDataClient({ baseUrl: service.url, apiKey: DEMO_KEYS.enterprise });
  return (await client.listIndexes()).filter((i) => i.isActive && i.latestValue !== undefined).map((i) => i.symbol);
}

function errorsOf(outcomes: readonly CellOutcome[]): string[] {
  return outcomes.flatMap((o) => ("error" in o ? [`${o.error.code} ${o.error.message}`] : []));
}

function buildToRun(): string {
  const dist = resolve(__dirname, "..", process.env["BENCH_DIST"] ?? "dist");
  if (!existsSync(join(dist, "taskpane.html"))) throw new Error(`${dist}/taskpane.html is missing: run npm run build`);
  return dist;
}

/** The desk (or the workbook alone): the browsers open their page, then all recalculate at the same moment. */
export async function browserDeskScenario(
  opening: DeskOpening,
  form: RateHeaders = "full",
  shape: DeskShape = "desk",
): Promise<BrowserDeskResult> {
  const dist = buildToRun();
  const service = await startRemoteService({ windowMs: WINDOW_MS, latencyMs: SERVICE_LATENCY_MS, rateHeaders: form });
  const server = await startStaticServer({ root: dist, proxyApiTo: service.url });
  const browsers: Browser[] = [];
  try {
    const symbols = await activeSymbols(service);
    const cells = shape === "desk" ? deskCells(symbols) : aloneCells(symbols);
    for (let m = 0; m < (shape === "desk" ? MACHINES : 1); m += 1) browsers.push(await launchChromium());
    await service.resetRequestLog();
    const loading = performance.now();
    const pages: FunctionsPage[] = [];
    for (const browser of browsers)
      pages.push(await openAsUsersRunIt(browser, { pageOrigin: server.url, paneClosed: !opening.panesOpen }));
    await sleep(opening.recalcAfterMs - (performance.now() - loading));
    const requestsAtLoad = (await service.requestLog()).length;
    const started = performance.now();
    const evaluated = await Promise.all(pages.map((page) => page.evaluate(cells)));
    const settledMs = performance.now() - started;
    const log = await service.requestLog();
    const errors = evaluated.flatMap((e) => errorsOf(e.outcomes));
    return {
      form,
      shape,
      opening,
      dist,
      rateLimited: log.filter((r) => r.status === 429).length,
      requests: log.length,
      requestsAtLoad,
      settledSeconds: Math.round(settledMs / 100) / 10,
      cells: pages.length * cells.length,
      errorCells: errors.length,
      ...(errors[0] !== undefined ? { firstError: errors[0] } : {}),
    };
  } finally {
    await Promise.all(browsers.map((browser) => browser.close()));
    await server.close();
    await service.close();
  }
}

/** The forms to run: every form, or those BENCH_FORMS names. */
export function formsToRun(): RateHeaders[] {
  const named = (process.env["BENCH_FORMS"] ?? "").split(",").filter((f) => f !== "");
  return named.length === 0 ? [...RATE_HEADER_FORMS] : RATE_HEADER_FORMS.filter((form) => named.includes(form));
}

/**
 * Under each form: the headline desk (panes open, recalculating 20 s into the window), then the workbook alone
 * over its budget; with full headers also the desk into a fresh window (panes closed).
 */
export async function browserDeskScenarios(): Promise<BrowserDeskResult[]> {
  const desks: BrowserDeskResult[] = [];
  for (const form of formsToRun()) desks.push(await browserDeskScenario(MID_WINDOW, form));
  if (formsToRun().includes("full")) desks.push(await browserDeskScenario(FRESH_WINDOW, "full"));
  for (const form of formsToRun()) desks.push(await browserDeskScenario(FRESH_WINDOW, form, "alone"));
  return desks;
}

function openingText(opening: DeskOpening): string {
  return opening.panesOpen
    ? `panes open (their reads while loading begin the window), all recalculating ${opening.recalcAfterMs / 1000} s into it`
    : "panes closed, all recalculating at once into a fresh window";
}

/** The most 429s a scenario may meet under its form. */
function goalOf(desk: BrowserDeskResult): number {
  if (desk.shape === "alone") return 0;
  return desk.form === "none" ? BLIND_429_GOAL : DESK_BROWSERS_429_GOAL;
}

/** One line per scenario, each with its command and the service's form. */
export function browserDeskLines(desks: readonly BrowserDeskResult[]): string[] {
  const resources = WORKBOOK.latest + WORKBOOK.vol + WORKBOOK.forward;
  return desks.map((desk) => {
    const command = `npx tsx bench/desk-browsers.ts; service --rate-headers ${desk.form}`;
    const what =
      desk.shape === "desk"
        ? `${MACHINES} machines (Chromium processes, production bundle ${desk.dist}) behind one IP, no channel, ${openingText(desk.opening)}; each workbook ${WORKBOOK.cells} cells over the same ${resources} distinct resources (${WORKBOOK.latest} /latest with a fix field, ${WORKBOOK.vol} /volatility, ${WORKBOOK.forward} /forward)`
        : `one workbook alone (Chromium, production bundle ${desk.dist}), ${ALONE_RESOURCES} distinct resources`;
    return (
      `Desk in browsers, rate-limit headers ${desk.form} (${command}): ${what}, anonymous, 60 a ${WINDOW_MS / 1000} s window (real, from the first request), ${SERVICE_LATENCY_MS} ms latency: ` +
      `${desk.rateLimited} × 429 (goal ≤ ${goalOf(desk)}), ${desk.requests} requests (${desk.requestsAtLoad} of them the panes' reads while loading), ` +
      `every cell settled in ${desk.settledSeconds} s, ${desk.errorCells} error cells of ${desk.cells} (goal 0)` +
      (desk.firstError !== undefined ? `; first error: ${desk.firstError}` : "")
    );
  });
}

export function browserDeskTargetsMissed(desks: readonly BrowserDeskResult[]): string[] {
  const missed: string[] = [];
  for (const desk of desks) {
    const who = desk.shape === "desk" ? `desk in browsers (${openingText(desk.opening)})` : "workbook alone";
    const name = `${who}, headers ${desk.form}`;
    if (desk.rateLimited > goalOf(desk)) missed.push(`${name}: ${desk.rateLimited} × 429`);
    if (desk.errorCells > 0) missed.push(`${name}: ${desk.errorCells} error cells`);
  }
  return missed;
}

runAlone(module, browserDeskScenarios, browserDeskLines, browserDeskTargetsMissed);
