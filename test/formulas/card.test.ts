import { DiagnosticsRecorder } from "@index-data/wire/diagnostics";
import type { RunningReferenceService } from "../../reference-service/src";
import { IndexDataClient } from "../../src/client/client";
import { DirectSource } from "../../src/client/direct-source";
import { RequestEngine } from "../../src/engine/request-engine";
import { MemoryStorage } from "../../src/settings/storage";
import { CellError, isCellError } from "../../src/formulas/cell-error";
import type { ExcelCapabilities, FormulaResult } from "../../src/formulas/cells";
import { EntityCellValue, isEntityCellValue, type EntityProperty } from "../../src/formulas/entity";
import type { FormulaEnv } from "../../src/formulas/evaluate";
import { indexCard } from "../../src/formulas/index-functions/card";
import { indexLatest } from "../../src/formulas/index-functions/latest";
import { referenceRig } from "./support/reference-rig";

const SYMBOL = "RTM-NWE-A-1x3";
// The reference dataset publishes on weekdays and carries the Friday fix forward over the weekend.
const FRIDAY = "2025-03-14T12:00:00Z";
const SUNDAY = "2025-03-16T12:00:00Z";
// Excel serials of 2025-03-14 and 2025-03-16 (days since 1899-12-30).
const FRIDAY_SERIAL = 45730;
const SUNDAY_SERIAL = 45732;

const { serviceOn, kept } = referenceRig();

function directEnv(service: RunningReferenceService, caps: ExcelCapabilities = { formattedNumbers: true }): FormulaEnv {
  return { source: new DirectSource(new IndexDataClient({ baseUrl: service.url, timeoutMs: 60_000 })), caps }; // a hang stop only
}

function asEntity(result: FormulaResult | EntityCellValue): EntityCellValue {
  if (!isEntityCellValue(result)) throw new Error(`expected an entity, got ${JSON.stringify(result)}`);
  // Every card must be the shape Microsoft documents (strict: no stray keys, right types and literals).
  return EntityCellValue.parse(result);
}

function property(entity: EntityCellValue, label: string): EntityProperty | undefined {
  return entity.properties[label];
}

const CASES = [
  {
    flavor: "newer",
    day: FRIDAY,
    asOf: FRIDAY_SERIAL,
    confidence: 82,
    mode: "FRESH",
    carried: { type: "String", basicValue: "", basicType: "String" },
  },
  {
    flavor: "newer",
    day: SUNDAY,
    asOf: SUNDAY_SERIAL,
    confidence: 66,
    mode: "CARRIED_FORWARD",
    carried: { type: "FormattedNumber", basicValue: FRIDAY_SERIAL, basicType: "Double", numberFormat: "yyyy-mm-dd" },
  },
  { flavor: "older", day: FRIDAY, asOf: FRIDAY_SERIAL, confidence: 82, mode: undefined, carried: undefined },
  { flavor: "older", day: SUNDAY, asOf: SUNDAY_SERIAL, confidence: 66, mode: undefined, carried: undefined },
] as const;

