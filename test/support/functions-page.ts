import { definedOnly } from "@index-data/wire";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { serveOfficeJsCdnLocally } from "./office-js-cdn";

/**
 * The add-in as a trader's machine runs it: the built shared runtime page (`taskpane.html`, the production bundle)
 * in Chromium, its INDEX functions registered through office.js's `CustomFunctions.associate`, and cells evaluated
 * by calling the registered functions as Excel's runtime does (declared parameters in order, `null` for an omitted
 * optional one, the invocation last). Outside Office the settings live in `OfficeRuntime.storage`, which an init
 * script stands in for with the service URL (and key) given here, so the page talks to the service from its
 * first request. Used by the browser tests and by the benchmark's desk and cold-open scenarios.
 */

/** One cell: the function's id in functions.json (e.g. "LATEST"), its declared arguments in order, its address. */
export interface CellCall {
  readonly fn: string;
  readonly args: readonly unknown[];
  readonly address?: string;
}

/** What a cell shows: its value (a scalar, a spill, an entity), or the error Excel would show, with its message. */
export type CellOutcome =
  { readonly value: unknown } | { readonly error: { readonly code: string; readonly message: string } };

export interface FunctionsPageOptions {
  /** `http(s)://host:port` of the built folder's server (its `/api` reaches the service), e.g. a StaticServer's url. */
  readonly pageOrigin: string;
  /** The service base URL the add-in's settings name. @default pageOrigin (the page's own origin, proxied) */
  readonly baseUrl?: string;
  readonly apiKey?: string | undefined;
  /** Storage items seeded beside the settings (e.g. a known limit from a last session). @default none */
  readonly storage?: Readonly<Record<string, string>>;
  /**
   * The runtime runs with its task pane closed, as Excel loads it with a workbook: the page reports itself hidden,
   * so the pane's UI (and its own reads of the service) never loads. @default false (a plain visible page)
   */
  readonly paneClosed?: boolean;
  /**
   * What the host declares it can show (`indexDataHostCapabilities`, as the preview does), e.g. reference methods
   * (ExcelApi 1.19). @default none: the add-in asks Office, which outside Excel cannot say
   */
  readonly capabilities?: { readonly formattedNumbers: boolean; readonly referenceMethods?: boolean };
}

export interface FunctionsPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /**
   * Evaluates the cells at once, as a recalculation does; resolves when every one has settled, with how long that
   * took and when it began on the page's clock (`performance.now()`, for the page's Resource Timing).
   */
  evaluate(
    cells: readonly CellCall[],
  ): Promise<{ readonly outcomes: CellOutcome[]; readonly ms: number; readonly startedAt: number }>;
  close(): Promise<void>;
}

/** Runs in the page before its scripts: records every associated function and stands in for OfficeRuntime.storage. */
function prepareRuntime(items: Record<string, string>): void {
  const functions = new Map<string, (...args: unknown[]) => unknown>();
  const stored = new Map(Object.entries(items));
  let namespace: Record<string, unknown> | undefined;
  Object.assign(window, {
    indexDataFunctions: functions,
    OfficeRuntime: {
      storage: {
        getItem: async (key: string) => stored.get(key) ?? null,
        setItem: async (key: string, value: string) => void stored.set(key, value),
        removeItem: async (key: string) => void stored.delete(key),
      },
    },
  });
  Object.defineProperty(window, "CustomFunctions", {
    configurable: true,
    get: () => namespace,
    set: (value: Record<string, unknown>) => {
      namespace = value;
      // Outside Office, office.js leaves out the runtime's error type: stand in for it as Excel's runtime has it.
      value["ErrorCode"] ??= { invalidValue: "#VALUE!", notAvailable: "#N/A" };
      value["Error"] ??= class extends Error {
        constructor(
          readonly code: string,
          message?: string,
        ) {
          super(message ?? "");
        }
      };
      let associate: ((...args: unknown[]) => unknown) | undefined;
      Object.defineProperty(value, "associate", {
        configurable: true,
        get:
          () =>
          (id: string, fn: (...args: unknown[]) => unknown, ...rest: unknown[]) => {
            functions.set(id.toUpperCase(), fn);
            return associate?.(id, fn, ...rest);
          },
        set: (fn: (...args: unknown[]) => unknown) => void (associate = fn),
      });
    },
  });
}

/** Runs in the page before its scripts: the document is hidden, as the shared runtime's page is while its pane is closed. */
const PANE_CLOSED = `Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
Object.defineProperty(document, "hidden", { configurable: true, get: () => true });`;

/** Runs in the page: calls every cell's function at once and waits for all of them, timing the whole. */
async function evaluateInPage(
  cells: readonly CellCall[],
): Promise<{ outcomes: CellOutcome[]; ms: number; startedAt: number }> {
  const functions = (window as unknown as { indexDataFunctions: Map<string, (...args: unknown[]) => unknown> })
    .indexDataFunctions;
  const started = performance.now();
  const outcomes = await Promise.all(
    cells.map(async (cell, index): Promise<CellOutcome> => {
      const fn = functions.get(cell.fn.toUpperCase());
      if (fn === undefined) return { error: { code: "#NAME?", message: `INDEX.${cell.fn} is not registered` } };
      const invocation = { address: cell.address ?? `Sheet1!A${index + 1}`, isInValuePreview: false };
      try {
        return { value: await fn(...cell.args, invocation) };
      } catch (error) {
        const { code, message } = error as { code?: unknown; message?: unknown };
        return { error: { code: String(code), message: String(message) } };
      }
    }),
  );
  return { outcomes, ms: performance.now() - started, startedAt: started };
}

/** Opens the shared runtime page in a fresh context of `browser` and waits until its functions are registered. */
export async function openFunctionsPage(browser: Browser, options: FunctionsPageOptions): Promise<FunctionsPage> {
  const context = await browser.newContext();
  await serveOfficeJsCdnLocally(context);
  // Run under tsx, esbuild names functions with a `__name` helper that the page lacks: give the page one.
  await context.addInitScript("globalThis.__name ??= (fn) => fn;");
  const settings = JSON.stringify({ baseUrl: options.baseUrl ?? options.pageOrigin, keyHeaderStyle: "x-api-key" });
  const items: Record<string, string> = {
    ...options.storage,
    "indexData.settings.v1": settings,
    // Each item is written to localStorage: a key not given is no item (an undefined one would be "undefined").
    ...definedOnly({ "indexData.apiKey.v1": options.apiKey }),
  };
  await context.addInitScript(prepareRuntime, items);
  if (options.paneClosed === true) await context.addInitScript(PANE_CLOSED);
  if (options.capabilities !== undefined)
    await context.addInitScript(
      (caps) => Object.assign(window, { indexDataHostCapabilities: caps }),
      options.capabilities,
    );
  const page = await context.newPage();
  await page.goto(`${options.pageOrigin}/taskpane.html`, { waitUntil: "load" });
  await page.waitForFunction(
    () => (window as unknown as { indexDataFunctions: Map<string, unknown> }).indexDataFunctions.size > 0,
  );
  return {
    page,
    context,
    evaluate: (cells) => page.evaluate(evaluateInPage, cells),
    close: () => context.close(),
  };
}
