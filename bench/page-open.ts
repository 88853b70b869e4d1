// One cold open of a sheet in the built shared runtime page (test/support/functions-page.ts), watched from outside
// through the Chrome DevTools Protocol: when each of the page's requests left and was answered (round trips on the
// critical path, without touching the page's fetch), and the page's CPU time (Performance.getMetrics). Then the
// bare client's critical path from the same page: the same distinct resources fetched plainly, all at once.
import type { Browser, Page } from "playwright-core";
import { keepKnownLimit } from "../src/engine";
import { toClientOptions } from "../src/settings";
import { MemoryStorage } from "../src/settings";
import {
  openFunctionsPage,
  type CellCall,
  type FunctionsPage,
  type FunctionsPageOptions,
} from "../test/support/functions-page";
import type { SheetCell } from "./sheet";

/** A sheet's cells as Excel's runtime calls the registered functions: declared arguments in order, `null` when omitted. */
export function cellCalls(sheet: readonly SheetCell[]): CellCall[] {
  return sheet.map((cell, i): CellCall => {
    const address = `Sheet1!${String.fromCharCode(65 + (i % 20))}${Math.floor(i / 20) + 1}`;
    switch (cell.kind) {
      case "latest":
        return { fn: "LATEST", args: [cell.symbol, cell.field], address };
      case "history":
        return { fn: "HISTORY", args: [cell.symbol, cell.start, cell.end, null, null, null, null], address };
      case "vol":
        return { fn: "VOL", args: [cell.symbol, cell.days], address };
      case "forward":
        return { fn: "FORWARD", args: [cell.symbol, true, null], address };
      case "capacity":
        return { fn: "CAPACITY", args: [cell.symbol, cell.field], address };
    }
  });
}

/**
 * The storage items a last session leaves for these settings when the service announced `limit` (known-limit.ts
 * writes them; read here as it wrote them, so the bench cannot disagree with the add-in about where they live).
 */
export async function knownLimitItems(
  baseUrl: string,
  apiKey: string | undefined,
  limit: number,
): Promise<Record<string, string>> {
  const storage = new MemoryStorage();
  const client = toClientOptions({ baseUrl, keyHeaderStyle: "x-api-key", apiKey });
  await keepKnownLimit(storage, client.baseUrl, client.apiKey, limit);
  const items: Record<string, string> = {};
  for (const key of storage.keys()) items[key] = (await storage.getItem(key)) ?? "";
  return items;
}

/** When one request of the page left and when its answer had been read (CDP timestamps, seconds). */
interface Exchange {
  readonly sentAt: number;
  answeredAt?: number;
}

/** The page's requests under /api, as the browser saw them. */
export class NetworkLog {
  private readonly exchanges = new Map<string, Exchange>();

  static async watch(page: Page): Promise<NetworkLog> {
    const log = new NetworkLog();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    cdp.on("Network.requestWillBeSent", (event) => {
      if (new URL(event.request.url).pathname.startsWith("/api/"))
        log.exchanges.set(event.requestId, { sentAt: event.timestamp });
    });
    cdp.on("Network.loadingFinished", (event) => {
      const exchange = log.exchanges.get(event.requestId);
      if (exchange !== undefined) exchange.answeredAt = event.timestamp;
    });
    return log;
  }

  clear(): void {
    this.exchanges.clear();
  }

  /**
   * Round trips on the critical path: a request sent before any answer came is on round trip 1; otherwise on one
   * more than the deepest request answered before it left (that answer may be what it waited for).
   */
  depth(): number {
    const sorted = [...this.exchanges.values()].sort((a, b) => a.sentAt - b.sentAt);
    const depths: Array<[Exchange, number]> = [];
    let deepest = 0;
    for (const exchange of sorted) {
      let before = 0;
      for (const [earlier, d] of depths)
        if ((earlier.answeredAt ?? Infinity) <= exchange.sentAt) before = Math.max(before, d);
      depths.push([exchange, before + 1]);
      deepest = Math.max(deepest, before + 1);
    }
    return deepest;
  }
}

/**
 * The page's main-thread CPU time (ms, Chromium's TaskDuration: every task the renderer ran) from when it is
 * called; the returned function reads it. One CDP session throughout: a session counts from its own enable.
 */
export async function pageCpuMeter(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const read = async () => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    return (metrics.find((m) => m.name === "TaskDuration")?.value ?? 0) * 1000;
  };
  const start = await read();
  return async () => (await read()) - start;
}

