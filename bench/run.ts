// `npm run bench`: the simulated pricing sheet through the custom functions' code path (the pure
// layer in src/formulas, which the INDEX.* wrappers call), against the reference service in a process of its own
// with 50 ms added latency; our request engine side by side with the naive client (one request per cell, no cache).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { IndexDataClient } from "../src/client";
import { DirectSource } from "../src/client";
import { RequestEngine } from "../src/engine";
import { MemoryStorage } from "../src/settings";
import { DAY_MS } from "@index-data/wire/time";
import { coldOpenLines, coldOpenTargetsMissed } from "./cold-open";
import { cpuOpenLines, cpuOpenTargetsMissed } from "./cpu-open";
import { deskLines, deskScenarios, deskTargetsMissed } from "./desk";
import { browserDeskLines, browserDeskScenarios, browserDeskTargetsMissed } from "./desk-browsers";
import { queueScenario, scaleLines, scaleScenario, scaleTargetsMissed } from "./scale";
import { CATALOGUE_SEARCH_TARGET_MS, catalogueSearchLine, measureCatalogueSearch } from "./catalogue-search";
import { changeGridLines } from "./change-grid";
import { requestMinimumOf, type RequestMinimum } from "./request-minimum";
import { entityBatchPageLines } from "./entity-batch-page";
import { engineGoalLines, engineGoalScenario, engineGoalsMissed } from "./engine-goals";
import { rateOpenLines } from "./rate-open";
import { entityBatchLines, entityBatchScenario, entityBatchTargetsMissed } from "./entity-batch";
import { gatewayDeskLines, gatewayDeskScenario, gatewayTargetsMissed } from "./gateway";
import { gatewayDeskOpenLines, gatewayDeskOpenScenario, gatewayDeskOpenTargetsMissed } from "./gateway-desk";
import { hitPathLines, hitPathScenario, hitPathTargetsMissed } from "./gateway-hits";
import { mcpHitsLines, mcpHitsScenario, mcpHitsTargetsMissed } from "./gateway-mcp";
import { mcpLoadLines, mcpLoadScenario, mcpLoadTargetsMissed } from "./gateway-mcp-load";
import { gatewaySheetLines, gatewaySheetScenario, gatewaySheetTargetsMissed } from "./gateway-sheet";
import { LOAD_PATH_BUDGET_KIB, loadPathScenario } from "./load-path";
import { memoryLines } from "./memory";
import { pricingSheetLines, pricingSheetScenario, pricingSheetTargetsMissed } from "./pricing-sheet";
import { startRemoteService, type RemoteService, SERVICE_LATENCY_MS } from "./remote-service";
import { criticalPathMs, runSheet, type Measured } from "./measure";
import { table, type ScenarioReport } from "./report";
import { SHEET_1000, SHEET_3000, buildSheet, type SheetCell } from "./sheet";

/** The service's rate-limit window, compressed from 60 s so the run stays short; the engine is told the same. */
const WINDOW_MS = 6000;
/** The naive client's cells get the functions' default bound. */
const NAIVE_SETTLE_MS = 120_000;

/** Where the results go unless `npm run bench -- --out <file>` says otherwise: an ignored folder, never a tracked file. */
const DEFAULT_OUT = join(__dirname, "..", "test-artifacts", "bench", "latest.json");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function service(): Promise<RemoteService> {
  return startRemoteService({ windowMs: WINDOW_MS, latencyMs: SERVICE_LATENCY_MS });
}

function engine(s: RemoteService, storage: MemoryStorage): RequestEngine {
  return new RequestEngine({ baseUrl: s.url }, { storage, rateWindowMs: WINDOW_MS });
}

/** Median time of one request, the unit of the round-trip target. */
async function roundTripMs(s: RemoteService): Promise<number> {
  const client = new IndexDataClient({ baseUrl: s.url });
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const t = performance.now();
    await client.systemStatus();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[2] ?? SERVICE_LATENCY_MS;
}

