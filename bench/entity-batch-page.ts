// The Index data type's batches through the production bundle in Chromium, counted from outside: Excel's call of the
// registered ENTITYSERVICE load service on a fresh page (a fresh engine), the requests the reference service saw
// beside the batch's minimum (the catalogue, then one /latest per distinct listed symbol). Part of `npm run bench` and
// of bench/engine-goals.ts; alone with `npx tsx bench/entity-batch-page.ts`.
import type { Browser } from "playwright-core";
import { IndexDataClient } from "../src/client";
import { launchChromium } from "../test/support/browser";
import { openAsUsersRunIt } from "./page-open";
import { startStaticServer, type StaticServer } from "../test/support/static-server";
import { distUnderTest } from "./bundle";
import { startRemoteService, type RemoteService, SERVICE_LATENCY_MS } from "./remote-service";
import { runAlone } from "./report";

export const ENTITY_BATCH_PAGE_COMMAND = "npx tsx bench/entity-batch-page.ts";

export interface PageBatchCost {
  readonly name: string;
  readonly ids: number;
  /** The catalogue, plus one /latest per distinct listed symbol. */
  readonly minimum: number;
  readonly requests: number;
  /** The most times the service saw any one path. */
  readonly mostAskedOnce: number;
  readonly entities: number;
}

const requestOf = (ids: readonly string[]) =>
  JSON.stringify({ domainId: "index", entities: ids.map((entityId) => ({ entityId, culture: "en-US" })) });

/** The entities of a load service result, or none when the call failed. */
function entityCount(value: unknown): number {
  const entities = (value as { entities?: unknown } | null)?.entities;
  return Array.isArray(entities) ? entities.length : 0;
}

async function batchOnPage(
  browser: Browser,
  server: StaticServer,
  service: RemoteService,
  batch: { name: string; ids: readonly string[]; listed: number },
): Promise<PageBatchCost> {
  const page = await openAsUsersRunIt(browser, { pageOrigin: server.url, paneClosed: true });
  try {
    await service.resetRequestLog();
    const { outcomes } = await page.evaluate([{ fn: "ENTITYSERVICE", args: [requestOf(batch.ids)] }]);
    const paths = (await service.requestLog()).map((entry) => entry.path);
    const counts = new Map<string, number>();
    for (const path of paths) counts.set(path, (counts.get(path) ?? 0) + 1);
    const outcome = outcomes[0];
    return {
      name: batch.name,
      ids: batch.ids.length,
      minimum: 1 + batch.listed,
      requests: paths.length,
      mostAskedOnce: Math.max(0, ...counts.values()),
      entities: outcome !== undefined && "value" in outcome ? entityCount(outcome.value) : 0,
    };
  } finally {
    await page.close();
  }
}

/** The two batches the engine's goals measure, each on a fresh page and a fresh service (its own rate window). */
export async function entityBatchPageScenario(): Promise<PageBatchCost[]> {
  const dist = distUnderTest();
  const browser = await launchChromium();
  const costs: PageBatchCost[] = [];
  try {
    for (const kind of ["50 ids over 7 symbols + 1 unknown", "50 distinct symbols"]) {
      const service = await startRemoteService({ windowMs: 60_000, latencyMs: SERVICE_LATENCY_MS, extraIndexes: 50 });
      const server = await startStaticServer({ root: dist, proxyApiTo: service.url });
      try {
        const catalogue = await new IndexDataClient({ baseUrl: service.url }).listIndexes();
        const symbols = catalogue.filter((row) => row.latestValue !== undefined).map((row) => row.symbol);
        const seven = symbols.slice(0, 7);
        const batch = kind.startsWith("50 ids")
          ? { ids: Array.from({ length: 50 }, (_, i) => [...seven, "RTM-XXX-Z-9x9"][i % 8] ?? ""), listed: 7 }
          : { ids: symbols.filter((symbol) => symbol.startsWith("SCALE-")).slice(0, 50), listed: 50 };
        costs.push(await batchOnPage(browser, server, service, { name: kind, ...batch }));
      } finally {
        await Promise.all([server.close(), service.close()]);
      }
    }
    return costs;
  } finally {
    await browser.close();
  }
}

export function entityBatchPageLines(costs: readonly PageBatchCost[]): string[] {
  return [
    `Entity batch through the production bundle in Chromium (\`${ENTITY_BATCH_PAGE_COMMAND}\`): ENTITYSERVICE called on a fresh page, requests counted by the service:`,
    ...costs.map(
      (c) =>
        `  ${c.name}: ${c.requests} requests against a minimum of ${c.minimum} (${(c.requests / c.minimum).toFixed(2)}x; goal ≤ 1x); most asks of one resource ${c.mostAskedOnce} (goal 1); ${c.entities} entities answered`,
    ),
  ];
}

export function entityBatchPageTargetsMissed(costs: readonly PageBatchCost[]): string[] {
  return costs.flatMap((c) => [
    ...(c.requests > c.minimum ? [`entity batch in the bundle, ${c.name}: ${c.requests} requests > ${c.minimum}`] : []),
    ...(c.mostAskedOnce > 1
      ? [`entity batch in the bundle, ${c.name}: a resource asked ${c.mostAskedOnce} times`]
      : []),
    ...(c.entities !== c.ids ? [`entity batch in the bundle, ${c.name}: ${c.entities} of ${c.ids} entities`] : []),
  ]);
}

runAlone(module, entityBatchPageScenario, entityBatchPageLines, entityBatchPageTargetsMissed);
