// The desk of issues 14 and 18: three workbooks behind one IP, 90 distinct resources against the anonymous budget
// of 60 a window, on one machine (three engines sharing a channel, as three shared runtimes would) and on three
// machines (three processes, nothing shared but the service's headers). Run alone with `npx tsx bench/desk.ts`.
import { fork } from "node:child_process";
import { join } from "node:path";
import { IndexDataClient } from "../src/client";
import { RequestEngine } from "../src/engine";
import { MemoryStorage } from "../src/settings";
import { isCellError, type FormulaEnv, type FormulaResult } from "../src/formulas";
import { evaluateCell } from "./measure";
import { startRemoteService, SERVICE_LATENCY_MS } from "./remote-service";
import type { SheetCell } from "./sheet";
import { runAlone } from "./report";

/** The service's window, compressed from 60 s (the budget stays 60 a window), so the desk runs in seconds. */
export const DESK_WINDOW_MS = 6000;
/** The desk's workbooks, each its own resources (`deskSheet`); bench/gateway.ts opens them on each of 3 machines. */
export const DESK_WORKBOOKS = 3;
export const RESOURCES_PER_WORKBOOK = 30;
/** In the second run the third workbook opens this long after the first two: it joins a budget being spent. */
const LATE_JOIN_MS = 1000;

export interface DeskResult {
  /** Whether the workbooks share a channel (one machine) or only the service's headers (three machines). */
  readonly channel: boolean;
  /** When the third workbook opened, after the first two (0: all three at once). */
  readonly lateJoinMs: number;
  readonly rateLimited: number;
  readonly requests: number;
  readonly settledSeconds: number;
  /** The same in real minutes: the window is compressed 60 s → DESK_WINDOW_MS. */
  readonly settledRealSeconds: number;
  readonly errorCells: number;
  readonly firstError?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function errorsOf(results: readonly FormulaResult[]): string[] {
  return results.filter(isCellError).map((error) => error.message);
}

/** Workbook `w`'s cells: volatility of its own symbol/window pairs, so the desk's resources are all distinct. */
export function deskSheet(symbols: readonly string[], w: number): SheetCell[] {
  const cells: SheetCell[] = [];
  for (let i = 0; cells.length < RESOURCES_PER_WORKBOOK; i += 1) {
    const symbol = symbols[i % symbols.length] ?? "";
    cells.push({ kind: "vol", symbol, days: 10 + w * 100 + Math.floor(i / symbols.length) });
  }
  return cells;
}

/** Opens a workbook: its engine stays open (as its shared runtime would) until the desk closes every one. */
function openWorkbook(url: string, cells: readonly SheetCell[], open: RequestEngine[]): Promise<FormulaResult[]> {
  const engine = new RequestEngine({ baseUrl: url }, { storage: new MemoryStorage(), rateWindowMs: DESK_WINDOW_MS });
  open.push(engine);
  const env: FormulaEnv = { source: engine, caps: { formattedNumbers: true }, settleMs: engine.options.settleBoundMs };
  return Promise.all(cells.map((cell) => evaluateCell(env, cell)));
}

/** A machine of its own (a process) opening `workbooks`; resolves with its error cells' messages. */
function openMachine(url: string, workbooks: readonly (readonly SheetCell[])[]): Promise<string[]> {
  const child = fork(join(__dirname, "desk-machine.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("message", (report: { errors: string[] }) => resolve(report.errors));
    child.once("exit", (code) => reject(new Error(`a desk machine exited (code ${String(code)}) before reporting`)));
    child.send({ url, windowMs: DESK_WINDOW_MS, workbooks });
  });
}

/**
 * The desk: three workbooks, either on one machine (one process, sharing the budget over the channel) or on
 * three machines (three processes, nothing shared but the service's headers).
 */
export async function deskScenario(lateJoinMs: number, channel = true): Promise<DeskResult> {
  const service = await startRemoteService({ windowMs: DESK_WINDOW_MS, latencyMs: SERVICE_LATENCY_MS });
  try {
    const symbols = (await new IndexDataClient({ baseUrl: service.url }).listIndexes())
      .filter((i) => i.latestValue !== undefined)
      .map((i) => i.symbol);
    await sleep(DESK_WINDOW_MS); // a clean window for the desk
    await service.resetRequestLog();
    const started = performance.now();
    const books: Array<Promise<string[]>> = [];
    const open: RequestEngine[] = [];
    for (let w = 0; w < DESK_WORKBOOKS; w += 1) {
      if (w === DESK_WORKBOOKS - 1 && lateJoinMs > 0) await sleep(lateJoinMs);
      const cells = deskSheet(symbols, w);
      books.push(channel ? openWorkbook(service.url, cells, open).then(errorsOf) : openMachine(service.url, [cells]));
    }
    const errors = (await Promise.all(books)).flat();
    const settledMs = performance.now() - started;
    for (const engine of open) engine.close();
    const log = await service.requestLog();
    return {
      channel,
      lateJoinMs,
      rateLimited: log.filter((r) => r.status === 429).length,
      requests: log.length,
      settledSeconds: Math.round(settledMs / 100) / 10,
      settledRealSeconds: Math.round((settledMs * 60_000) / DESK_WINDOW_MS / 1000),
      errorCells: errors.length,
      ...(errors[0] !== undefined ? { firstError: errors[0] } : {}),
    };
  } finally {
    await service.close();
  }
}

export function deskLines(desks: readonly DeskResult[]): string[] {
  return desks.map((desk) => deskLine(desk));
}

function deskLine(desk: DeskResult): string {
  const where = desk.channel
    ? "on one machine (a shared channel)"
    : "on three machines (no channel: the header rule alone)";
  const opened = desk.lateJoinMs > 0 ? `the third opens ${desk.lateJoinMs / 1000} s later` : "all three open at once";
  return (
    `Desk, engines in Node on a compressed window (npx tsx bench/desk.ts): ${DESK_WORKBOOKS} workbooks ${where} behind one IP, ${DESK_WORKBOOKS * RESOURCES_PER_WORKBOOK} distinct resources, 60 requests a ${DESK_WINDOW_MS / 1000} s window, ${opened}: ` +
    `${desk.rateLimited} × 429 (goal ≤ 5), ${desk.requests} requests, every cell settled in ${desk.settledSeconds} s (≈ ${desk.settledRealSeconds} s at 60 a minute), ${desk.errorCells} error cells (goal 0)` +
    (desk.firstError !== undefined ? `; first error: ${desk.firstError}` : "")
  );
}

/** The desks: one machine (a channel) and three machines (no channel), all at once and with one joining late. */
export async function deskScenarios(): Promise<DeskResult[]> {
  const desks: DeskResult[] = [];
  for (const channel of [true, false])
    for (const late of [0, LATE_JOIN_MS]) desks.push(await deskScenario(late, channel));
  return desks;
}

export function deskTargetsMissed(desks: readonly DeskResult[]): string[] {
  const missed: string[] = [];
  for (const desk of desks) {
    const name = `desk (${desk.channel ? "channel" : "no channel"}${desk.lateJoinMs > 0 ? ", one late" : ""})`;
    if (desk.rateLimited > 5) missed.push(`${name}: ${desk.rateLimited} × 429`);
    if (desk.errorCells > 0) missed.push(`${name}: ${desk.errorCells} error cells`);
  }
  return missed;
}

runAlone(module, deskScenarios, deskLines, deskTargetsMissed);
