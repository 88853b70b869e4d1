import type { Browser } from "playwright-core";
import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { launchChromium } from "../support/browser";
import { BUILD_UNDER_TEST } from "../support/build-under-test";
import { openFunctionsPage, type CellCall, type FunctionsPage } from "../support/functions-page";
import { startStaticServer, type StaticServer } from "../support/static-server";

/**
 * The reference methods through the built bundle in Chromium: INDEX.CARD's entity carries a property per method
 * (`type: "Function"`, `functionType: "JavaScriptReference"`, namespace INDEX); each referenced function, called with
 * the card as Excel calls it, gives what the plain INDEX function gives for the card's symbol.
 */
const SYMBOL = "RTM-NWE-A-1x3";
let service: RunningReferenceService;
let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  service = await startReferenceService({ flavor: "newer", rateLimits: { anonymous: 100_000 } });
  server = await startStaticServer({ root: BUILD_UNDER_TEST, proxyApiTo: service.url });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await service?.close();
});

interface Method {
  readonly type: string;
  readonly functionType?: string;
  readonly namespace?: string;
  readonly id: string;
}

/** The arguments after the card, and the plain call that must agree, by method name. */
const PLAIN: Readonly<Record<string, [unknown[], CellCall]>> = {
  History: [["-30D", null, null], { fn: "HISTORY", args: [SYMBOL, "-30D", null, null, null, null, []] }],
  Vol: [[90], { fn: "VOL", args: [SYMBOL, 90] }],
  Forward: [[], { fn: "FORWARD", args: [SYMBOL, null, null] }],
  Periods: [["weekly", null], { fn: "PERIODS", args: [SYMBOL, null, null, "weekly", null, null] }],
  Capacity: [[null], { fn: "CAPACITY", args: [SYMBOL, null] }],
  Change: [["1M", null, null], { fn: "CHANGE", args: [SYMBOL, "1M", null, null] }],
};

async function cardOn(page: FunctionsPage): Promise<{ properties: Record<string, Method> }> {
  const [outcome] = (await page.evaluate([{ fn: "CARD", args: [SYMBOL, null] }])).outcomes;
  expect(outcome).toHaveProperty("value.type", "Entity");
  return (outcome as { value: { properties: Record<string, Method> } }).value;
}

test("each method of INDEX.CARD's entity, called with the card, gives the plain INDEX function's result", async () => {
  const page = await openFunctionsPage(browser, {
    pageOrigin: server.url,
    capabilities: { formattedNumbers: true, referenceMethods: true },
  });
  const card = await cardOn(page);
  const methods = Object.entries(card.properties).filter(([, property]) => property.type === "Function");
  expect(methods.map(([name]) => name).sort()).toEqual(Object.keys(PLAIN).sort());
  for (const [name, method] of methods) {
    expect(method).toEqual({
      type: "Function",
      functionType: "JavaScriptReference",
      namespace: "INDEX",
      id: method.id,
    });
    const [args, plain] = PLAIN[name] ?? [[], { fn: "", args: [] }];
    const { outcomes } = await page.evaluate([{ fn: method.id, args: [card, ...args] }, plain]);
    expect(outcomes[0]).toHaveProperty("value");
    expect(outcomes[0]).toEqual(outcomes[1]);
  }
  await page.close();
});

test("without ExcelApi 1.19 the card carries no method", async () => {
  const page = await openFunctionsPage(browser, { pageOrigin: server.url, capabilities: { formattedNumbers: true } });
  const card = await cardOn(page);
  expect(Object.values(card.properties).filter((property) => property.type === "Function")).toEqual([]);
  await page.close();
});
