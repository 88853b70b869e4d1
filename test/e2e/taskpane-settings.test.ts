import type { Page } from "playwright-core";
import { DEMO_KEYS, TIER_LIMITS } from "../../reference-service/src";
import { artifactPath } from "../support/browser";
import { configure, indexButtons, startRig, type TaskpaneRig } from "./taskpane-page";

/** Settings in headless Chromium: validation, Test connection with good, bad and revoked keys, save, reveal, clear. */
let rig: TaskpaneRig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.stop());

async function openSettings(): Promise<Page> {
  const { page } = await rig.open();
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByLabel("Service base URL").fill(rig.server.url);
  return page;
}

async function testConnection(page: Page, apiKey: string): Promise<string> {
  await page.getByLabel("API key", { exact: true }).fill(apiKey);
  await page.getByRole("button", { name: "Test connection" }).click();
  const result = page.locator("[data-kind]");
  await result.waitFor();
  return `${await result.getAttribute("data-kind")}: ${await result.innerText()}`;
}

it("shows the tier and limit the service reports for a good key", async () => {
  const page = await openSettings();
  const result = await testConnection(page, DEMO_KEYS.apiKey);
  expect(result).toMatch(/^connected: /);
  expect(result).toContain("Tier: API key");
  expect(result).toContain(`Limit: ${TIER_LIMITS.newer["api-key"]} requests per minute`);
  await page.screenshot({ path: artifactPath("taskpane-settings-good-key.png"), fullPage: true });
  await page.close();
});

it("says unauthorized for a random key, and revoked (ask for a new key) for a revoked one, pointing at the field above", async () => {
  for (const [name, key, text] of [
    [
      "random",
      `random-${Date.now().toString(36)}`,
      "The service refused the API key (HTTP 401). Check the key above, or clear it to use the public tier.",
    ],
    [
      "revoked",
      DEMO_KEYS.revoked,
      "The service says this API key has been revoked (HTTP 401): ask for a new key, or clear it to use the public tier.",
    ],
  ] as const) {
    const page = await openSettings();
    const before = rig.service.requests.length;
    const result = await testConnection(page, key);
    expect(rig.service.requests.slice(before).map((request) => request.status)).toEqual([401]);
    expect(result).toBe(`unauthorized: Unauthorized${text}`);
    await page.screenshot({ path: artifactPath(`taskpane-settings-${name}-key.png`), fullPage: true });
    await page.close();
  }
});

it("says wrong URL for a server that is not the service, and validates the URL before any request", async () => {
  const page = await openSettings();
  await page.getByLabel("Service base URL").fill(`${rig.server.url}/nothing-here`);
  await page.getByRole("button", { name: "Test connection" }).click();
  await page.locator('[data-kind="wrong-url"]').waitFor();
  // A service this build's Content-Security-Policy does not allow is flagged before anyone tries it.
  await page.getByLabel("Service base URL").fill("https://indexes.elsewhere.example");
  await page
    .getByText(/^https:\/\/indexes\.elsewhere\.example is outside the services this build of the add-in allows/)
    .waitFor();
  await page.getByLabel("Service base URL").fill("not a url");
  const before = rig.service.requests.length;
  await page.getByRole("button", { name: "Test connection" }).click();
  await page.getByText(/is not a URL/).waitFor();
  expect(rig.service.requests.length).toBe(before);
  await page.close();
});

it("says a service the page's security policy refuses is not allowed, and how to allow it, instead of unreachable", async () => {
  const page = await openSettings();
  // The fault: the reference service itself (another port than the page) is not in the page's connect-src.
  const origin = new URL(rig.service.url).origin;
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
  expect(policy).toMatch(/connect-src /);
  expect(policy).not.toContain(origin);
  await page.getByLabel("Service base URL").fill(rig.service.url);
  const before = rig.service.requests.length;
  await page.getByRole("button", { name: "Test connection" }).click();
  const result = page.locator('[data-kind="blocked-by-policy"]');
  await result.waitFor();
  await expect(result.innerText()).resolves.toBe(
    `Not a service this add-in allows${origin} is outside the services this build of the add-in allows, so the browser blocks it before any request. ` +
      "It allows the service it was built for, https://localhost:3000. Pick one of them, or ask whoever deploys the add-in to add " +
      `${origin} to INDEX_API_ALLOWED_ORIGINS and rebuild it.`,
  );
  expect(rig.service.requests.length).toBe(before);
  await page.screenshot({ path: artifactPath("taskpane-settings-blocked-by-policy.png"), fullPage: true });
  await page.close();
});

it("offers the services this build allows beside the URL field, and a pick fills the field", async () => {
  const page = await openSettings();
  const choices = page.getByLabel("Services this add-in allows");
  await expect(choices.inputValue()).resolves.toBe("");
  await expect(choices.locator("option").allInnerTexts()).resolves.toEqual([
    "Another address (typed above)",
    "https://localhost:3000",
  ]);
  await choices.selectOption("https://localhost:3000");
  await expect(page.getByLabel("Service base URL").inputValue()).resolves.toBe("https://localhost:3000");
  await page.close();
});

