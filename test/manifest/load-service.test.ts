import { readFileSync } from "node:fs";
import { join } from "node:path";
import { INDEX_DOMAIN } from "../../src/formulas/entity";
import { BUILD_UNDER_TEST } from "../support/build-under-test";

/**
 * The built functions.json marks the Index data type's load service as Microsoft's metadata reference documents it:
 * `options.linkedEntityLoadService: true`, on the function whose id the domain registers as `loadFunctionId`, with
 * none of the options a load service may not have (streaming, volatile, an address, hidden from AutoComplete).
 * The option is written in src/functions/functions.json, which the build copies.
 */
interface FunctionMetadata {
  readonly id: string;
  readonly name: string;
  readonly options?: Record<string, unknown>;
  readonly parameters: { readonly name: string; readonly type?: string; readonly dimensionality?: string }[];
  readonly result: { readonly type?: string; readonly dimensionality?: string };
}

const metadata = () =>
  JSON.parse(readFileSync(join(BUILD_UNDER_TEST, "functions.json"), "utf8")) as {
    allowCustomDataForDataTypeAny?: boolean;
    functions: FunctionMetadata[];
  };

describe("the load service in the built functions.json", () => {
  it("is one function, the domain's loadFunctionId, marked linkedEntityLoadService and nothing else", () => {
    const { functions, allowCustomDataForDataTypeAny } = metadata();
    const services = functions.filter((fn) => fn.options?.["linkedEntityLoadService"] === true);
    expect(services.map((fn) => fn.id)).toEqual([INDEX_DOMAIN.loadFunctionId]);
    expect(services[0]?.options).toEqual({ linkedEntityLoadService: true });
    expect(allowCustomDataForDataTypeAny).toBe(true);
  });

  it("takes Excel's request as one value of any type and answers one value (no spill)", () => {
    const service = metadata().functions.find((fn) => fn.id === INDEX_DOMAIN.loadFunctionId);
    expect(service?.parameters).toEqual([expect.objectContaining({ name: "request", type: "any" })]);
    expect(service?.parameters[0]).not.toHaveProperty("dimensionality");
    expect(service?.result).toEqual({});
  });

  it("is bound to the load-service adapter under that id (no cell, so no invocation)", async () => {
    const { FUNCTIONS } = await import("../../src/functions/bindings");
    const bindings: Readonly<Record<string, { readonly shape: string }>> = FUNCTIONS;
    expect(bindings[INDEX_DOMAIN.loadFunctionId]?.shape).toBe("loadService");
  });
});
