// The Index data type's load service, which Excel calls with many cells at once: part of `npm run bench`, or alone with
// `npx tsx bench/entity-batch.ts`. Against the reference service in its own process (50 ms latency), through a
// fresh request engine each time, the requests a batch costs beside its minimum (the catalogue, then one latest fix
// per distinct listed symbol), beside one naive load (no engine: every card asks for itself); what a card built from
// the catalogue alone would save and lose; and, on a warm engine, what a batch at the bound costs the runtime.
import { IndexDataClient } from "../src/client";
import { DirectSource } from "../src/client";
import { RequestEngine } from "../src/engine";
import { MemoryStorage } from "../src/settings";
import { CARD_PROPERTIES, COVERAGE_PROPERTIES, ENTITY_BATCH_LIMITS } from "../src/formulas";
import type { FormulaEnv } from "../src/formulas";
import { loadIndexEntities } from "../src/formulas";
import { startRemoteService, type RemoteService, SERVICE_LATENCY_MS } from "./remote-service";
import { runAlone } from "./report";

/** The service's rate-limit window, compressed from 60 s as the other scenarios do; the engine is told the same. */
const WINDOW_MS = 6000;

const requestOf = (ids: readonly string[]) =>
  JSON.stringify({ domainId: "index", entities: ids.map((entityId) => ({ entityId, culture: "en-US" })) });

interface BatchCost {
  readonly ids: number;
  readonly minimum: number;
  readonly engine: number;
  /** The most times the engine asked for any one resource. */
  readonly mostAskedOnce: number;
  readonly naive: number;
}

function engineOn(service: RemoteService): RequestEngine {
  return new RequestEngine(
    { baseUrl: service.url },
    { storage: new MemoryStorage(), budgetChannel: null, rateWindowMs: WINDOW_MS },
  );
}

/** The requests `env` made for one batch, and the most times one path was asked. */
async function requestsFor(service: RemoteService, env: FormulaEnv, ids: readonly string[]) {
  await service.resetRequestLog();
  await loadIndexEntities(env, requestOf(ids));
  const paths = (await service.requestLog()).map((entry) => entry.path);
  const counts = new Map<string, number>();
  for (const path of paths) counts.set(path, (counts.get(path) ?? 0) + 1);
  return { requests: paths.length, most: Math.max(0, ...counts.values()) };
}

/** One batch through a fresh engine, and through no engine at all, each on its own service (its own budget). */
async function batchCost(ids: readonly string[], listed: number): Promise<BatchCost> {
  const [service, naiveService] = await Promise.all([startService(), startService()]);
  const engine = engineOn(service);
  const ours = await requestsFor(service, { source: engine, caps: { formattedNumbers: true } }, ids);
  engine.close();
  const direct = new DirectSource(new IndexDataClient({ baseUrl: naiveService.url }));
  const naive = await requestsFor(naiveService, { source: direct, caps: { formattedNumbers: true } }, ids);
  await Promise.all([service.close(), naiveService.close()]);
  return {
    ids: ids.length,
    minimum: 1 + listed,
    engine: ours.requests,
    mostAskedOnce: ours.most,
    naive: naive.requests,
  };
}

interface BoundCost {
  readonly ids: number;
  readonly cpuMs: number;
  /** The longest the runtime went without a turn of its event loop while the batch ran. */
  readonly longestStallMs: number;
  readonly answerMb: number;
  readonly refusedOverBoundMs: number;
}

/** A batch at the bound (half listed, half unknown ids) on a warm engine: CPU, longest stall, answer size. */
async function boundCost(service: RemoteService, symbols: readonly string[]): Promise<BoundCost> {
  const engine = engineOn(service);
  const env: FormulaEnv = { source: engine, caps: { formattedNumbers: true } };
  await loadIndexEntities(env, requestOf(symbols));
  const ids = Array.from({ length: ENTITY_BATCH_LIMITS.entities }, (_, i) =>
    i % 2 === 0 ? (symbols[i % symbols.length] ?? "") : `RTM-NOPE-${i}-1x3`,
  );
  let last = performance.now();
  let longest = 0;
  let running = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const cpu = process.cpuUsage();
  const answer = await loadIndexEntities(env, requestOf(ids));
  const used = process.cpuUsage(cpu);
  running = false;
  const over = requestOf(Array.from({ length: 40_000 }, (_, i) => symbols[i % symbols.length] ?? ""));
  const refusedAt = performance.now();
  // Expected: a load over the bound is refused; what is measured is how soon.
  await loadIndexEntities(env, over).catch(() => undefined);
  const refusedOverBoundMs = performance.now() - refusedAt;
  engine.close();
  return {
    ids: ids.length,
    cpuMs: Math.round((used.user + used.system) / 1000),
    longestStallMs: Math.round(longest),
    answerMb: +(JSON.stringify(answer).length / 1e6).toFixed(1),
    refusedOverBoundMs: Math.round(refusedOverBoundMs),
  };
}