describe("INDEX.CARD entity, against the reference service", () => {
  it.each(CASES)(
    "$flavor description on $day: Microsoft's shapes, the service's figures, absent fields absent",
    async (c) => {
      const service = await serviceOn(c.flavor, c.day);
      const entity = asEntity(await indexCard(directEnv(service), SYMBOL, undefined));

      expect(entity.type).toBe("Entity");
      expect(entity.text).toBe("RTM-NWE-A-1x3 1.6508");
      expect(property(entity, "Value")).toEqual({
        type: "Double",
        basicValue: 1.6508,
        basicType: "Double",
        numberFormat: '0.0000 "USD/kg"',
      });
      expect(property(entity, "As of")).toEqual({
        type: "FormattedNumber",
        basicValue: c.asOf,
        basicType: "Double",
        numberFormat: "yyyy-mm-dd",
      });
      expect(property(entity, "Confidence")).toEqual({
        type: "Double",
        basicValue: c.confidence,
        basicType: "Double",
        numberFormat: "0",
      });
      expect(property(entity, "Status")).toEqual({ type: "String", basicValue: "FIRM", basicType: "String" });
      expect(property(entity, "Methodology version")).toEqual({
        type: "String",
        basicValue: "2.3.0",
        basicType: "String",
      });
      expect(property(entity, "Unit")).toEqual({ type: "String", basicValue: "USD/kg", basicType: "String" });
      expect(property(entity, "Currency")).toEqual({ type: "String", basicValue: "USD", basicType: "String" });
      expect(property(entity, "Last-known value")).toEqual({
        type: "Boolean",
        basicValue: false,
        basicType: "Boolean",
      });
      expect(property(entity, "Provider")).toEqual({
        type: "String",
        basicValue: "Index Data Service",
        basicType: "String",
      });
      expect(property(entity, "Publication mode")).toEqual(
        c.mode === undefined ? undefined : { type: "String", basicValue: c.mode, basicType: "String" },
      );
      expect(property(entity, "Carried forward from")).toEqual(c.carried);
      if (c.flavor === "older")
        expect(Object.keys(entity.properties)).not.toEqual(
          expect.arrayContaining(["Publication mode", "Carried forward from", "Derivation method"]),
        );
      expect(entity.provider).toEqual({ description: "Index Data Service" });
    },
  );

  it.each(["newer", "older"] as const)(
    "%s: the catalogue's name, region, grade and tenor, and the nested Data coverage entity",
    async (flavor) => {
      const service = await serviceOn(flavor, FRIDAY);
      const catalogue = (await (await fetch(`${service.url}/api/v1/indexes`)).json()) as {
        indexes: { symbol: string; description: string; hub: string }[];
      };
      const row = catalogue.indexes.find((r) => r.symbol === SYMBOL);
      const entity = asEntity(await indexCard(directEnv(service), SYMBOL, undefined));

      expect(property(entity, "Name")).toEqual({ type: "String", basicValue: row?.description, basicType: "String" });
      expect(property(entity, "Region")).toEqual({ type: "String", basicValue: "NWE", basicType: "String" });
      expect(property(entity, "Grade")).toEqual({ type: "String", basicValue: "A", basicType: "String" });
      expect(property(entity, "Tenor")).toEqual({ type: "String", basicValue: "1x3", basicType: "String" });
      expect(property(entity, "Active")).toEqual({ type: "Boolean", basicValue: true, basicType: "Boolean" });
      expect(entity.layouts?.card?.title).toBe(`RTM-NWE-A-1x3 · ${row?.description}`);

      const coverage = property(entity, "Data coverage");
      if (coverage?.type !== "Entity") throw new Error("Data coverage is not an entity");
      expect(coverage.text).toBe("13 contributors");
      expect(coverage.properties).toEqual({
        Contributors: { type: "Double", basicValue: 13, basicType: "Double", numberFormat: "#,##0" },
        "Executed trades": { type: "Double", basicValue: 29, basicType: "Double", numberFormat: "#,##0" },
        "Firm quotes": { type: "Double", basicValue: 24, basicType: "Double", numberFormat: "#,##0" },
        Indicatives: { type: "Double", basicValue: 3, basicType: "Double", numberFormat: "#,##0" },
        "Total mass (kg)": { type: "Double", basicValue: 4428000, basicType: "Double", numberFormat: '#,##0 "kg"' },
        "Top contributor share": { type: "Double", basicValue: 0.327, basicType: "Double", numberFormat: "0.0%" },
      });
    },
  );

  it("lays the card out in reading order: the fix, its quality, its coverage, the index; every property in one section", async () => {
    const service = await serviceOn("newer", SUNDAY);
    const entity = asEntity(await indexCard(directEnv(service), SYMBOL, undefined));
    const sections = entity.layouts?.card?.sections ?? [];
    expect(sections.map((s) => s.title)).toEqual(["Fix", "Quality", "Coverage", "Index"]);
    expect(sections[0]?.properties).toEqual(["Value", "As of", "Unit", "Currency"]);
    expect(sections[1]?.properties.slice(0, 4)).toEqual([
      "Confidence",
      "Status",
      "Publication mode",
      "Carried forward from",
    ]);
    expect(sections[2]?.properties).toEqual(["Data coverage"]);
    const onCard = Object.entries(entity.properties).filter(
      ([, p]) => p.type === "Entity" || (p.type !== "Function" && p.propertyMetadata?.excludeFrom?.cardView !== true),
    );
    expect(sections.flatMap((s) => s.properties).sort()).toEqual(onCard.map(([label]) => label).sort());
  });

  it("gives formulas =A1.Price, the value again, left out of the card view so the card shows the figure once", async () => {
    const service = await serviceOn("newer", FRIDAY);
    const entity = asEntity(await indexCard(directEnv(service), SYMBOL, undefined));
    expect(property(entity, "Price")).toEqual({
      type: "Double",
      basicValue: 1.6508,
      basicType: "Double",
      numberFormat: '0.0000 "USD/kg"',
      propertyMetadata: { excludeFrom: { cardView: true } },
    });
    expect(entity.layouts?.card?.sections?.flatMap((s) => s.properties)).not.toContain("Price");
  });

  it("marks a last-known card in its title, where a trader reads first", async () => {
    const service = await serviceOn("newer", FRIDAY);
    const fresh = asEntity(await indexCard(directEnv(service), SYMBOL, undefined));
    expect(fresh.layouts?.card?.title).not.toMatch(/last-known/);
  });

  it("shows only the properties `fields` names, in the card's order, matched without regard to case or spaces", async () => {
    const service = await serviceOn("newer", FRIDAY);
    const entity = asEntity(
      await indexCard(directEnv(service), SYMBOL, [["confidence"], ["VALUE"], ["data coverage"]]),
    );
    expect(Object.keys(entity.properties)).toEqual(["Value", "Confidence", "Data coverage"]);
  });
});

