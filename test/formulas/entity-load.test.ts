import type { Flavor, RunningReferenceService } from "../../reference-service/src";
import { IndexDataClient } from "../../src/client/client";
import { DirectSource } from "../../src/client/direct-source";
import { RequestEngine } from "../../src/engine/request-engine";
import { MemoryStorage } from "../../src/settings/storage";
import { isCellError } from "../../src/formulas/cell-error";
import {
  EntityCellValue,
  INDEX_DOMAIN,
  LinkedEntityLoadServiceResult,
  type LinkedEntityCellValue,
} from "../../src/formulas/entity";
import type { FormulaEnv } from "../../src/formulas/evaluate";
import { indexCard } from "../../src/formulas/index-functions/card";
import { loadIndexEntities } from "../../src/formulas/index-functions/entity-load";
import { faultedPaths } from "../faults/fault-wording";
import { NO_DATA } from "../support/reference-symbols";
import { referenceRig } from "./support/reference-rig";

/**
 * The Index data type's load service over HTTP, against the reference service through the request engine, as Excel
 * calls it: a batch of entity ids (JSON text), one linked entity per id back, in order. Excel itself cannot run
 * here: the shapes are checked against Microsoft's documented ones (src/formulas/entity/linked-values.ts).
 */
const FRIDAY = "2025-03-14T12:00:00Z";
const UNKNOWN = ["RTM-XXX-Z-9x9", "RTM-NOPE-A-1x3"];
const WRONG_CASE = "rtm-nwe-a-1x3";

const rig = referenceRig();
const serviceOn = (flavor: Flavor) => rig.serviceOn(flavor, FRIDAY);

function engineEnv(
  service: RunningReferenceService,
  storage = new MemoryStorage(),
  ttls = {},
): FormulaEnv & { source: RequestEngine } {
  const engine = rig.kept(
    new RequestEngine(
      { baseUrl: service.url },
      { batchWindowMs: 5, storage, ttls, budgetChannel: null, retry: { baseDelayMs: 1, maxDelayMs: 2 } },
    ),
  );
  return { source: engine, caps: { formattedNumbers: false } };
}

/** The catalogue's symbols that have a latest value, read from the service itself. */
async function symbolsWithData(service: RunningReferenceService): Promise<string[]> {
  const body = (await (await fetch(`${service.url}/api/v1/indexes`)).json()) as {
    indexes: { symbol: string; latestValue?: number | null }[];
  };
  return body.indexes.filter((row) => typeof row.latestValue === "number").map((row) => row.symbol);
}

/** 50 entity ids: every known symbol, then two unknown, one without data, one in the wrong case, then repeats of all. */
function batchOf(known: readonly string[]): string[] {
  const first = [...known, ...UNKNOWN, NO_DATA, WRONG_CASE];
  const repeats = [...known].reverse().concat(UNKNOWN[0] ?? "", NO_DATA);
  const ids = [...first, ...Array.from({ length: 50 - first.length }, (_, i) => repeats[i % repeats.length] ?? "")];
  expect(known.length).toBeGreaterThan(5);
  expect(ids).toHaveLength(50);
  return ids;
}

const requestOf = (ids: readonly string[]) =>
  JSON.stringify({ domainId: INDEX_DOMAIN.id, entities: ids.map((entityId) => ({ entityId, culture: "en-US" })) });

function asResult(value: unknown): LinkedEntityCellValue[] {
  return LinkedEntityLoadServiceResult.parse(value).entities;
}

