// PROBE (not for commit as is): where the time of one cold open goes, engine vs bare client, read from the page's
// own Resource Timing (same clock as performance.now()).
import type { Page } from "playwright-core";
import { DEMO_KEYS } from "../reference-service/src";
import { IndexDataClient } from "../src/client";
import { launchChromium } from "../test/support/browser";
import { openFunctionsPage, type CellCall } from "../test/support/functions-page";
import { startStaticServer } from "../test/support/static-server";
import { distUnderTest } from "./bundle";
import { cellCalls } from "./page-open";
import { startRemoteService, SERVICE_LATENCY_MS } from "./remote-service";
import { SHEET_1000, buildSheet } from "./sheet";

interface Phases {
  callsMs: number;
  firstFetch: number;
  lastFetch: number;
  firstSent: number;
  lastSent: number;
  lastAnswer: number;
  end: number;
  n: number;
  settles: number[];
  queued: number[];
}

async function engineOpen(page: Page, cells: readonly CellCall[]): Promise<Phases> {
  return page.evaluate(async (cells) => {
    const functions = (window as unknown as { indexDataFunctions: Map<string, (...args: unknown[]) => unknown> })
      .indexDataFunctions;
    performance.setResourceTimingBufferSize(2000);
    performance.clearResourceTimings();
    const started = performance.now();
    const settles: number[] = [];
    const promises = cells.map(async (cell, index) => {
      const fn = functions.get(cell.fn.toUpperCase())!;
      const invocation = { address: cell.address ?? `Sheet1!A${index + 1}`, isInValuePreview: false };
      try {
        await fn(...cell.args, invocation);
      } catch {
        /* counted below */
      }
      settles.push(performance.now() - started);
    });
    const callsMs = performance.now() - started;
    await Promise.all(promises);
    const end = performance.now() - started;
    const entries = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((e) =>
      new URL(e.name).pathname.startsWith("/api/"),
    );
    const rel = (v: number) => v - started;
    return {
      callsMs,
      firstFetch: Math.min(...entries.map((e) => rel(e.startTime))),
      lastFetch: Math.max(...entries.map((e) => rel(e.startTime))),
      firstSent: Math.min(...entries.map((e) => rel(e.requestStart))),
      lastSent: Math.max(...entries.map((e) => rel(e.requestStart))),
      lastAnswer: Math.max(...entries.map((e) => rel(e.responseEnd))),
      end,
      n: entries.length,
      settles: [Math.min(...settles), settles[Math.floor(settles.length / 2)] ?? 0, Math.max(...settles)],
      queued: entries.map((e) => Math.round(rel(e.startTime))).sort((a, b) => a - b),
    };
  }, cells);
}

async function bareOpen(page: Page, paths: readonly string[], apiKey?: string): Promise<Phases> {
  return page.evaluate(
    async ({ paths, apiKey }) => {
      const headers: Record<string, string> = apiKey !== undefined ? { "x-api-key": apiKey } : {};
      performance.clearResourceTimings();
      const started = performance.now();
      await Promise.all(paths.map(async (path) => (await fetch(path, { headers })).arrayBuffer()));
      const end = performance.now() - started;
      const entries = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((e) =>
        new URL(e.name).pathname.startsWith("/api/"),
      );
      const rel = (v: number) => v - started;
      return {
        callsMs: 0,
        firstFetch: Math.min(...entries.map((e) => rel(e.startTime))),
        lastFetch: Math.max(...entries.map((e) => rel(e.startTime))),
        firstSent: Math.min(...entries.map((e) => rel(e.requestStart))),
        lastSent: Math.max(...entries.map((e) => rel(e.requestStart))),
        lastAnswer: Math.max(...entries.map((e) => rel(e.responseEnd))),
        end,
        n: entries.length,
        settles: [],
        queued: [],
      };
    },
    { paths: [...paths], apiKey },
  );
}

const r = (v: number) => Math.round(v);
function line(name: string, p: Phases): string {
  return `${name}: calls ${r(p.callsMs)} fetch ${r(p.firstFetch)}..${r(p.lastFetch)} sent ${r(p.firstSent)}..${r(p.lastSent)} lastAnswer ${r(p.lastAnswer)} end ${r(p.end)} (answer→end ${r(p.end - p.lastAnswer)}) n ${p.n} settles ${p.settles.map(r).join("/")}`;
}

async function main(): Promise<void> {
  const runs = Number(process.env["RUNS"] ?? 4);
  const form = (process.env["FORM"] ?? "full") as "full";
  const dists = (process.env["DISTS"] ?? distUnderTest()).split(",");
  const service = await startRemoteService({ windowMs: 60_000, latencyMs: SERVICE_LATENCY_MS, rateHeaders: form });
  const servers = await Promise.all(dists.map((root) => startStaticServer({ root, proxyApiTo: service.url })));
  const symbols = (await new IndexDataClient({ baseUrl: service.url, apiKey: DEMO_KEYS.enterprise }).listIndexes())
    .filter((i) => i.latestValue !== undefined)
    .map((i) => i.symbol);
  const cells = cellCalls(buildSheet(symbols, SHEET_1000));
  const browser = await launchChromium();
  const ratios = new Map<string, number[]>();
  try {
    for (let i = 0; i < runs + 1; i += 1)
      for (const caller of (process.env["CALLERS"] ?? "anonymous,keyed").split(",")) {
        const apiKey = caller === "keyed" ? DEMO_KEYS.apiKey : undefined;
        for (const [d, server] of servers.entries()) {
          await service.turnWindow();
          const opened = await openFunctionsPage(browser, {
            pageOrigin: server.url,
            ...(apiKey !== undefined ? { apiKey } : {}),
            paneClosed: true,
          });
          await service.turnWindow();
          const bare0 = await bareOpen(opened.page, PATHS, apiKey);
          await service.turnWindow();
          await service.resetRequestLog();
          const engine = await engineOpen(opened.page, cells);
          const paths = [...new Set((await service.requestLog()).map((e) => e.path))];
          if (PATHS.length === 0) PATHS.push(...paths);
          await service.turnWindow();
          const bare = await bareOpen(opened.page, paths, apiKey);
          await opened.close();
          if (i === 0) continue;
          const load = (await import("node:fs")).readFileSync("/proc/loadavg", "utf8").split(" ")[0];
          const name = `${caller} ${dists[d]}`;
          const ratio = engine.end / ((bare.end + bare0.end) / 2);
          ratios.set(name, [...(ratios.get(name) ?? []), ratio]);
          console.log(`${name} run ${i} load ${load} ratio ${(engine.end / bare.end).toFixed(2)} bracketed ${ratio.toFixed(2)}`);
          console.log("  " + line("engine", engine));
          console.log("  " + line("bare  ", bare));
          console.log("  " + line("bare0 ", bare0));
          if (process.env["QUEUED"] === "1") console.log("  queued at " + engine.queued.join(","));
        }
      }
    for (const [name, list] of ratios) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(`${name}: median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(2)} worst ${sorted.at(-1)?.toFixed(2)} (${list.map((r) => r.toFixed(2)).join(" ")})`);
    }
  } finally {
    await browser.close();
    await Promise.all([...servers.map((s) => s.close()), service.close()]);
  }
}
const PATHS: string[] = [];

void main();