/** A bare client's open: ms until the last answer was read, and when it began on the page's clock. */
export interface BareOpen {
  readonly ms: number;
  readonly startedAt: number;
}

/** The bare client from the same page: every path fetched plainly, all at once; ms until the last answer was read. */
export async function bareCriticalPath(
  opened: FunctionsPage,
  paths: readonly string[],
  apiKey?: string,
): Promise<number> {
  return (await bareOpen(opened, paths, apiKey)).ms;
}

/** bareCriticalPath, with when it began (for sendPhases). */
export function bareOpen(opened: FunctionsPage, paths: readonly string[], apiKey?: string): Promise<BareOpen> {
  return opened.page.evaluate(
    async ({ paths, apiKey }) => {
      const headers: Record<string, string> = apiKey !== undefined ? { "x-api-key": apiKey } : {};
      const started = performance.now();
      await Promise.all(paths.map(async (path) => (await fetch(path, { headers })).arrayBuffer()));
      return { ms: performance.now() - started, startedAt: started };
    },
    { paths: [...paths], apiKey },
  );
}

/**
 * Where one open's time went, in ms from its start, from the page's own Resource Timing (its requests under /api
 * begun within the open): when the first and the last request went on the wire, when the last answer was in, and
 * how long after that the open ended (the page's own work on the answers: decoding, settling the cells).
 */
export interface SendPhases {
  readonly firstSentMs: number;
  readonly lastSentMs: number;
  readonly lastAnswerMs: number;
  readonly afterLastAnswerMs: number;
}

/** The phases of the open that began at `startedAt` (the page's clock) and took `ms`. */
export function sendPhases(page: Page, open: { readonly startedAt: number; readonly ms: number }): Promise<SendPhases> {
  return page.evaluate(({ startedAt, ms }) => {
    const entries = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
      (e) => new URL(e.name).pathname.startsWith("/api/") && e.startTime >= startedAt && e.startTime <= startedAt + ms,
    );
    const from = (times: number[], pick: (values: number[]) => number) =>
      times.length === 0 ? 0 : Math.round(pick(times) - startedAt);
    const lastAnswerMs = from(
      entries.map((e) => e.responseEnd),
      (v) => Math.max(...v),
    );
    return {
      firstSentMs: from(
        entries.map((e) => e.requestStart),
        (v) => Math.min(...v),
      ),
      lastSentMs: from(
        entries.map((e) => e.requestStart),
        (v) => Math.max(...v),
      ),
      lastAnswerMs,
      afterLastAnswerMs: Math.round(ms - lastAnswerMs),
    };
  }, open);
}

/**
 * Resolves once the page's main thread has been idle for three idle periods in a row (each its full 50 ms), or
 * after `boundMs`: a page just opened is still starting (its scripts, its registrations), and what runs then
 * should weigh on neither the open nor the bare client beside it.
 */
export function pageIdle(page: Page, boundMs = 3000): Promise<void> {
  return page.evaluate(
    (boundMs) =>
      new Promise<void>((done) => {
        const until = performance.now() + boundMs;
        let calm = 0;
        const check = (deadline: IdleDeadline) => {
          calm = deadline.timeRemaining() >= 49 ? calm + 1 : 0;
          if (calm >= 3 || performance.now() >= until) done();
          else requestIdleCallback(check, { timeout: 200 });
        };
        requestIdleCallback(check, { timeout: 200 });
      }),
    boundMs,
  );
}

/**
 * The shared runtime page as a user's Excel runs it, for timing. The page answers office.js's CDN from the npm copy
 * through a Playwright route (nothing here reaches the internet), and while a context has any route, Chromium holds
 * each of the page's requests until the page's main thread is free: an open's first sends would wait for the cells'
 * own work, and a bare client's would not, which no user's machine does (measured: a 30 ms busy spell after a
 * fetch moved its start on the wire from 2 ms to 36 ms with the route, and left it at 2 ms without). Once the
 * functions are registered office.js has loaded what it uses, so the route is taken away before anything is timed.
 */
export async function openAsUsersRunIt(browser: Browser, options: FunctionsPageOptions): Promise<FunctionsPage> {
  const page = await openFunctionsPage(browser, options);
  await page.context.unrouteAll({ behavior: "wait" });
  return page;
}

/** Room for every request of a few opens in the page's Resource Timing (its buffer holds 250 by default). */
export function keepResourceTimings(page: Page): Promise<void> {
  return page.evaluate(() => performance.setResourceTimingBufferSize(5000));
}
