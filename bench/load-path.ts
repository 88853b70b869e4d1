// The load path of the shared runtime page, which no INDEX cell calculates before: how much of our own script the
// page loads before every INDEX function is registered, and how long from page start until then. Chromium, the
// production dist/ served over loopback, office.js from the CDN answered by the npm copy; median of 5 cold loads.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { launchChromium } from "../test/support/browser";
import { serveOfficeJsCdnLocally, serveOfficeJsFolder } from "../test/support/office-js-cdn";
import { startStaticServer } from "../test/support/static-server";

const RUNS = 5;
/** The budget: at most this much of our own script before registration. */
export const LOAD_PATH_BUDGET_KIB = 300;

export interface LoadPath {
  readonly dist: string;
  /** KiB of the project's own script fetched before the functions registered (median of the runs). */
  readonly scriptKib: number;
  /** ms from the start of navigation to every function registered (median). */
  readonly registeredMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * Runs before office.js: records the time of every CustomFunctions.associate call, so that any build (also one
 * from before the registration mark existed) is measured the same way: the last call is "all registered".
 * Source text, not a function: tsx would add helpers to a function that do not exist in the page.
 */
const RECORD_ASSOCIATE_CALLS = `(() => {
  const times = (window.associateTimes = []);
  let namespace;
  Object.defineProperty(window, "CustomFunctions", {
    configurable: true,
    get: () => namespace,
    set: (value) => {
      namespace = value;
      let associate;
      Object.defineProperty(value, "associate", {
        configurable: true,
        get: () => (...args) => {
          const result = associate(...args);
          times.push(performance.now());
          return result;
        },
        set: (fn) => void (associate = fn),
      });
    },
  });
})();`;

/** After load: when the last function was associated, and the bytes of our own script fetched before then. */
const MEASURE_IN_PAGE = `(() => {
  const times = window.associateTimes;
  const registeredMs = Math.max(...times);
  // office.js is Microsoft's (an older build served the npm copy at /office-js/), not ours.
  const own = performance.getEntriesByType("resource").filter((entry) =>
    entry.name.startsWith(location.origin) && entry.name.endsWith(".js") && !entry.name.includes("/office-js/"));
  const before = own.filter((entry) => entry.startTime <= registeredMs);
  return { scriptBytes: before.reduce((sum, entry) => sum + entry.decodedBodySize, 0), registeredMs, associated: times.length };
})()`;

interface Sample {
  readonly scriptBytes: number;
  readonly registeredMs: number;
  readonly associated: number;
}

export async function measureLoadPath(dist: string): Promise<LoadPath> {
  if (!existsSync(join(dist, "taskpane.html")))
    throw new Error(`${dist}/taskpane.html is missing: run npm run build first`);
  const server = await startStaticServer({ root: dist });
  const browser = await launchChromium();
  const bytes: number[] = [];
  const times: number[] = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext(); // a cold cache each run
      // The CDN (newer builds) and /office-js/ (older ones) answered the same way, so both pay the same for office.js.
      await serveOfficeJsCdnLocally(context);
      await serveOfficeJsFolder(context, `${server.url}/office-js/`);
      await context.addInitScript(RECORD_ASSOCIATE_CALLS);
      const page = await context.newPage();
      await page.goto(`${server.url}/taskpane.html`, { waitUntil: "load" });
      // Deferred scripts, functions included, have all run by "load".
      const sample = (await page.evaluate(MEASURE_IN_PAGE)) as Sample;
      if (sample.associated === 0) throw new Error(`${dist}/taskpane.html registered no functions`);
      bytes.push(sample.scriptBytes);
      times.push(sample.registeredMs);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return { dist, scriptKib: Math.round(median(bytes) / 1024), registeredMs: Math.round(median(times)) };
}

/** The lines `npm run bench` prints; `before` is an older build measured the same way, when given. */
export function loadPathTable(after: LoadPath, before?: LoadPath): string {
  const row = (name: string, m: LoadPath) => `| ${name} | ${m.scriptKib} KiB | ${m.registeredMs} ms |`;
  return [
    `| build | own script before registration (budget ${LOAD_PATH_BUDGET_KIB} KiB) | page start → all functions registered (median of ${RUNS}) |`,
    "|---|---|---|",
    ...(before !== undefined ? [row("before", before)] : []),
    row(before !== undefined ? "after" : "this build", after),
  ].join("\n");
}

/** dist/ (or BENCH_DIST), and BENCH_BASELINE_DIST for a before/after comparison (e.g. HEAD built in a worktree). */
export async function loadPathScenario(
  root: string,
): Promise<{ after: LoadPath; before?: LoadPath | undefined; table: string }> {
  const after = await measureLoadPath(resolve(root, process.env["BENCH_DIST"] ?? "dist"));
  const baseline = process.env["BENCH_BASELINE_DIST"];
  const before = baseline !== undefined && baseline !== "" ? await measureLoadPath(resolve(root, baseline)) : undefined;
  return { after, before, table: loadPathTable(after, before) };
}

// `npx tsx bench/load-path.ts` runs this scenario alone.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(__filename)) {
  loadPathScenario(resolve(__dirname, "..")).then(
    (result) => console.log(result.table),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
