import type { RunningReferenceService } from "../../reference-service/src";
import { LinkedEntityLoadServiceResult } from "../../src/formulas/entity";
import { installCustomFunctionsStandIn } from "../../src/preview/custom-functions-stand-in";
import { startSundayService } from "./support";

/**
 * The load service as Excel calls it: its binding in a fresh runtime (the functions' module registry, the shared
 * context's engine), a request as JSON text. A batch it refuses whole rejects with CustomFunctions.Error
 * (notAvailable), which Excel documents as #CONNECT!; a symbol it cannot give is that entity's own error.
 */
let service: RunningReferenceService;
beforeAll(async () => {
  service = await startSundayService();
});
afterAll(() => service.close());

async function loadService() {
  jest.resetModules();
  installCustomFunctionsStandIn(globalThis as unknown as Record<string, unknown>);
  const { appContext } = await import("../../src/office/app-context/app-context");
  await appContext().settings.save({ baseUrl: service.url });
  const { FUNCTIONS } = await import("../../src/functions/bindings");
  const { CellEvaluator } = await import("../../src/functions/cell-evaluator");
  const load = FUNCTIONS.ENTITYSERVICE.bind(new CellEvaluator(appContext));
  return (request: unknown) => load(request, undefined);
}

const request = (...symbols: string[]) =>
  JSON.stringify({ domainId: "index", entities: symbols.map((entityId) => ({ entityId, culture: "en-US" })) });

describe("ENTITYSERVICE, the load service", () => {
  it("answers Excel's JSON request with the entities in order, through the shared runtime's engine; a symbol the catalogue lacks costs no request", async () => {
    const entityService = await loadService();
    const before = service.requests.length;
    const result = LinkedEntityLoadServiceResult.parse(
      await entityService(request("RTM-NWE-A-1x3", "RTM-NOPE-Z-1x3", "RTM-NWE-A-1x3")),
    );
    expect(result.entities.map((entity) => entity.text)).toEqual([
      "RTM-NWE-A-1x3 1.6508",
      "RTM-NOPE-Z-1x3 #N/A",
      "RTM-NWE-A-1x3 1.6508",
    ]);
    expect(result.entities[0]?.properties?.["Carried forward from"]).toEqual({
      type: "FormattedNumber",
      basicValue: 45730,
      basicType: "Double",
      numberFormat: "yyyy-mm-dd",
    });
    expect(
      service.requests
        .slice(before)
        .map((entry) => entry.path)
        .sort(),
    ).toEqual(["/api/v1/index/RTM-NWE-A-1x3/latest", "/api/v1/indexes"]);
  });

  it("rejects a request that is not Excel's with #N/A (Excel shows #CONNECT!), saying what it expected", async () => {
    const entityService = await loadService();
    await expect(entityService("not json")).rejects.toMatchObject({
      code: "#N/A",
      message: expect.stringContaining('a batch of entities of the "index" domain'),
    });
  });
});