function report(
  name: string,
  description: string,
  minimum: RequestMinimum,
  ours: Measured,
  baseline: Measured,
  rtt: number,
  extra: Record<string, boolean> = {},
): ScenarioReport {
  const roundTrips = ours.settledMs / rtt;
  const targets = {
    "requests = minimum": ours.requests === minimum.requests,
    "zero 429s": ours.rateLimited === 0,
    "no error cells": ours.errorCells === 0,
    ...extra,
  };
  return { name, description, minimum, ours, baseline, roundTrips, targets };
}

interface Services {
  readonly ours: RemoteService;
  readonly naive: RemoteService;
}

async function sheetScenarios(
  services: Services,
  symbols: readonly string[],
  longHistory: readonly string[],
  rtt: number,
): Promise<ScenarioReport[]> {
  const sheet: SheetCell[] = buildSheet(symbols, SHEET_1000, longHistory);
  const storage = new MemoryStorage();
  const first = engine(services.ours, storage);
  const naive = new DirectSource(new IndexDataClient({ baseUrl: services.naive.url }));
  const bound = first.options.settleBoundMs;
  const reports: ScenarioReport[] = [];

  const cold = requestMinimumOf(sheet);
  const coldOurs = await runSheet(first, sheet, services.ours, bound);
  const coldNaive = await runSheet(naive, sheet, services.naive, NAIVE_SETTLE_MS);
  await sleep(WINDOW_MS); // a fresh window, so the replay below is not rate limited
  const critical = await criticalPathMs(services.ours.url, coldOurs.paths);
  // The round-trip goal is judged by counting round trips (coldOpenRoundTrips, median of 5), not by this run's
  // wall time, which a loaded machine stretches; the time is printed for comparison with the naive client.
  reports.push(
    report(
      "cold open",
      `1,000 cells, anonymous tier, empty cache; the minimum's requests sent at once by a bare client take ${Math.round(critical)} ms (its critical path)`,
      cold,
      coldOurs,
      coldNaive,
      rtt,
    ),
  );

  await sleep(WINDOW_MS); // a refresh a (compressed) minute later, as a trader would press it
  first.invalidate();
  const refreshOurs = await runSheet(first, sheet, services.ours, bound);
  const refreshNaive = await runSheet(naive, sheet, services.naive, NAIVE_SETTLE_MS);
  reports.push(
    report(
      "refresh",
      "the same sheet, Refresh pressed: latest kinds invalidated, past history kept",
      requestMinimumOf(sheet, { refresh: true }),
      refreshOurs,
      refreshNaive,
      rtt,
    ),
  );

  await first.flush();
  first.close();
  await sleep(WINDOW_MS);
  const reopened = engine(services.ours, storage);
  const reopenOurs = await runSheet(reopened, sheet, services.ours, bound);
  const reopenNaive = await runSheet(naive, sheet, services.naive, NAIVE_SETTLE_MS);
  const reopenBaseline: RequestMinimum = {
    requests: 0,
    parts: {},
    explanation: "every resource is in the last-known store within its time-to-live: nothing needs asking",
  };
  reports.push(
    report(
      "reopen",
      "workbook closed and reopened within the time-to-live (last-known store)",
      reopenBaseline,
      reopenOurs,
      reopenNaive,
      rtt,
    ),
  );
  reopened.close();
  return reports;
}

async function bigSheetScenario(
  symbols: readonly string[],
  longHistory: readonly string[],
  rtt: number,
): Promise<ScenarioReport> {
  const services = { ours: await service(), naive: await service() };
  try {
    const sheet = buildSheet(symbols, SHEET_3000, longHistory);
    const ours = engine(services.ours, new MemoryStorage());
    const naive = new DirectSource(new IndexDataClient({ baseUrl: services.naive.url }));
    const measuredOurs = await runSheet(ours, sheet, services.ours, ours.options.settleBoundMs);
    const measuredNaive = await runSheet(naive, sheet, services.naive, NAIVE_SETTLE_MS);
    ours.close();
    const minimum = requestMinimumOf(sheet);
    const windows = Math.ceil(minimum.requests / 60);
    return report(
      "3,000 cells",
      `minimum ${minimum.requests} > 60 a minute: spread over ${windows} windows of ${WINDOW_MS / 1000} s`,
      minimum,
      measuredOurs,
      measuredNaive,
      rtt,
      {
        "minimum exceeds one minute's budget": minimum.requests > 60,
      },
    );
  } finally {
    await Promise.all([services.ours.close(), services.naive.close()]);
  }
}

