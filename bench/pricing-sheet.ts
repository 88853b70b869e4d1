// The 50-index pricing sheet the builder makes from the default template, opened cold where a trader opens
// it: the production bundle's shared runtime page in Chromium, every cell called as Excel's runtime calls it, the
// Index column loaded through the data type's load service, against the reference service in a process of its own
// with 50 ms added latency. It counts the requests against the sheet's request minimum (the catalogue, a fix per
// index, one history range per index for every period and the panel, the volatility and forward resources) and
// times the open beside a bare client fetching the same distinct resources at once from the same page, on a fresh
// rate window each. Part of `npm run bench`; alone with `npx tsx bench/pricing-sheet.ts`.
import type { Browser } from "playwright-core";
import { DEMO_KEYS } from "../reference-service/src";
import { IndexDataClient } from "../src/client";
import { DAY_MS } from "@index-data/wire/time";
import { launchChromium } from "../test/support/browser";
import type { CellOutcome, FunctionsPage } from "../test/support/functions-page";
import { startStaticServer, type StaticServer } from "../test/support/static-server";
import { distUnderTest } from "./bundle";
import { pairedOpens, type PairedOpens } from "./cold-open";
import { DESK_WINDOW_MS } from "./desk";
import { bareCriticalPath, knownLimitItems, openAsUsersRunIt } from "./page-open";
import { pricingSheetCells, type PricingSheetCells } from "./pricing-sheet-cells";
import { startRemoteService, type RemoteService, SERVICE_LATENCY_MS } from "./remote-service";
import { runAlone } from "./report";

export const PRICING_SHEET_COMMAND = "npx tsx bench/pricing-sheet.ts";
const RUNS = Number(process.env["BENCH_PRICING_SHEET_RUNS"] ?? 5);
const INDEXES = 50;
const GOAL = 1.3;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export interface PricingSheetResult extends PairedOpens {
  readonly indexes: number;
  readonly cells: number;
  readonly minimum: PricingSheetCells["minimum"];
  readonly requests: readonly number[];
  /** The most times one path was asked in a run (1: no resource asked twice). */
  readonly mostAsked: number;
  readonly errorCells: number;
  readonly firstError?: string;
}

/**
 * Active indexes with a year of history before today, so every period of the sheet has its base in the range it
 * asks (a young index asks once more, to say where its history starts; an inactive one to find its old fix's base).
 */
async function sheetSymbols(service: RemoteService): Promise<string[]> {
  const client = new IndexDataClient({ baseUrl: service.url });
  const since = new Date(Date.now() - 400 * DAY_MS).toISOString().slice(0, 10);
  const active = (await client.listIndexes()).filter((i) => i.isActive && i.latestValue !== undefined);
  const symbols: string[] = [];
  for (const { symbol } of active) {
    if (symbols.length === INDEXES) break;
    const first = (await client.history(symbol, { startDate: since, endDate: since })).values[0];
    if (first !== undefined) symbols.push(symbol);
  }
  return symbols;
}

interface Run {
  readonly engineMs: number;
  readonly bareMs: number;
  readonly paths: readonly string[];
  readonly errors: readonly string[];
}

/** The cells' errors, as Excel would show them: code and message. */
export function errorsOf(outcomes: readonly CellOutcome[]): string[] {
  return outcomes.flatMap((outcome) => ("error" in outcome ? [`${outcome.error.code} ${outcome.error.message}`] : []));
}

/** A fresh shared runtime page (a fresh engine) with the pane closed, on the enterprise key whose limit it knows. */
export async function enterprisePage(browser: Browser, server: StaticServer): Promise<FunctionsPage> {
  const apiKey = DEMO_KEYS.enterprise;
  const storage = await knownLimitItems(server.url, apiKey, 1000);
  return openAsUsersRunIt(browser, { pageOrigin: server.url, apiKey, storage, paneClosed: true });
}

