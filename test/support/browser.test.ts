import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { ARTIFACTS_DIR, artifactPath, launchChromium } from "./browser";
import { startStaticServer, type StaticServer } from "./static-server";
import { useTempSite } from "./temp-site";

describe("launchChromium with startStaticServer", () => {
  // Outside Office, office.js still loads and Office.onReady resolves with no host.
  const root = useTempSite({
    "page.html": `<!doctype html><html><head><script src="/office-js/office.js"></script></head>
       <body><p id="host">pending</p>
       <script>Office.onReady().then(function (info) { document.getElementById("host").textContent = "host:" + info.host; });</script>
       </body></html>`,
  });
  let server: StaticServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startStaticServer({ root: root() });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("loads office.js from /office-js/ and resolves Office.onReady outside Office", async () => {
    const page = await browser.newPage();
    const failed: string[] = [];
    page.on("requestfailed", (request) => failed.push(request.url()));
    await page.goto(`${server.url}/page.html`);
    await page.waitForFunction(() => document.getElementById("host")?.textContent !== "pending", undefined, {
      timeout: 15_000,
    });
    expect(await page.textContent("#host")).toBe("host:null");
    expect(failed).toEqual([]);
    await page.screenshot({ path: artifactPath("support-office-ready.png") });
    expect(existsSync(join(ARTIFACTS_DIR, "support-office-ready.png"))).toBe(true);
    await page.close();
  });
});
