import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { RequestEngine } from "../../src/engine/request-engine";
import { MemoryStorage } from "../../src/settings/storage";
import {
  ENTITY_BATCH_LIMITS,
  LinkedEntityLoadServiceResult,
  type LinkedEntityCellValue,
} from "../../src/formulas/entity";
import type { FormulaEnv } from "../../src/formulas/evaluate";
import { loadIndexEntities } from "../../src/formulas/index-functions/entity-load";
import { indexList } from "../../src/formulas/index-functions/list";

/**
 * The load service's bounds, against the reference service through the engine, as a crafted workbook would test
 * them (issue 27, item 12; issue 29, item 3): a batch costs the catalogue and one latest fix per distinct listed
 * symbol, each resource once; symbols the catalogue lacks cost nothing; a batch over the bound is refused whole;
 * nothing Excel sent is echoed at a length it was not worth; an empty id is its own error; a big batch gives the
 * runtime back between chunks.
 */
let service: RunningReferenceService;
const engines: RequestEngine[] = [];
beforeAll(async () => {
  service = await startReferenceService({
    flavor: "newer",
    now: () => new Date("2025-03-14T12:00:00Z"),
    rateLimits: { anonymous: 100_000 },
  });
});
afterEach(() => engines.splice(0).forEach((engine) => engine.close()));
afterAll(() => service.close());

function engineEnv(): FormulaEnv {
  const engine = new RequestEngine(
    { baseUrl: service.url },
    { batchWindowMs: 5, storage: new MemoryStorage(), budgetChannel: null },
  );
  engines.push(engine);
  return { source: engine, caps: { formattedNumbers: false } };
}

const requestOf = (ids: readonly string[], culture = "en-US") =>
  JSON.stringify({ domainId: "index", entities: ids.map((entityId) => ({ entityId, culture })) });

async function loaded(env: FormulaEnv, request: string): Promise<LinkedEntityCellValue[]> {
  return LinkedEntityLoadServiceResult.parse(await loadIndexEntities(env, request)).entities;
}

/** The paths the service saw while `work` ran. */
async function seenDuring(work: () => Promise<unknown>): Promise<string[]> {
  service.resetRequestLog();
  await work();
  return service.requests.map((entry) => entry.path);
}

let symbols: string[] = [];
beforeAll(async () => {
  const body = (await (await fetch(`${service.url}/api/v1/indexes`)).json()) as {
    indexes: { symbol: string; latestValue?: number | null }[];
  };
  symbols = body.indexes.filter((row) => typeof row.latestValue === "number").map((row) => row.symbol);
});

describe("what a batch costs", () => {
  it("50 ids over 7 symbols and 1 unknown: the catalogue and 7 latest fixes, each resource asked once", async () => {
    const seven = symbols.slice(0, 7);
    expect(seven).toHaveLength(7);
    const ids = Array.from({ length: 50 }, (_, i) => [...seven, "RTM-XXX-Z-9x9"][i % 8] ?? "");
    const env = engineEnv();
    let entities: LinkedEntityCellValue[] = [];
    const seen = await seenDuring(async () => (entities = await loaded(env, requestOf(ids))));
    expect(seen.sort()).toEqual(["/api/v1/indexes", ...seven.map((symbol) => `/api/v1/index/${symbol}/latest`)].sort());
    expect(new Set(seen).size).toBe(seen.length);
    expect(entities).toHaveLength(50);
    expect(entities.filter((entity) => entity.properties?.["Error"] !== undefined).map((e) => e.id.entityId)).toEqual(
      ids.filter((id) => id === "RTM-XXX-Z-9x9"),
    );
  });

  it("unknown ids while the catalogue is fresh cost no request, each its own error in the 404's words", async () => {
    const env = engineEnv();
    const listing = await seenDuring(() => indexList(env, undefined, undefined));
    expect(listing).toEqual(["/api/v1/indexes"]);
    const unknown = Array.from({ length: 300 }, (_, i) => `RTM-NOPE-${i}-1x3`);
    let entities: LinkedEntityCellValue[] = [];
    const seen = await seenDuring(
      async () => (entities = await loaded(env, requestOf([...unknown, symbols[0]?.toLowerCase() ?? ""]))),
    );
    expect(seen).toEqual([]);
    expect(entities[0]?.properties?.["Error"]).toMatchObject({
      basicValue:
        "unknown index 'RTM-NOPE-0-1x3': check the symbol (INDEX.LIST() shows every index; symbols are case-sensitive)",
    });
    expect(entities[300]?.properties?.["Error"]).toMatchObject({
      basicValue: expect.stringContaining(`did you mean '${symbols[0]}'?`),
    });
  });
});

