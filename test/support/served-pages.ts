import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import {
  startReferenceService,
  type ReferenceServiceOptions,
  type RunningReferenceService,
} from "../../reference-service/src";
import { launchChromium } from "./browser";
import { BUILD_UNDER_TEST } from "./build-under-test";
import { lateFields, whenReady } from "./late-fields";
import { startStaticServer, type StaticServer } from "./static-server";

/** The built preview under test (test/support/build-under-test.ts). */
export const PREVIEW_DIST = BUILD_UNDER_TEST;

/** A reference service, a built folder served with /api proxied to it, and headless Chromium. */
export interface ServedPages {
  readonly service: RunningReferenceService;
  readonly server: StaticServer;
  readonly browser: Browser;
}

/**
 * Starts the three for one test file (beforeAll) and stops them (afterAll); read the fields inside tests.
 * `root` is a function when the folder is only known once an earlier beforeAll (a build) has run.
 */
export function useServedPages(root: string | (() => string), options: ReferenceServiceOptions = {}): ServedPages {
  let started: ServedPages | undefined;
  beforeAll(async () => {
    const folder = typeof root === "function" ? root() : root;
    if (folder === PREVIEW_DIST && !existsSync(join(folder, "preview.html"))) {
      throw new Error(
        `${join(folder, "preview.html")} is missing: run "npm run build:test" (jest's globalSetup does it).`,
      );
    }
    const service = await startReferenceService({ port: 0, ...options });
    const server = await startStaticServer({ root: folder, proxyApiTo: service.url });
    started = { service, server, browser: await launchChromium() };
  }, 60_000);
  afterAll(async () => {
    await started?.browser.close();
    await started?.server.close();
    await started?.service.close();
  });
  return lateFields(
    whenReady("the served pages", () => started),
    ["service", "server", "browser"],
  );
}

/** Types the formulas into the preview, presses Evaluate and waits until every line has settled. */
export async function evaluateInPreview(page: Page, formulas: readonly string[]): Promise<void> {
  await page.fill("#formulas", formulas.join("\n"));
  await page.click("#evaluate");
  await page.waitForFunction(
    (count) => {
      const results = [...document.querySelectorAll<HTMLElement>("#results .result")];
      return (
        results.length === count &&
        results.every((r) => r.dataset["state"] !== undefined && r.dataset["state"] !== "busy")
      );
    },
    formulas.length,
    { timeout: 60_000 },
  );
}
