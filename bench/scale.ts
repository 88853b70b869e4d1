// A big desk's scale: sheets of 1,000, 5,000 and 20,000 cells over 200 symbols, each cell evaluated at its own
// address (so the address index and the visible lane work as in Excel, the whole sheet visible), within the
// anonymous budget by using few distinct resources. And the queue itself: thousands of distinct resources
// queued with the visible set covering them all, timed on the main thread. Run alone with `npx tsx bench/scale.ts`.
import { IndexDataClient } from "../src/client";
import { RequestEngine } from "../src/engine";
import { cellCall } from "../src/engine";
import { CellSource } from "../src/engine";
import { LaneHints } from "../src/engine";
import { RateBudget } from "../src/engine";
import { Scheduler } from "../src/engine";
import { MemoryStorage } from "../src/settings";
import { isCellError, type FormulaEnv, type FormulaResult } from "../src/formulas";
import { DAY_MS } from "@index-data/wire/time";
import { requestMinimumOf } from "./request-minimum";
import { evaluateCell } from "./measure";
import { startRemoteService, SERVICE_LATENCY_MS } from "./remote-service";
import type { SheetCell } from "./sheet";
import { runAlone } from "./report";

const WINDOW_MS = 6000;
/** 191 more indexes beside the reference dataset's nine: 200 symbols. */
const EXTRA_INDEXES = 191;
const SIZES = [1_000, 5_000, 20_000] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ScaleRow {
  readonly cells: number;
  readonly minimum: number;
  readonly requests: number;
  readonly rateLimited: number;
  readonly errorCells: number;
  readonly settledMs: number;
  readonly cpuMsPer1000: number;
  readonly peakHeapMb: number;
  /** The engine's structures after the run (engine.bookkeeping()). */
  readonly bookkeeping: Readonly<Record<string, number>>;
}

function daysAgo(n: number): string {
  return new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * `size` cells: 70 % value, date or stale flag over all 200 symbols (one catalogue request answers them), 15 %
 * fix fields over 20 symbols, 10 % history over 10 symbols (ranges merged into one request each), 5 % the
 * 30-day volatility of 10 symbols. RequestMinimum: 1 + 20 + 10 + 10 = 41 requests, inside one window's 60.
 */
export function scaleSheet(symbols: readonly string[], size: number): SheetCell[] {
  const cells: SheetCell[] = [];
  const fixSymbols = symbols.slice(0, 20);
  const historySymbols = symbols.slice(0, 10);
  for (let i = 0; cells.length < size; i += 1) {
    const slot = i % 20;
    const n = Math.floor(i / 20);
    if (slot < 14)
      cells.push({
        kind: "latest",
        symbol: symbols[n % symbols.length] ?? "",
        field: ["value", "asOf", "stale"][slot % 3] ?? "value",
      });
    else if (slot < 17)
      cells.push({
        kind: "latest",
        symbol: fixSymbols[n % fixSymbols.length] ?? "",
        field: ["confidence", "status", "publicationMode"][slot - 14] ?? "status",
      });
    else if (slot < 19) {
      const end = 5 + (n % 40);
      cells.push({
        kind: "history",
        symbol: historySymbols[n % historySymbols.length] ?? "",
        start: daysAgo(end + 120),
        end: daysAgo(end),
      });
    } else cells.push({ kind: "vol", symbol: historySymbols[n % historySymbols.length] ?? "", days: 30 });
  }
  return cells;
}

/** The cell at row `i` of a sheet 20 columns wide, as Excel writes its address. */
function addressOf(i: number): string {
  const column = String.fromCharCode(65 + (i % 20));
  return `Sheet1!${column}${Math.floor(i / 20) + 1}`;
}

function isError(result: FormulaResult): boolean {
  if (isCellError(result)) return true;
  return Array.isArray(result) && result.some((row) => row.some((cell) => isCellError(cell)));
}

async function runScale(
  url: string,
  requestLog: () => Promise<readonly { status: number }[]>,
  reset: () => Promise<void>,
  sheet: readonly SheetCell[],
): Promise<ScaleRow> {
  const engine = new RequestEngine(
    { baseUrl: url },
    { storage: new MemoryStorage(), rateWindowMs: WINDOW_MS, budgetChannel: null },
  );
  engine.setVisible(() => true); // the whole sheet counts as visible, as a used range under 10,000 cells does
  await reset();
  let peakHeap = 0;
  const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 10);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const results = await Promise.all(
    sheet.map((cell, i) => {
      const env: FormulaEnv = {
        source: new CellSource(
          () => Promise.resolve(engine),
          cellCall(addressOf(i), false),
          () => engine,
        ),
        caps: { formattedNumbers: true },
        settleMs: engine.options.settleBoundMs,
      };
      return evaluateCell(env, cell);
    }),
  );
  const settledMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  const log = await requestLog();
  const bookkeeping = engine.bookkeeping();
  engine.close();
  return {
    cells: sheet.length,
    minimum: requestMinimumOf(sheet).requests,
    requests: log.length,
    rateLimited: log.filter((r) => r.status === 429).length,
    errorCells: results.filter(isError).length,
    settledMs: Math.round(settledMs),
    cpuMsPer1000: Math.round(((used.user + used.system) / 1000) * (1000 / sheet.length)),
    peakHeapMb: Math.round((peakHeap / 1024 / 1024) * 10) / 10,
    bookkeeping,
  };
}

