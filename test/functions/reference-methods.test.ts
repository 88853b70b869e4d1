import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { linkedIndexValue, REFERENCE_METHODS, type ExcelCapabilities } from "../../src/formulas";
import type { CustomFunctionsStandIn } from "../../src/preview/custom-functions-stand-in";
import { registerWrappers } from "../support/registered-wrappers";

/**
 * The reference methods of an Index value, as Excel calls them (ExcelApi 1.19): INDEX.CARD's entity carries one
 * property per method (`type: "Function"`, `functionType: "JavaScriptReference"`, namespace INDEX, the function's
 * id), and the function, called with the entity first, answers what the matching INDEX function answers for the
 * entity's symbol, with no request of its own once that answer is held. Wrappers registered as the build does.
 */
const SYMBOL = "RTM-NWE-A-1x3";
const host = globalThis as { indexDataHostCapabilities?: ExcelCapabilities };

let standIn: CustomFunctionsStandIn;
let service: RunningReferenceService;

beforeAll(async () => {
  ({ standIn } = await registerWrappers());
  service = await startReferenceService({ flavor: "newer", rateLimits: { anonymous: 100_000 } });
  const { appContext } = await import("../../src/office/app-context/app-context");
  await appContext().settings.save({ baseUrl: service.url });
}, 30_000);

afterAll(async () => {
  delete host.indexDataHostCapabilities;
  await service.close();
});

/** Calls a registered function as Excel does (declared arguments, the invocation last); an error becomes its code and message. */
async function call(id: string, ...args: unknown[]): Promise<unknown> {
  const fn = standIn.functions.get(id);
  if (fn === undefined) throw new Error(`${id} is not registered`);
  try {
    return await fn(...args, { address: "Sheet1!B2" });
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
}

/** Each method: its arguments after the entity, and the plain INDEX call that must agree. */
const CASES: ReadonlyArray<[keyof typeof REFERENCE_METHODS, unknown[], string, unknown[]]> = [
  [
    "History",
    ["2025-01-06", "2025-01-10", "weekly"],
    "HISTORY",
    [SYMBOL, "2025-01-06", "2025-01-10", "weekly", null, null, []],
  ],
  ["Vol", [90], "VOL", [SYMBOL, 90]],
  ["Forward", [], "FORWARD", [SYMBOL, null, null]],
  ["Periods", ["weekly", "avg,low"], "PERIODS", [SYMBOL, null, null, "weekly", "avg,low", null]],
  ["Capacity", ["fillRatio"], "CAPACITY", [SYMBOL, "fillRatio"]],
  ["Change", ["1M", "abs", true], "CHANGE", [SYMBOL, "1M", "abs", true]],
];

describe("with ExcelApi 1.19", () => {
  beforeAll(() => {
    host.indexDataHostCapabilities = { formattedNumbers: true, referenceMethods: true };
  });

  it("INDEX.CARD's entity carries each method as a JavaScript function reference of the INDEX namespace", async () => {
    const card = (await call("CARD", SYMBOL, null)) as { type: string; properties: Record<string, unknown> };
    expect(card.type).toBe("Entity");
    for (const [name, id] of Object.entries(REFERENCE_METHODS))
      expect(card.properties[name]).toEqual({
        type: "Function",
        functionType: "JavaScriptReference",
        namespace: "INDEX",
        id,
      });
    expect(standIn.functions.has(REFERENCE_METHODS.History)).toBe(true);
  });

  it.each(CASES)(
    "=A1.%s(…) answers what the INDEX function does, without a request of its own",
    async (name, args, plain, plainArgs) => {
      const card = (await call("CARD", SYMBOL, null)) as { properties: Record<string, { id: string }> };
      const id = card.properties[name]?.id ?? "";
      const expected = await call(plain, ...plainArgs);
      expect(Array.isArray(expected) || typeof expected === "number").toBe(true);
      service.resetRequestLog();
      expect(await call(id, card, ...args)).toEqual(expected);
      expect(service.requests).toEqual([]);
    },
  );

  it("a linked Index entity's methods read the symbol from its id", async () => {
    const expected = await call("VOL", SYMBOL, 30);
    expect(await call(REFERENCE_METHODS.Vol, linkedIndexValue(SYMBOL), null)).toEqual(expected);
  });

  it("a method called on anything but an Index value is #VALUE! saying where to call it, with no request", async () => {
    service.resetRequestLog();
    expect(await call(REFERENCE_METHODS.History, "RTM-NWE-A-1x3", null, null, null)).toEqual({
      code: "#VALUE!",
      message: expect.stringContaining("call it on an INDEX.CARD cell or an Index entity"),
    });
    expect(service.requests).toEqual([]);
  });
});

describe("without ExcelApi 1.19", () => {
  it("INDEX.CARD's entity has no method properties, and nothing else changes", async () => {
    host.indexDataHostCapabilities = { formattedNumbers: true, referenceMethods: true };
    const withMethods = (await call("CARD", SYMBOL, null)) as { properties: Record<string, unknown> };
    host.indexDataHostCapabilities = { formattedNumbers: true };
    const card = (await call("CARD", SYMBOL, null)) as { properties: Record<string, { type: string }> };
    expect(Object.values(card.properties).filter((property) => property.type === "Function")).toEqual([]);
    const withoutMethods = Object.fromEntries(
      Object.entries(withMethods.properties).filter(([name]) => !(name in REFERENCE_METHODS)),
    );
    expect(card).toEqual({ ...withMethods, properties: withoutMethods });
  });
});
