import { MemoryStorage } from "../../src/settings";
import {
  DATA_TYPE_REFRESH_KEY,
  loadDataTypeRefresh,
  parseDataTypeRefresh,
  saveDataTypeRefresh,
} from "../../src/settings/index";
import {
  EntityCellValue,
  frozenIndexSymbol,
  isIndexLinkedEntity,
  LinkedEntityCellValue,
  linkedIndexValue,
  planToIndex,
  relinkIndexEntity,
  unlinkIndexEntity,
  writeRuns,
} from "../../src/formulas/entity";

/**
 * The Index data type's values, against Microsoft's documented shapes (Excel.LinkedEntityCellValue with the add-in
 * service id 268436224; Excel.EntityCellValue with propertyMetadata), written out here; no Excel runs.
 */
const LOADED = {
  type: "LinkedEntity",
  id: { entityId: "RTM-NWE-A-1x3", domainId: "index", serviceId: 268436224, culture: "en-US" },
  text: "RTM-NWE-A-1x3 1.6508",
  basicValue: "#VALUE!",
  basicType: "Error",
  properties: {
    Value: { type: "Double", basicValue: 1.6508, basicType: "Double", numberFormat: '0.0000 "USD/kg"' },
    Price: {
      type: "Double",
      basicValue: 1.6508,
      basicType: "Double",
      numberFormat: '0.0000 "USD/kg"',
      propertyMetadata: { excludeFrom: { cardView: true } },
    },
    Confidence: { type: "Double", basicValue: 82, basicType: "Double", numberFormat: "0" },
  },
  layouts: {
    card: {
      title: "RTM-NWE-A-1x3 · North-West Europe",
      sections: [{ layout: "List", title: "Fix", properties: ["Value", "Confidence"] }],
    },
  },
  provider: { description: "Index Data Service" },
} as const;

describe("the value Convert to Index writes", () => {
  it("is a linked entity of the index domain with the symbol as its text, and #VALUE! for Excel without data types", () => {
    const value = linkedIndexValue("RTM-USG.B-2x4");
    expect(LinkedEntityCellValue.parse(value)).toEqual({
      type: "LinkedEntity",
      id: { entityId: "RTM-USG.B-2x4", domainId: "index", serviceId: 268436224, culture: "en-US" },
      text: "RTM-USG.B-2x4",
      basicValue: "#VALUE!",
      basicType: "Error",
    });
    expect(isIndexLinkedEntity(value)).toBe(true);
  });

  it.each([
    ["an exclamation mark in the entity id", { ...LOADED, id: { ...LOADED.id, entityId: "A!B" } }],
    ["no culture", { ...LOADED, id: { entityId: "X", domainId: "index", serviceId: 268436224 } }],
    ["a misspelt key", { ...LOADED, propreties: {} }],
  ])("refuses %s, as Microsoft's shape does", (_name, value) => {
    expect(LinkedEntityCellValue.safeParse(LOADED).success).toBe(true);
    expect(LinkedEntityCellValue.safeParse(value).success).toBe(false);
  });

  it("is not another domain's or service's linked entity", () => {
    expect(isIndexLinkedEntity({ ...LOADED, id: { ...LOADED.id, domainId: "products" } })).toBe(false);
    expect(isIndexLinkedEntity({ ...LOADED, id: { ...LOADED.id, serviceId: 536870912 } })).toBe(false);
  });
});

