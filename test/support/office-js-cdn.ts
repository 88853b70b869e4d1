import { existsSync } from "node:fs";
import { join, normalize, resolve, sep } from "node:path";
import type { BrowserContext, Page } from "playwright-core";

/** Where a production build loads office.js from (webpack.config.js), and the folder its siblings come from. */
export const OFFICE_JS_CDN_URL = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
const CDN_FOLDER = OFFICE_JS_CDN_URL.slice(0, OFFICE_JS_CDN_URL.lastIndexOf("/") + 1);
const LOCAL_FOLDER = resolve(__dirname, "..", "..", "node_modules", "@microsoft", "office-js", "dist");

/**
 * Answers Microsoft's office.js CDN from the npm copy (tests run offline), so a production build can be
 * tested as built. Returns the CDN paths the page asked for, e.g. ["office.js", "en-us/office_strings.js"].
 */
export function serveOfficeJsCdnLocally(target: Page | BrowserContext): Promise<string[]> {
  return serveOfficeJsFolder(target, CDN_FOLDER);
}

/** Answers every request under `folderUrl` (ending in "/") with the file of that name from the npm copy of office.js. */
export async function serveOfficeJsFolder(target: Page | BrowserContext, folderUrl: string): Promise<string[]> {
  const requested: string[] = [];
  await target.route(`${folderUrl}**`, async (route) => {
    const relative = decodeURIComponent(
      new URL(route.request().url()).pathname.slice(new URL(folderUrl).pathname.length),
    );
    requested.push(relative);
    const file = normalize(join(LOCAL_FOLDER, relative));
    if (!file.startsWith(LOCAL_FOLDER + sep) || !existsSync(file))
      return route.fulfill({ status: 404, body: "not found" });
    return route.fulfill({ path: file });
  });
  return requested;
}