describe("INDEX.CARD on a host without data types", () => {
  it.each([
    { name: "no CustomFunctionsRuntime 1.4", caps: { formattedNumbers: false } },
    { name: "formatted numbers but no entities", caps: { formattedNumbers: true, entities: false } },
  ])("returns the plain latest value, as INDEX.LATEST does ($name)", async ({ caps }) => {
    const service = await serviceOn("newer", SUNDAY);
    const env = directEnv(service, caps);
    const card = await indexCard(env, SYMBOL, undefined);
    expect(card).toBe(1.6508);
    expect(card).toEqual(await indexLatest(env, SYMBOL, undefined));
  });

  it("still refuses a bad `fields` argument, without a request", async () => {
    const service = await serviceOn("newer", FRIDAY);
    const result = await indexCard(directEnv(service, { formattedNumbers: false }), SYMBOL, "Value,Colour");
    expect(isCellError(result)).toBe(true);
    expect((result as CellError).code).toBe("#VALUE!");
    expect(service.requests).toEqual([]);
  });
});

describe("INDEX.CARD errors", () => {
  it("a bad fields argument is #VALUE! naming the wrong name and the right ones, with no request", async () => {
    const service = await serviceOn("newer", FRIDAY);
    const result = await indexCard(directEnv(service), SYMBOL, "Value,Colour");
    expect(result).toBeInstanceOf(CellError);
    expect((result as CellError).code).toBe("#VALUE!");
    expect((result as CellError).message).toMatch(/fields: .*"Confidence".*\(got "Colour"\)/);
    expect(service.requests).toEqual([]);
  });

  it("a malformed symbol is #VALUE! with no request", async () => {
    const service = await serviceOn("newer", FRIDAY);
    const result = await indexCard(directEnv(service), "RTM NWE/A", undefined);
    expect((result as CellError).code).toBe("#VALUE!");
    expect(service.requests).toEqual([]);
  });

  it("an unknown symbol is #N/A naming the symbol", async () => {
    const service = await serviceOn("older", FRIDAY);
    const result = await indexCard(directEnv(service), "RTM-XXX-Z-9x9", undefined);
    expect(service.requests.some((r) => r.path === "/api/v1/index/RTM-XXX-Z-9x9/latest" && r.status === 404)).toBe(
      true,
    );
    expect((result as CellError).code).toBe("#N/A");
    expect((result as CellError).message).toContain("RTM-XXX-Z-9x9");
  });
});

