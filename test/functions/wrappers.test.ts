import { startReferenceService } from "../../reference-service/src";
import type { FunctionMetadata } from "../../src/preview/coerce";
import { evaluateFormula } from "../../src/preview/harness";
import type { Outcome } from "../../src/preview/outcome";
import type { CustomFunctionsStandIn } from "../../src/preview/custom-functions-stand-in";
import { registerWrappers } from "../support/registered-wrappers";

/**
 * The functions, as Excel's runtime calls them: metadata from src/functions/functions.json (what the build
 * copies), arguments coerced from it by the preview harness, results converted by src/functions/cell-evaluator.ts.
 */

let standIn: CustomFunctionsStandIn;
let metadata: Map<string, FunctionMetadata>;
let service: Awaited<ReturnType<typeof startReferenceService>>;

beforeAll(async () => {
  ({ standIn, metadata } = await registerWrappers());
  service = await startReferenceService({ flavor: "older", rateLimits: { anonymous: 100_000 } });
  const { appContext } = await import("../../src/office/app-context/app-context");
  await appContext().settings.save({ baseUrl: service.url });
});

afterAll(async () => {
  await service.close();
});

function run(formula: string): Promise<Outcome> {
  return new Promise((resolve) => {
    evaluateFormula(formula, { standIn, metadata }, (outcome) => {
      if (outcome.state !== "busy") resolve(outcome);
    });
  });
}

describe("custom-function wrappers", () => {
  it("registers sixteen functions, six reference methods (hidden from AutoComplete) and the load service with stable ids", () => {
    expect([...metadata.keys()].sort()).toEqual([
      "CAPACITY",
      "CARD",
      "CARD.CAPACITY",
      "CARD.CHANGE",
      "CARD.FORWARD",
      "CARD.HISTORY",
      "CARD.PERIODS",
      "CARD.VOL",
      "CHANGE",
      "CORRECTIONS",
      "ENTITYSERVICE",
      "FIX",
      "FORWARD",
      "HEALTH",
      "HISTORY",
      "LATEST",
      "LIST",
      "LIVE",
      "METHODOLOGY",
      "PANEL",
      "PERIODS",
      "STATUS",
      "VOL",
    ]);
    expect([...standIn.functions.keys()].sort()).toEqual([...metadata.keys()].sort());
    const hidden = [...metadata.values()].filter(
      (fn) => (fn.options as Record<string, unknown> | undefined)?.["excludeFromAutoComplete"] === true,
    );
    expect(hidden.map((fn) => fn.id).sort()).toEqual(
      [...metadata.keys()].filter((id) => id.startsWith("CARD.")).sort(),
    );
    for (const fn of metadata.values())
      for (const parameter of fn.parameters) expect(parameter).toHaveProperty("description");
  });

  it("returns scalars as values and spills as rectangular matrices", async () => {
    expect(await run(`=INDEX.LATEST("RTM-NWE-A-1x3", "confidence")`)).toMatchObject({
      state: "value",
      rows: [[{ kind: "number" }]],
    });
    const list = await run(`=INDEX.LIST()`);
    expect(list.state).toBe("value");
    if (list.state === "value") expect(new Set(list.rows.map((row) => row.length))).toEqual(new Set([8]));
    expect(await run(`=INDEX.CAPACITY("RTM-NWE-A-1x3", "fillRatio")`)).toMatchObject({
      state: "value",
      rows: [[{ kind: "number" }]],
    });
  });

  it("rejects with a CustomFunctions.Error carrying the message, never a raw exception", async () => {
    expect(await run(`=INDEX.LATEST("RTM-NOPE-1x3")`)).toEqual({
      state: "error",
      code: "#N/A",
      message: expect.stringMatching(/^unknown index 'RTM-NOPE-1x3'/),
      raw: false,
    });
    expect(await run(`=INDEX.HISTORY("RTM-NWE-A-1x3", "-30X")`)).toMatchObject({
      state: "error",
      code: "#VALUE!",
      raw: false,
    });
    expect(await run(`=INDEX.HEALTH()`)).toMatchObject({
      state: "error",
      code: "#N/A",
      message: "benchmark health is not published by this service",
    });
  });

  it("passes repeating fields and range arguments through", async () => {
    const history = await run(
      `=INDEX.HISTORY("RTM-NWE-A-1x3", "2024-02-26", "2024-02-27", , TRUE, , "confidence", "status")`,
    );
    expect(history.state === "value" && history.rows[0]?.map((cell) => cell.text)).toEqual([
      "date",
      "value",
      "confidence",
      "status",
    ]);
    const panel = await run(`=INDEX.PANEL({"RTM-NWE-A-1x3";"RTM-USG.B-2x4"}, "2024-02-26", "2024-02-27")`);
    expect(panel.state === "value" && panel.rows.map((row) => row.length)).toEqual([3, 3, 3]);
  });
});
