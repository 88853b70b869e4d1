import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium, type Browser } from "playwright-core";

/** Screenshots and traces of browser tests; gitignored. Created on first use of `artifactPath`. */
export const ARTIFACTS_DIR = resolve(__dirname, "..", "..", "test-artifacts");

/** A path inside ARTIFACTS_DIR, creating the folder if needed, e.g. `artifactPath("taskpane.png")`. */
export function artifactPath(fileName: string): string {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  return join(ARTIFACTS_DIR, fileName);
}

// Debian's Chromium; playwright's own browser download is never used (no internet on CI).
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

function chromiumPath(): string {
  try {
    const found = execFileSync("sh", ["-c", "command -v chromium"], { encoding: "utf8" }).trim();
    if (found) return found;
  } catch {
    // not on PATH: fall through to the Debian location
  }
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  throw new Error("Chromium not found: install it (apt-get install -y chromium)");
}

/**
 * Launches headless Chromium. playwright's plain `launch` already gives every browser a fresh temporary
 * profile (it refuses a `--user-data-dir` argument) and deletes it on close.
 */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}