it("masks the key, never renders it after saving except on explicit reveal, and clears it", async () => {
  const page = await openSettings();
  const key = page.getByLabel("API key", { exact: true });
  await key.fill(DEMO_KEYS.apiKey);
  await expect(key.getAttribute("type")).resolves.toBe("password");
  await page.getByRole("button", { name: "Show API key" }).click();
  await expect(key.getAttribute("type")).resolves.toBe("text");
  await page.getByRole("button", { name: "Hide API key" }).click();
  await page.getByRole("radio", { name: "Authorization: Bearer" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByText("Settings saved.").waitFor();

  // Saved: the field is empty, and the key is nowhere in the page, its attributes or its values.
  await expect(key.inputValue()).resolves.toBe("");
  await expect(key.getAttribute("placeholder")).resolves.toContain("saved key hidden");
  const pageText = await page.evaluate(
    () => document.documentElement.outerHTML + [...document.querySelectorAll("input")].map((i) => i.value).join(" "),
  );
  expect(pageText.includes(DEMO_KEYS.apiKey)).toBe(false);

  // Saved with Bearer: the data requests now carry the key and count against the API-key tier.
  await page.getByRole("tab", { name: "Indexes" }).click();
  await indexButtons(page).first().waitFor();
  expect(rig.service.requests.some((r) => r.apiKeyTier === "api-key")).toBe(true);

  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("button", { name: "Show API key" }).click();
  await expect(key.inputValue()).resolves.toBe(DEMO_KEYS.apiKey);
  await page.getByRole("button", { name: "Hide API key" }).click();
  await expect(key.inputValue()).resolves.toBe("");

  await page.getByRole("button", { name: "Clear key" }).click();
  await page.getByText("The API key was removed").waitFor();
  await expect(page.getByRole("button", { name: "Clear key" }).isDisabled()).resolves.toBe(true);
  await page.getByRole("button", { name: "Show API key" }).click();
  await expect(key.inputValue()).resolves.toBe("");
  await page.screenshot({ path: artifactPath("taskpane-settings-cleared.png"), fullPage: true });
  await page.close();
});

it("is operable by keyboard: tabs, fields and buttons are reachable and labelled", async () => {
  const { page } = await rig.open();
  await configure(page, rig.server.url);
  await page.getByRole("tab", { name: "Settings" }).focus();
  await page.keyboard.press("Enter");
  const names: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    await page.keyboard.press("Tab");
    names.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (el === null) return "";
        const label =
          el.getAttribute("aria-label") ??
          (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null);
        return (label ?? el.textContent ?? "").replace(/\*$/, "").trim();
      }),
    );
  }
  expect(names).toEqual(
    expect.arrayContaining(["Service base URL", "API key", "Show API key", "Save", "Test connection"]),
  );
  await page.close();
});

/**
 * Stands in for OfficeRuntime.storage, which in Office answers asynchronously through the host: it holds a saved
 * URL, header style and key (`storedKey`), and holds back every read of the settings until the test calls `releaseSettings()`.
 */
function slowOfficeStorage(storedKey: string): void {
  const items = new Map<string, string>([
    ["indexData.settings.v1", JSON.stringify({ baseUrl: "https://stale.example.com", keyHeaderStyle: "bearer" })],
    ["indexData.apiKey.v1", storedKey],
  ]);
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  Object.assign(window, {
    releaseSettings: () => release(),
    OfficeRuntime: {
      storage: {
        getItem: async (key: string) => {
          if (key.startsWith("indexData.settings") || key.startsWith("indexData.apiKey")) await gate;
          return items.get(key) ?? null;
        },
        setItem: async (key: string, value: string) => void items.set(key, value),
        removeItem: async (key: string) => void items.delete(key),
      },
    },
  });
}

it("keeps the URL typed while the stored settings were still loading, and takes the rest from storage", async () => {
  const { page } = await rig.open(360, 800, { initScript: slowOfficeStorage, initArg: DEMO_KEYS.apiKey });
  const before = rig.service.requests.length;
  await page.getByRole("tab", { name: "Settings" }).click();
  const url = page.getByLabel("Service base URL");
  await url.fill(rig.server.url);
  await page.evaluate(() => (window as unknown as { releaseSettings: () => void }).releaseSettings());
  // The stored settings have arrived once the form knows a key is saved.
  await page.getByPlaceholder("•••••••• (saved key hidden)").waitFor();
  await expect(url.inputValue()).resolves.toBe(rig.server.url);
  await expect(page.getByRole("radio", { name: "Authorization: Bearer" }).isChecked()).resolves.toBe(true);
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByText("Settings saved.").waitFor();
  await page.getByRole("tab", { name: "Indexes" }).click();
  await indexButtons(page).first().waitFor();
  // Saved with the stored key and header style: the catalogue came on the API-key tier.
  expect(rig.service.requests.slice(before).some((request) => request.apiKeyTier === "api-key")).toBe(true);
  await page.close();
});

it("shows the saved key when Show was pressed while the stored settings were still loading", async () => {
  const { page } = await rig.open(360, 800, { initScript: slowOfficeStorage, initArg: DEMO_KEYS.apiKey });
  await page.getByRole("tab", { name: "Settings" }).click();
  // Nothing can be saved before the stored settings arrive: Save would drop the saved key.
  await expect(page.getByRole("button", { name: "Save" }).isDisabled()).resolves.toBe(true);
  await page.getByRole("button", { name: "Show API key" }).click();
  await page.evaluate(() => (window as unknown as { releaseSettings: () => void }).releaseSettings());
  const key = page.getByLabel("API key", { exact: true });
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[autocomplete="off"]')?.value !== "");
  await expect(key.inputValue()).resolves.toBe(DEMO_KEYS.apiKey);
  await expect(page.getByRole("button", { name: "Save" }).isDisabled()).resolves.toBe(false);
  await page.close();
});
