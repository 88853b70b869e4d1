import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { findChromium, INSTALL_HINT } from "../../scripts/test-tools.cjs";

/** Screenshots and traces of browser tests; gitignored. Created on first use of `artifactPath`. */
export const ARTIFACTS_DIR = resolve(__dirname, "..", "..", "test-artifacts");

/** A path inside ARTIFACTS_DIR, creating the folder if needed, e.g. `artifactPath("taskpane.png")`. */
export function artifactPath(fileName: string): string {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  return join(ARTIFACTS_DIR, fileName);
}

// Debian's Chromium (or CHROMIUM_PATH); playwright's own browser download is never used (no internet on CI).
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** CHROMIUM_PATH when set (a Mac's Chrome, say), else chromium on PATH, else Debian's /usr/bin/chromium. */
function chromiumPath(): string {
  const chromium = findChromium();
  if (chromium.path !== undefined) return chromium.path;
  throw new Error(`Chromium for the browser tests: ${chromium.problem}. ${INSTALL_HINT}`);
}

/**
 * Launches headless Chromium. playwright's plain `launch` already gives every browser a fresh temporary
 * profile (it refuses a `--user-data-dir` argument) and deletes it on close.
 */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}