/** One cold open on a fresh page (a fresh engine, the enterprise key's limit known), then the bare client. */
async function openOnce(browser: Browser, server: StaticServer, service: RemoteService, sheet: PricingSheetCells) {
  const apiKey = DEMO_KEYS.enterprise;
  const page = await enterprisePage(browser, server);
  try {
    await sleep(DESK_WINDOW_MS);
    await service.resetRequestLog();
    const { outcomes, ms } = await page.evaluate(sheet.cells);
    const paths = (await service.requestLog()).map((entry) => entry.path);
    await sleep(DESK_WINDOW_MS);
    const bareMs = await bareCriticalPath(page, paths, apiKey);
    return { engineMs: ms, bareMs, paths, errors: errorsOf(outcomes) } satisfies Run;
  } finally {
    await page.close();
  }
}

function mostAsked(paths: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const path of paths) counts.set(path, (counts.get(path) ?? 0) + 1);
  return Math.max(0, ...counts.values());
}

export async function pricingSheetScenario(): Promise<PricingSheetResult> {
  const service = await startRemoteService({
    windowMs: DESK_WINDOW_MS,
    latencyMs: SERVICE_LATENCY_MS,
    extraIndexes: 45,
  });
  const server = await startStaticServer({ root: distUnderTest(), proxyApiTo: service.url });
  const browser = await launchChromium();
  try {
    const symbols = await sheetSymbols(service);
    const sheet = pricingSheetCells(symbols);
    await openOnce(browser, server, service, sheet); // warm-up: the browser's caches and JIT, not counted
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await openOnce(browser, server, service, sheet));
    const errors = runs.flatMap((run) => run.errors);
    return {
      indexes: symbols.length,
      cells: sheet.cells.length,
      minimum: sheet.minimum,
      requests: runs.map((run) => run.paths.length),
      mostAsked: Math.max(...runs.map((run) => mostAsked(run.paths))),
      ...pairedOpens(runs),
      errorCells: Math.max(0, ...runs.map((run) => run.errors.length)),
      ...(errors[0] !== undefined ? { firstError: errors[0] } : {}),
    };
  } finally {
    await browser.close();
    await Promise.all([server.close(), service.close()]);
  }
}

export function pricingSheetLines(r: PricingSheetResult): string[] {
  return [
    `Pricing sheet (\`${PRICING_SHEET_COMMAND}\`): the builder's default template over ${r.indexes} indexes (${r.cells} calls: ${r.cells - 1} cells and the Index column's load), cold, through the production bundle in Chromium, enterprise key with its limit known, ${SERVICE_LATENCY_MS} ms latency, ${RUNS} runs:`,
    `  requests ${r.requests.join(", ")} against a request minimum of ${r.minimum.requests} (${r.minimum.explanation}); no path asked more than ${r.mostAsked}x`,
    `  cold open: engine ${r.engineMs.join(", ")} ms; bare client ${r.bareMs.join(", ")} ms; ratio ${r.ratios.join(", ")}; median ${r.medianRatio}x the bare client (goal ≤ ${GOAL}x); error cells ${r.errorCells}${r.firstError !== undefined ? ` (first: ${r.firstError})` : ""}`,
  ];
}

export function pricingSheetTargetsMissed(r: PricingSheetResult): string[] {
  return [
    ...(r.indexes !== INDEXES ? [`pricing sheet: ${r.indexes} indexes, not ${INDEXES}`] : []),
    ...(r.requests.some((n) => n !== r.minimum.requests)
      ? [`pricing sheet: requests ${r.requests.join(", ")} against a minimum of ${r.minimum.requests}`]
      : []),
    ...(r.medianRatio > GOAL ? [`pricing sheet: cold open ${r.medianRatio}x the bare client (goal ${GOAL}x)`] : []),
    ...(r.errorCells > 0 ? [`pricing sheet: ${r.errorCells} error cells`] : []),
  ];
}

runAlone(module, pricingSheetScenario, pricingSheetLines, pricingSheetTargetsMissed);