describe.each(["newer", "older"] as const)("the load service on the %s description", (flavor) => {
  it("answers a batch of 50 in order, each entity INDEX.CARD's card for its symbol, unknown and no-data ones as their own error", async () => {
    const service = await serviceOn(flavor);
    const ids = batchOf(await symbolsWithData(service));
    const direct: FormulaEnv = {
      source: new DirectSource(new IndexDataClient({ baseUrl: service.url })),
      caps: { formattedNumbers: true },
    };
    const expected = new Map<string, unknown>();
    for (const symbol of new Set(ids)) expected.set(symbol, await indexCard(direct, symbol, undefined));

    const entities = asResult(await loadIndexEntities(engineEnv(service), requestOf(ids)));

    expect(entities.map((entity) => entity.id)).toEqual(
      ids.map((entityId) => ({ entityId, domainId: "index", serviceId: 268436224, culture: "en-US" })),
    );
    entities.forEach((entity, index) => {
      const card = expected.get(ids[index] ?? "");
      if (isCellError(card)) {
        expect(entity.text).toBe(`${ids[index]} #N/A`);
        expect(entity.properties?.["Error"]).toEqual({ type: "String", basicValue: card.message, basicType: "String" });
        expect(entity.properties?.["Value"]).toMatchObject({ type: "Error", errorType: "NotAvailable" });
        expect(card.message).toContain(ids[index]);
      } else {
        const { properties, layouts, provider, text } = EntityCellValue.parse(card);
        expect({
          properties: entity.properties,
          layouts: entity.layouts,
          provider: entity.provider,
          text: entity.text,
        }).toEqual({ properties, layouts, provider, text });
        expect(entity).toMatchObject({ basicValue: "#VALUE!", basicType: "Error" });
      }
    });
    // The errors name their symbols, each in the cell's words.
    const errors = entities
      .filter((entity) => entity.properties?.["Error"] !== undefined)
      .map((entity) => entity.id.entityId);
    expect(new Set(errors)).toEqual(new Set([...UNKNOWN, NO_DATA, WRONG_CASE]));
  });

  it("costs its floor: the catalogue once, one latest fix per distinct listed symbol, nothing for unknown ones", async () => {
    const service = await serviceOn(flavor);
    const ids = batchOf(await symbolsWithData(service));
    const before = service.requests.length;
    await loadIndexEntities(engineEnv(service), requestOf(ids));
    const sent = service.requests.slice(before).map((entry) => entry.path);
    const listed = [...new Set(ids)].filter((symbol) => !UNKNOWN.includes(symbol) && symbol !== WRONG_CASE);
    expect(sent.filter((path) => path.startsWith("/api/v1/indexes"))).toHaveLength(1);
    expect(sent.filter((path) => path.endsWith("/latest")).sort()).toEqual(
      listed.map((symbol) => `/api/v1/index/${symbol}/latest`).sort(),
    );
    expect(sent).toHaveLength(1 + listed.length);
  });
});

describe("the load service while the service is down", () => {
  it("still settles: last-known cards marked stale where they exist, the cell's own error elsewhere, nothing sent into the outage", async () => {
    const service = await serviceOn("newer");
    const [seen = "", neverSeen = ""] = await symbolsWithData(service);
    const storage = new MemoryStorage();
    const first = engineEnv(service, storage);
    asResult(await loadIndexEntities(first, requestOf([seen])));
    await first.source.flush();

    const reopened = engineEnv(service, storage, { latest: 1, catalogue: 1 });
    service.resetRequestLog();
    service.faults.failNext("503", Infinity);
    const entities = asResult(await loadIndexEntities(reopened, requestOf([seen, neverSeen, seen])));

    // The fault happened: the catalogue, asked first, failed with 503 until the engine held the service as down,
    // so no latest fix was sent into the outage.
    const failed = faultedPaths(service.requests, "503");
    expect(failed.length).toBeGreaterThan(0);
    expect(new Set(failed)).toEqual(new Set(["/api/v1/indexes"]));
    expect(service.requests.filter((entry) => entry.path.endsWith("/latest"))).toEqual([]);
    const [stale, missing, again] = entities;
    expect(stale?.properties?.["Last-known value"]).toEqual({
      type: "Boolean",
      basicValue: true,
      basicType: "Boolean",
    });
    expect(stale?.layouts?.card?.title).toMatch(/ · last-known value$/);
    expect(again).toEqual(stale);
    expect(missing?.text).toBe(`${neverSeen} #N/A`);
    expect(missing?.properties?.["Error"]).toEqual({
      type: "String",
      basicValue:
        "Not sent, because the service failed to answer just before (it said it is unavailable (503)); recalculate in a few seconds.",
      basicType: "String",
    });
  });
});

describe("a request that is not Excel's", () => {
  it.each([
    ["text that is not JSON", "{entities"],
    ["another domain", JSON.stringify({ domainId: "products", entities: [{ entityId: "P1", culture: "en-US" }] })],
    ["no entities", JSON.stringify({ domainId: "index" })],
  ])("is refused whole (%s), before any request", async (_name, request) => {
    const service = await serviceOn("newer");
    const env = engineEnv(service);
    await expect(loadIndexEntities(env, request)).rejects.toMatchObject({
      code: "#VALUE!",
      message: expect.stringContaining('"index" domain'),
    });
    expect(service.requests).toEqual([]);
  });

  it("takes the request as an object too", async () => {
    const service = await serviceOn("newer");
    const [symbol = ""] = await symbolsWithData(service);
    const result = await loadIndexEntities(engineEnv(service), {
      domainId: "index",
      entities: [{ entityId: symbol, culture: "de-DE" }],
    });
    expect(asResult(result)[0]?.id).toEqual({
      entityId: symbol,
      domainId: "index",
      serviceId: 268436224,
      culture: "de-DE",
    });
  });
});