describe("a batch over the bound", () => {
  it("40,000 ids are refused whole, saying why and what to do, before any request", async () => {
    const ids = Array.from({ length: 40_000 }, (_, i) => symbols[i % symbols.length] ?? "");
    const env = engineEnv();
    let refusal: unknown;
    const seen = await seenDuring(() => loadIndexEntities(env, requestOf(ids)).catch((error) => (refusal = error)));
    expect(seen).toEqual([]);
    expect(refusal).toMatchObject({
      code: "#N/A",
      message:
        "Excel asked for 40,000 Index entities at once; the add-in loads at most 5,000 in one batch. Keep fewer cells linked to the Index data type (Convert to text), or use INDEX.CARD formulas for the rest.",
    });
  });

  it("a batch at the bound is answered, and gives the runtime back between its chunks", async () => {
    const ids = Array.from({ length: ENTITY_BATCH_LIMITS.entities }, (_, i) =>
      i % 2 === 0 ? (symbols[i % symbols.length] ?? "") : `RTM-NOPE-${i}-1x3`,
    );
    const env = engineEnv();
    // Warm: the catalogue and every card are at hand, so the second batch waits for nothing but its own work.
    await loaded(env, requestOf(symbols));
    let turns = 0;
    let done = false;
    const tick = () => {
      if (done) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    let entities: unknown[] = [];
    const seen = await seenDuring(async () => ({ entities } = await loadIndexEntities(env, requestOf(ids))));
    done = true;
    expect(seen).toEqual([]);
    expect(entities).toHaveLength(ENTITY_BATCH_LIMITS.entities);
    // Without a yield the whole batch would run in one turn of the event loop; it yields between every chunk.
    expect(turns).toBeGreaterThanOrEqual(ENTITY_BATCH_LIMITS.entities / ENTITY_BATCH_LIMITS.chunk - 1);
  });
});

describe("what is echoed back", () => {
  it("a 1 MB culture is answered as en-US: the answer stays the size of a card", async () => {
    const [symbol = ""] = symbols;
    const env = engineEnv();
    const small = await loadIndexEntities(env, requestOf([symbol]));
    const huge = await loadIndexEntities(env, requestOf([symbol], "x".repeat(1_000_000)));
    const [entity] = LinkedEntityLoadServiceResult.parse(huge).entities;
    expect(entity?.id).toEqual({ entityId: symbol, domainId: "index", serviceId: 268436224, culture: "en-US" });
    expect(entity?.properties?.["Value"]).toMatchObject({ type: "Double" });
    expect(JSON.stringify(huge).length).toBe(JSON.stringify(small).length);
  });

  it("a 1 MB id is cut, and is its own error, without a request", async () => {
    const env = engineEnv();
    let entities: LinkedEntityCellValue[] = [];
    const seen = await seenDuring(
      async () => (entities = await loaded(env, requestOf(["R".repeat(1_000_000), symbols[0] ?? ""]))),
    );
    expect(seen.filter((path) => path.endsWith("/latest"))).toEqual([`/api/v1/index/${symbols[0]}/latest`]);
    expect(entities[0]?.id.entityId).toBe("R".repeat(ENTITY_BATCH_LIMITS.idLength));
    expect(JSON.stringify(entities[0]).length).toBeLessThan(2_000);
    expect(entities[0]?.properties?.["Error"]).toMatchObject({
      basicValue: expect.stringMatching(/^entity id: give an index symbol/),
    });
  });

  it("an empty id is its own error, and the rest of the batch is valid by Excel's documented shape", async () => {
    const [symbol = ""] = symbols;
    const env = engineEnv();
    const entities = await loaded(env, requestOf([symbol, "", symbol]));
    expect(entities.map((entity) => entity.text)).toEqual([
      expect.stringMatching(new RegExp(`^${symbol} \\d`)),
      "(no symbol) #VALUE!",
      expect.stringMatching(new RegExp(`^${symbol} \\d`)),
    ]);
    expect(entities[1]?.id).toEqual({ entityId: "", domainId: "index", serviceId: 268436224, culture: "en-US" });
    expect(entities[1]?.properties?.["Error"]).toMatchObject({
      basicValue: expect.stringMatching(/^entity id: give an index symbol .* \(got ""\)$/),
    });
  });
});