describe("freezing and restoring an Index entity", () => {
  it("freezes it to a plain entity with the same text, properties, card and provider, marked for restore", () => {
    const frozen = unlinkIndexEntity(LOADED);
    expect(EntityCellValue.parse(frozen)).toEqual({
      type: "Entity",
      text: "RTM-NWE-A-1x3 1.6508",
      basicValue: "#VALUE!",
      basicType: "Error",
      properties: {
        ...LOADED.properties,
        "Index data type": {
          type: "String",
          basicValue: "RTM-NWE-A-1x3",
          basicType: "String",
          propertyMetadata: {
            excludeFrom: { cardView: true, autoComplete: true, dotNotation: true, calcCompare: true },
          },
        },
      },
      layouts: LOADED.layouts,
      provider: LOADED.provider,
    });
  });

  it("restores it linked again from its symbol, to be loaded fresh", () => {
    const frozen = JSON.parse(JSON.stringify(unlinkIndexEntity(LOADED))) as unknown;
    expect(frozenIndexSymbol(frozen)).toBe("RTM-NWE-A-1x3");
    expect(relinkIndexEntity(frozen)).toEqual({
      type: "LinkedEntity",
      id: LOADED.id,
      text: "RTM-NWE-A-1x3",
      basicValue: "#VALUE!",
      basicType: "Error",
    });
  });

  it("leaves every other value to the freeze code's own rules: INDEX.CARD's entity, text, numbers", () => {
    const card = { type: "Entity", text: "RTM-NWE-A-1x3 1.6508", properties: LOADED.properties };
    for (const value of [card, "RTM-NWE-A-1x3", 1.6508, { ...LOADED, id: { ...LOADED.id, domainId: "products" } }]) {
      expect(unlinkIndexEntity(value)).toBeUndefined();
      expect(relinkIndexEntity(value)).toBeUndefined();
    }
  });

  it("freezes an entity Excel never loaded to its text and the mark", () => {
    const frozen = unlinkIndexEntity(linkedIndexValue("RTM-IND-B-2x4"));
    expect(frozen?.text).toBe("RTM-IND-B-2x4");
    expect(Object.keys(frozen?.properties ?? {})).toEqual(["Index data type"]);
  });
});

describe("the conversion plan", () => {
  const cell = (address: string, value: unknown, formula: unknown = value) => ({ address, value, formula });

  it("converts trimmed symbols and the catalogue's symbol in another case; leaves the rest, empty cells unlisted", () => {
    const plan = planToIndex(
      [
        [
          cell("A1", " RTM-NWE-A-1x3 "),
          cell("B1", "rtm-nwe-a-1x3"),
          cell("C1", "RTM NWE"),
          cell("D1", true),
          cell("E1", ""),
          cell("F1", 3, "=1+2"),
        ],
      ],
      ["RTM-NWE-A-1x3", "RTM-IND-B-2x4"],
    );
    expect(plan.grid).toEqual([
      [
        { symbol: "RTM-NWE-A-1x3" },
        { symbol: "RTM-NWE-A-1x3", typed: "rtm-nwe-a-1x3" },
        undefined,
        undefined,
        undefined,
        undefined,
      ],
    ]);
    expect(plan.untouched).toEqual([
      { address: "C1", shown: '"RTM NWE"' },
      { address: "D1", shown: "true" },
      { address: "F1", shown: "a formula" },
    ]);
  });

  it("writes vertical runs that never include a cell left alone", () => {
    expect(writeRuns([["a", undefined], ["b", "x"], [undefined, "y"], ["c"]])).toEqual([
      { row: 0, column: 0, values: ["a", "b"] },
      { row: 3, column: 0, values: ["c"] },
      { row: 1, column: 1, values: ["x", "y"] },
    ]);
  });
});

describe("the data type's refresh choice", () => {
  it("is off, or 5, 15 or 60 minutes; stored under its own key, and anything else refused without storing", async () => {
    const storage = new MemoryStorage();
    expect(await loadDataTypeRefresh(storage)).toBe(0);
    expect(await saveDataTypeRefresh(storage, "15")).toBe(15);
    expect(await storage.getItem(DATA_TYPE_REFRESH_KEY)).toBe("15");
    expect(await loadDataTypeRefresh(storage)).toBe(15);
    await expect(saveDataTypeRefresh(storage, 1)).rejects.toMatchObject({ name: "ConfigurationError" });
    expect(await loadDataTypeRefresh(storage)).toBe(15);
    expect([0, 5, 60, "60", 1, 300, "", null, "x"].map(parseDataTypeRefresh)).toEqual([
      0,
      5,
      60,
      60,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    await storage.setItem(DATA_TYPE_REFRESH_KEY, "9");
    expect(await loadDataTypeRefresh(storage)).toBe(0);
  });
});