export async function scaleScenario(): Promise<ScaleRow[]> {
  const service = await startRemoteService({
    windowMs: WINDOW_MS,
    latencyMs: SERVICE_LATENCY_MS,
    extraIndexes: EXTRA_INDEXES,
  });
  try {
    const catalogue = await new IndexDataClient({ baseUrl: service.url }).listIndexes();
    // The added indexes first: they have history back to 2022 (a young index has none 120 days back).
    const withData = catalogue.filter((i) => i.latestValue !== undefined && i.isActive).map((i) => i.symbol);
    const symbols = [
      ...withData.filter((s) => s.startsWith("SCALE-")),
      ...withData.filter((s) => !s.startsWith("SCALE-")),
    ];
    const rows: ScaleRow[] = [];
    for (const size of SIZES) {
      await sleep(WINDOW_MS); // each sheet opens on a fresh window
      rows.push(
        await runScale(
          service.url,
          () => service.requestLog(),
          () => service.resetRequestLog(),
          scaleSheet(symbols, size),
        ),
      );
    }
    return rows;
  } finally {
    await service.close();
  }
}

export interface QueueRow {
  readonly resources: number;
  readonly queueMs: number;
}

/**
 * Main-thread time to queue `n` distinct resources at 1,000 a minute with the visible set covering every one:
 * lanes looked up by index, placed in a heap (scanning every lane took 1.9 s, 40 s and 238 s for 1,000, 3,000 and
 * 6,000).
 */
export async function queueScenario(sizes: readonly number[] = [1_000, 3_000, 6_000, 20_000]): Promise<QueueRow[]> {
  const rows: QueueRow[] = [];
  for (const n of sizes) {
    const budget = new RateBudget({ limit: 1000, windowMs: 60_000, marginMs: 250 });
    const hints = new LaneHints();
    const scheduler = new Scheduler(budget, hints, {
      maxQueueWaitMs: 3_600_000,
      maxInFlight: 48,
      clock: { now: () => Date.now(), setTimer: () => undefined, clearTimer: () => undefined },
    });
    const keys = Array.from({ length: n }, (_, i) => `volatility|SYM-${i % 200}|${i}`);
    hints.setVisible(() => true, keys);
    const never = () => new Promise<never>(() => undefined);
    const started = performance.now();
    // Expected: the bench fails the waiting work itself (failWaiting below) once it has timed the queue.
    for (const key of keys) void scheduler.schedule(never, { answers: { keys: [key] } }).catch(() => undefined);
    rows.push({ resources: n, queueMs: Math.round(performance.now() - started) });
    scheduler.failWaiting(new Error("bench over"));
    await Promise.resolve();
  }
  return rows;
}

export function scaleLines(rows: readonly ScaleRow[], queue: readonly QueueRow[]): string[] {
  const keys = Object.keys(rows[0]?.bookkeeping ?? {});
  return [
    "Scale (200 symbols, the whole sheet visible, one fresh window each; bookkeeping after the run):",
    "| cells | minimum | requests | 429s | error cells | settled ms | CPU ms per 1,000 cells | peak heap MB | " +
      keys.join(" | ") +
      " |",
    ...rows.map(
      (r) =>
        `| ${r.cells} | ${r.minimum} | ${r.requests} | ${r.rateLimited} | ${r.errorCells} | ${r.settledMs} | ${r.cpuMsPer1000} | ${r.peakHeapMb} | ` +
        keys.map((k) => String(r.bookkeeping[k] ?? "")).join(" | ") +
        " |",
    ),
    `Queueing distinct resources at 1,000 a minute, visible set covering all: ${queue.map((q) => `${q.resources} in ${q.queueMs} ms`).join(", ")}`,
  ];
}

export function scaleTargetsMissed(rows: readonly ScaleRow[]): string[] {
  return rows.flatMap((r) => [
    ...(r.requests !== r.minimum ? [`scale ${r.cells}: ${r.requests} requests against a minimum of ${r.minimum}`] : []),
    ...(r.rateLimited > 0 ? [`scale ${r.cells}: ${r.rateLimited} × 429`] : []),
    ...(r.errorCells > 0 ? [`scale ${r.cells}: ${r.errorCells} error cells`] : []),
  ]);
}

runAlone(
  module,
  async () => ({ rows: await scaleScenario(), queue: await queueScenario() }),
  ({ rows, queue }) => scaleLines(rows, queue),
  ({ rows }) => scaleTargetsMissed(rows),
);