/** A card from the catalogue row alone: the properties it could carry (the row has value, as-of and the names). */
function catalogueCardProperties(): { catalogue: number; full: number } {
  const fromRow = (source: string) =>
    source.startsWith("entry.") || ["fix.value", "fix.asOf", "fix.symbol", "served.stale", "provider"].includes(source);
  return {
    catalogue: CARD_PROPERTIES.filter((p) => fromRow(p.source)).length,
    full: CARD_PROPERTIES.length + COVERAGE_PROPERTIES.length,
  };
}

export interface EntityBatchResult {
  readonly sevenAndUnknown: BatchCost;
  readonly fiftyDistinct: BatchCost;
  readonly catalogueCard: { readonly catalogue: number; readonly full: number };
  readonly bound: BoundCost;
}

function startService(): Promise<RemoteService> {
  return startRemoteService({ windowMs: WINDOW_MS, latencyMs: SERVICE_LATENCY_MS, extraIndexes: 50 });
}

export async function entityBatchScenario(): Promise<EntityBatchResult> {
  const service = await startService();
  try {
    const catalogue = await new IndexDataClient({ baseUrl: service.url }).listIndexes();
    const symbols = catalogue.filter((row) => row.latestValue !== undefined).map((row) => row.symbol);
    const seven = symbols.slice(0, 7);
    const mixed = Array.from({ length: 50 }, (_, i) => [...seven, "RTM-XXX-Z-9x9"][i % 8] ?? "");
    const distinct = symbols.filter((symbol) => symbol.startsWith("SCALE-")).slice(0, 50);
    return {
      sevenAndUnknown: await batchCost(mixed, seven.length),
      fiftyDistinct: await batchCost(distinct, distinct.length),
      catalogueCard: catalogueCardProperties(),
      bound: await boundCost(service, symbols),
    };
  } finally {
    await service.close();
  }
}

function costLine(name: string, cost: BatchCost): string {
  return `  ${name}: ${cost.engine} requests, minimum ${cost.minimum} (${(cost.engine / cost.minimum).toFixed(2)}x the minimum; no resource asked twice: ${cost.mostAskedOnce <= 1 ? "yes" : `no, ${cost.mostAskedOnce}`}); naive load ${cost.naive} (${(cost.engine / cost.naive).toFixed(2)}x)`;
}

export function entityBatchLines(result: EntityBatchResult): string[] {
  const { catalogueCard, bound, fiftyDistinct } = result;
  return [
    `Entity batch (Index data type load service; npx tsx bench/entity-batch.ts; ${SERVICE_LATENCY_MS} ms latency, a fresh engine per batch):`,
    costLine("50 ids over 7 symbols + 1 unknown", result.sevenAndUnknown),
    costLine("50 distinct symbols", fiftyDistinct),
    `  a card from the catalogue alone: 1 request instead of ${fiftyDistinct.minimum} for 50 distinct symbols, but ${catalogueCard.catalogue} of ${catalogueCard.full} properties (no unit, currency, confidence, status, coverage); not built, see docs/architecture.md`,
    `  a batch at the bound (${bound.ids.toLocaleString("en-US")} ids, half unknown, warm engine): ${bound.cpuMs} ms CPU, longest stall of the runtime ${bound.longestStallMs} ms (goal < 1,000), answer ${bound.answerMb} MB; 40,000 ids refused in ${bound.refusedOverBoundMs} ms, no request`,
  ];
}

export function entityBatchTargetsMissed(result: EntityBatchResult): string[] {
  const missed: string[] = [];
  for (const [name, cost] of [
    ["50 ids over 7 symbols + 1 unknown", result.sevenAndUnknown],
    ["50 distinct symbols", result.fiftyDistinct],
  ] as const) {
    if (cost.engine > cost.minimum)
      missed.push(`entity batch, ${name}: ${cost.engine} requests > minimum ${cost.minimum}`);
    if (cost.mostAskedOnce > 1) missed.push(`entity batch, ${name}: a resource asked ${cost.mostAskedOnce} times`);
  }
  if (result.bound.longestStallMs >= 1000)
    missed.push(`entity batch at the bound: the runtime stalled ${result.bound.longestStallMs} ms`);
  return missed;
}

runAlone(module, entityBatchScenario, entityBatchLines, entityBatchTargetsMissed);