const LONG_HISTORY_DAYS = 680;

/**
 * Untimed, on a throwaway service: finds the indexes with two years of history (for history cells), then
 * runs the sheet once so that JIT compilation is not counted against the first scenario.
 */
async function warmUp(symbols: readonly string[]): Promise<string[]> {
  const s = await service();
  try {
    const client = new IndexDataClient({ baseUrl: s.url });
    const since = new Date(Date.now() - (LONG_HISTORY_DAYS + 20) * DAY_MS).toISOString().slice(0, 10);
    const cutoff = Date.now() - LONG_HISTORY_DAYS * DAY_MS;
    const long: string[] = [];
    for (const symbol of symbols) {
      const first = (await client.history(symbol, { startDate: since })).values[0];
      if (first !== undefined && Date.parse(first.date) <= cutoff) long.push(symbol);
    }
    const e = engine(s, new MemoryStorage());
    await runSheet(e, buildSheet(symbols, SHEET_1000, long), s, e.options.settleBoundMs);
    e.close();
    return long;
  } finally {
    await s.close();
  }
}

function outFile(): string {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  return values.out === undefined ? DEFAULT_OUT : resolve(values.out);
}

/** A scenario's figures once it has run, its lines printed after a blank line. */
async function printedFigures<T>(running: Promise<T>, lines: (figures: T) => readonly string[]): Promise<T> {
  const figures = await running;
  console.log(`\n${lines(figures).join("\n")}`);
  return figures;
}