describe("INDEX.CARD through the request engine", () => {
  function engineEnv(
    service: RunningReferenceService,
    storage = new MemoryStorage(),
    ttls = {},
  ): FormulaEnv & { source: RequestEngine } {
    const engine = kept(
      new RequestEngine(
        { baseUrl: service.url },
        { batchWindowMs: 5, storage, ttls, retry: { baseDelayMs: 5, maxDelayMs: 10 } },
      ),
    );
    return { source: engine, caps: { formattedNumbers: true } };
  }

  it("a sheet with LATEST (value and confidence) and CARD of one symbol sends one latest request", async () => {
    const service = await serviceOn("newer", FRIDAY);
    const env = engineEnv(service);
    const [card, value, confidence] = await Promise.all([
      indexCard(env, SYMBOL, undefined),
      indexLatest(env, SYMBOL, undefined),
      indexLatest(env, SYMBOL, "confidence"),
    ]);
    expect(asEntity(card).text).toBe("RTM-NWE-A-1x3 1.6508");
    expect([value, confidence]).toEqual([1.6508, 82]);
    expect(service.requests.filter((r) => r.path.startsWith(`/api/v1/index/${SYMBOL}/`)).map((r) => r.path)).toEqual([
      `/api/v1/index/${SYMBOL}/latest`,
    ]);
  });

  it("when the catalogue fails, the card leaves its names out and keeps the failure in the diagnostics", async () => {
    const service = await serviceOn("newer", FRIDAY);
    const diagnostics = new DiagnosticsRecorder();
    service.faults.failNext("500", 1, "/api/v1/indexes");
    const entity = asEntity(await indexCard({ ...directEnv(service), diagnostics }, SYMBOL, undefined));
    // The fault happened: the catalogue was asked and answered 500.
    expect(service.requests.some((r) => r.path === "/api/v1/indexes" && r.status === 500)).toBe(true);
    expect(property(entity, "Value")).toMatchObject({ type: "Double" });
    expect(property(entity, "Name")).toBeUndefined();
    expect(diagnostics.recent()).toEqual([expect.objectContaining({ where: "card: the catalogue's names" })]);
  });

  it("when the service fails, the card shows the last-known fix and says so", async () => {
    const service = await serviceOn("newer", FRIDAY);
    const storage = new MemoryStorage();
    const first = engineEnv(service, storage);
    asEntity(await indexCard(first, SYMBOL, undefined));
    await first.source.flush();

    const reopened = engineEnv(service, storage, { latest: 1, catalogue: 1 });
    service.faults.failNext("500", Infinity);
    const entity = asEntity(await indexCard(reopened, SYMBOL, undefined));
    expect(service.requests.some((r) => r.path === `/api/v1/index/${SYMBOL}/latest` && r.status === 500)).toBe(true);
    expect(property(entity, "Last-known value")).toEqual({ type: "Boolean", basicValue: true, basicType: "Boolean" });
    expect(property(entity, "Value")).toMatchObject({ basicValue: 1.6508 });
    expect(entity.layouts?.card?.title).toMatch(/^RTM-NWE-A-1x3 · .+ · last-known value$/);
  });
});

describe("the entity schema is Microsoft's documented shape, strictly", () => {
  const good = {
    type: "Entity",
    text: "X 1.0000",
    properties: { Value: { type: "Double", basicValue: 1, numberFormat: "0.0000" } },
  };
  it.each([
    ["a Double whose basicValue is text", { ...good, properties: { Value: { type: "Double", basicValue: "1" } } }],
    [
      "a FormattedNumber without numberFormat",
      { ...good, properties: { "As of": { type: "FormattedNumber", basicValue: 45730 } } },
    ],
    ["a misspelt key", { ...good, propreties: {} }],
    [
      "a wrong basicType",
      { ...good, properties: { Status: { type: "String", basicValue: "FIRM", basicType: "Double" } } },
    ],
    [
      "a section with another layout",
      { ...good, layouts: { card: { sections: [{ layout: "Grid", properties: ["Value"] }] } } },
    ],
  ])("refuses %s", (_name, value) => {
    expect(EntityCellValue.safeParse(good).success).toBe(true);
    expect(EntityCellValue.safeParse(value).success).toBe(false);
  });
});
