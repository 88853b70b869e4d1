import type { RunningReferenceService } from "../../reference-service/src";
import { EntityCellValue } from "../../src/formulas/entity";
import { installCustomFunctionsStandIn } from "../../src/preview/custom-functions-stand-in";
import { startSundayService } from "./support";
import metadataFile from "../../src/functions/functions.json";
import { FakeOfficeHost, type Requirements } from "../support/office-fake/office-host";

/**
 * INDEX.CARD as Excel calls it: its binding, the host's capability check (Office.context.requirements), and
 * its metadata in src/functions/functions.json. Each case loads the add-in afresh, as a new host would.
 */
const SYMBOL = "RTM-NWE-A-1x3";
let service: RunningReferenceService;

beforeAll(async () => {
  service = await startSundayService();
});
afterAll(async () => {
  await service.close();
});
afterEach(() => FakeOfficeHost.uninstall());

/** Loads the binding in a fresh module registry on a host with these requirement sets. */
async function cardOnHost(requirements: Requirements) {
  jest.resetModules();
  installCustomFunctionsStandIn(globalThis as unknown as Record<string, unknown>);
  const office = new FakeOfficeHost({ requirements }).install();
  const { appContext } = await import("../../src/office/app-context/app-context");
  await appContext().settings.save({ baseUrl: service.url });
  const { FUNCTIONS } = await import("../../src/functions/bindings");
  const { CellEvaluator } = await import("../../src/functions/cell-evaluator");
  const card = FUNCTIONS.CARD.bind(new CellEvaluator(appContext));
  return {
    office,
    card: (symbol: string, fields?: string[][]) =>
      card(symbol, fields, { address: "Sheet1!B2" } as CustomFunctions.Invocation),
  };
}

describe("INDEX.CARD binding", () => {
  it("returns an entity of Microsoft's documented shape where CustomFunctionsRuntime 1.4 is supported", async () => {
    const { card, office } = await cardOnHost({ CustomFunctionsRuntime: "1.5" });
    const entity = EntityCellValue.parse(await card(SYMBOL));
    expect(office.asked).toContain("CustomFunctionsRuntime 1.4");
    expect(entity.text).toBe("RTM-NWE-A-1x3 1.6508");
    expect(entity.properties["Carried forward from"]).toEqual({
      type: "FormattedNumber",
      basicValue: 45730,
      basicType: "Double",
      numberFormat: "yyyy-mm-dd",
    });
  });

  it("returns the plain latest value where the host lacks CustomFunctionsRuntime 1.4", async () => {
    const { card } = await cardOnHost({ CustomFunctionsRuntime: "1.3" });
    expect(await card(SYMBOL)).toBe(1.6508);
  });

  it("returns the plain latest value where the capability check throws", async () => {
    const { card } = await cardOnHost("not ready");
    expect(await card(SYMBOL)).toBe(1.6508);
  });

  it("rejects a bad fields argument with a #VALUE! CustomFunctions.Error saying what to use", async () => {
    const { card } = await cardOnHost({ CustomFunctionsRuntime: "1.4" });
    await expect(card(SYMBOL, [["Colour"]])).rejects.toMatchObject({
      code: "#VALUE!",
      message: expect.stringContaining('"Confidence"'),
    });
  });

  it("rejects an unknown symbol with #N/A naming it", async () => {
    const { card } = await cardOnHost({ CustomFunctionsRuntime: "1.4" });
    await expect(card("RTM-NOPE-Z-1x3")).rejects.toMatchObject({
      code: "#N/A",
      message: expect.stringContaining("RTM-NOPE-Z-1x3"),
    });
  });
});

describe("INDEX.CARD metadata", () => {
  it("lets the result carry data types: allowCustomDataForDataTypeAny, an `any` result, the address requested", async () => {
    const json = metadataFile as {
      allowCustomDataForDataTypeAny?: boolean;
      functions: { id: string; result: unknown; options?: unknown; parameters: unknown[] }[];
    };
    expect(json.allowCustomDataForDataTypeAny).toBe(true);
    const card = json.functions.find((fn) => fn.id === "CARD");
    // A missing type means "any" in Microsoft's metadata reference.
    expect((card?.result as { type?: string } | undefined)?.type ?? "any").toBe("any");
    expect(card?.result).not.toHaveProperty("dimensionality");
    expect(card?.options).toMatchObject({ requiresAddress: true });
    expect(card?.parameters).toEqual([
      expect.objectContaining({ name: "symbol", type: "string" }),
      expect.objectContaining({ name: "fields", type: "string", dimensionality: "matrix", optional: true }),
    ]);
  });
});