async function main(): Promise<void> {
  const file = outFile();
  const services = { ours: await service(), naive: await service() };
  let reports: ScenarioReport[];
  let rtt: number;
  try {
    const catalogue = await new IndexDataClient({ baseUrl: services.ours.url }).listIndexes();
    // Indexes with data, active first (an inactive index has no recent history to ask for).
    const withData = catalogue.filter((i) => i.latestValue !== undefined);
    const symbols = [...withData.filter((i) => i.isActive), ...withData.filter((i) => !i.isActive)].map(
      (i) => i.symbol,
    );
    rtt = await roundTripMs(services.ours);
    const longHistory = await warmUp(symbols);
    await sleep(WINDOW_MS); // start with a clean rate-limit window
    reports = await sheetScenarios(services, symbols, longHistory, rtt);
    reports.push(await bigSheetScenario(symbols, longHistory, rtt));
  } finally {
    await Promise.all([services.ours.close(), services.naive.close()]);
  }
  const printed = table(reports);
  console.log(
    `Benchmark: reference service in its own process, ${SERVICE_LATENCY_MS} ms added latency, rate-limit window ${WINDOW_MS / 1000} s (compressed from 60 s), one round trip ≈ ${Math.round(rtt)} ms.`,
  );
  console.log("ours = the request engine; naive = one request per cell, no cache (the templates' way).\n");
  console.log(printed);
  for (const r of reports)
    console.log(
      `\n${r.name}: ${r.description}.\n  minimum ${r.minimum.requests} = ${r.minimum.explanation}${r.baseline.firstError ? `\n  naive cells failed with: ${r.baseline.firstError}` : ""}`,
    );
  // The desk as a desk runs it (the headline), under every form of rate-limit headers the service may speak (issue
  // 37), then the engine-in-Node desks on a compressed window as extra lines.
  const browserDesks = await printedFigures(browserDeskScenarios(), browserDeskLines);
  const desks = await deskScenarios();
  console.log(`${deskLines(desks).join("\n")}`);
  const gateway = await printedFigures(gatewayDeskScenario(), gatewayDeskLines);
  const gatewayOpen = await printedFigures(gatewayDeskOpenScenario(), gatewayDeskOpenLines);
  const gatewaySheet = await printedFigures(gatewaySheetScenario(), gatewaySheetLines);
  const hitPath = await printedFigures(hitPathScenario(), hitPathLines);
  const mcpHits = await printedFigures(mcpHitsScenario(), mcpHitsLines);
  const mcpLoad = await printedFigures(mcpLoadScenario(), mcpLoadLines);
  // The engine's goals: the cold open, CPU, entity batch and memory on the production bundle, each beside its baseline.
  const engineGoals = await engineGoalScenario();
  const { coldOpen } = engineGoals;
  console.log(`\n${coldOpenLines(coldOpen).join("\n")}`);
  console.log(`\n${rateOpenLines(engineGoals.rateOpen).join("\n")}`);
  console.log(`\n${changeGridLines(engineGoals.changeGrid).join("\n")}`);
  console.log(`\n${cpuOpenLines(engineGoals.cpu).join("\n")}`);
  console.log(`\n${entityBatchPageLines(engineGoals.entityBatch).join("\n")}`);
  console.log(`\n${memoryLines(engineGoals.memory).join("\n")}`);
  // The pricing sheet's requests: the builder's 50-index sheet at its request minimum, its cold open beside a bare
  // client.
  const pricingSheet = await printedFigures(pricingSheetScenario(), pricingSheetLines);
  const scale = await scaleScenario();
  const queue = await queueScenario();
  console.log(`\n${scaleLines(scale, queue).join("\n")}`);
  const loadPath = await loadPathScenario(join(__dirname, ".."));
  console.log(`\nLoad path of the shared runtime page (${loadPath.after.dist} in Chromium):\n${loadPath.table}`);
  const catalogueSearch = measureCatalogueSearch();
  console.log(`\n${catalogueSearchLine(catalogueSearch)}`);
  const entityBatch = await printedFigures(entityBatchScenario(), entityBatchLines);
  console.log(`\n${engineGoalLines(engineGoals).join("\n")}`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({ ranAt: new Date().toISOString(), latencyMs: SERVICE_LATENCY_MS, windowMs: WINDOW_MS, roundTripMs: rtt, table: printed, scenarios: reports, browserDesks, desks, gateway, gatewayOpen, gatewaySheet, hitPath, mcpHits, mcpLoad, engineGoals, pricingSheet, scale, queue, loadPath, catalogueSearch, entityBatch }, null, 2)}\n`,
  );
  console.log(`\nWrote ${file}`);
  const missed = reports.flatMap((r) =>
    Object.entries(r.targets)
      .filter(([, ok]) => !ok)
      .map(([k]) => `${r.name}: ${k}`),
  );
  missed.push(
    ...browserDeskTargetsMissed(browserDesks),
    ...deskTargetsMissed(desks),
    ...gatewayTargetsMissed(gateway),
    ...gatewayDeskOpenTargetsMissed(gatewayOpen),
    ...gatewaySheetTargetsMissed(gatewaySheet),
    ...hitPathTargetsMissed(hitPath),
    ...mcpHitsTargetsMissed(mcpHits),
    ...mcpLoadTargetsMissed(mcpLoad),
    ...coldOpenTargetsMissed(coldOpen),
    ...cpuOpenTargetsMissed(engineGoals.cpu),
    ...engineGoalsMissed(engineGoals),
    ...pricingSheetTargetsMissed(pricingSheet),
    ...scaleTargetsMissed(scale),
    ...entityBatchTargetsMissed(entityBatch),
  );
  if (catalogueSearch.perKeystroke.maxMs >= CATALOGUE_SEARCH_TARGET_MS)
    missed.push(`catalogue search: ${catalogueSearch.perKeystroke.maxMs} ms a keystroke`);
  if (loadPath.after.scriptKib > LOAD_PATH_BUDGET_KIB)
    missed.push(`load path: ${loadPath.after.scriptKib} KiB > ${LOAD_PATH_BUDGET_KIB} KiB`);
  if (missed.length > 0) {
    console.log(`Targets missed: ${missed.join("; ")}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
