import type { Browser, Page } from "playwright-core";
import {
  startReferenceService,
  type ReferenceServiceOptions,
  type RunningReferenceService,
} from "../../reference-service/src";
import { launchChromium } from "../support/browser";
import { BUILD_UNDER_TEST } from "../support/build-under-test";
import { serveOfficeJsCdnLocally } from "../support/office-js-cdn";
import { startStaticServer, type StaticServer } from "../support/static-server";

/** The built page under test (test/support/build-under-test.ts). */
export const DIST = BUILD_UNDER_TEST;

/** A reference service, the built page served with /api proxied to it, and headless Chromium. */
export interface TaskpaneRig {
  readonly service: RunningReferenceService;
  readonly server: StaticServer;
  readonly browser: Browser;
  /**
   * Opens the taskpane at this viewport; page errors are collected in `errors`. `bypassCSP` lets a test inject
   * a checker (axe) as an inline script, which the page's own policy rightly refuses; `initScript` runs before the
   * page's own scripts (e.g. to stand in for OfficeRuntime.storage).
   */
  open(width?: number, height?: number, options?: OpenOptions): Promise<{ page: Page; errors: string[] }>;
  stop(): Promise<void>;
}

export interface OpenOptions {
  readonly bypassCSP?: boolean;
  readonly initScript?: (arg: string) => void;
  /** The argument `initScript` is called with in the page. */
  readonly initArg?: string;
}

export async function startRig(options: ReferenceServiceOptions = {}): Promise<TaskpaneRig> {
  const service = await startReferenceService({ port: 0, ...options });
  const server = await startStaticServer({ root: DIST, proxyApiTo: service.url });
  const browser = await launchChromium();
  return {
    service,
    server,
    browser,
    async open(width = 360, height = 800, { bypassCSP = false, initScript, initArg = "" }: OpenOptions = {}) {
      const page = await browser.newPage({ viewport: { width, height }, bypassCSP });
      if (initScript !== undefined) await page.addInitScript(initScript, initArg);
      // Only stops a hang (jest's own bound is minutes): beside CPU hogs, two jest workers and Chromium, the
      // catalogue once took more than 10 s to render.
      page.setDefaultTimeout(45_000);
      // A production build loads office.js from Microsoft's CDN; offline, the npm copy answers for it.
      await serveOfficeJsCdnLocally(page);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      await page.goto(`${server.url}/taskpane.html`);
      return { page, errors };
    },
    async stop() {
      await browser.close();
      await server.close();
      await service.close();
    },
  };
}

/**
 * Points the page at a service through the Settings tab, as a user does: outside Office the settings live
 * in memory, so every page load starts from the build's default URL.
 */
export async function configure(page: Page, baseUrl: string, apiKey?: string): Promise<void> {
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByLabel("Service base URL").fill(baseUrl);
  if (apiKey !== undefined) await page.getByLabel("API key", { exact: true }).fill(apiKey);
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByText("Settings saved.").waitFor();
  await page.getByRole("tab", { name: "Indexes" }).click();
}

/** The catalogue's index buttons that are rendered (the list is windowed: only rows near the view), in order. */
export function indexButtons(page: Page) {
  return page.getByRole("list", { name: "Indexes" }).getByRole("button");
}

/** The catalogue row of one index: a button named by its symbol. */
export function indexButton(page: Page, symbol: string) {
  return page.getByRole("list", { name: "Indexes" }).getByRole("button", { name: symbol, exact: true });
}

/** The list items of the catalogue that are rendered: a row's button is its symbol, the item holds the rest. */
export function indexRows(page: Page) {
  return page.getByRole("list", { name: "Indexes" }).getByRole("listitem");
}

/** The list item of one index, found by its button's name (the symbol). */
export function indexRow(page: Page, symbol: string) {
  return indexRows(page).filter({ has: page.getByRole("button", { name: symbol, exact: true }) });
}

/** The number of indexes the catalogue says it shows and holds: "Showing 3 of 12 indexes" gives [3, 12]. */
export async function shownCount(page: Page): Promise<[number, number]> {
  const text = await page
    .getByRole("status")
    .filter({ hasText: /^Showing \d+ of \d+ indexes/ })
    .innerText();
  const [, shown, total] = /^Showing (\d+) of (\d+) indexes/.exec(text) ?? [];
  return [Number(shown), Number(total)];
}
