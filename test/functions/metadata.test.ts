import { z } from "zod";
import { FUNCTIONS } from "../../src/functions/bindings";
import metadataFile from "../../src/functions/functions.json";
import type { FunctionMetadata } from "../../src/preview/coerce";
import { installCustomFunctionsStandIn } from "../../src/preview/custom-functions-stand-in";
import { FUNCTIONS_REGISTERED_MARK } from "../../src/functions/registration-mark";

/**
 * src/functions/functions.json is the custom functions' catalogue as Excel reads it (Microsoft's "Manually create JSON
 * metadata for custom functions"; the build copies it as it is), and src/functions/bindings.ts what Excel calls for
 * each entry. These hold the two together: the metadata well formed (the part of Microsoft's format this add-in
 * uses, nothing else), one binding per id and one id per binding, each taking the arguments and answering in the
 * shape the metadata declares.
 */
const Options = z.strictObject({
  requiresAddress: z.boolean().exactOptional(),
  excludeFromAutoComplete: z.boolean().exactOptional(),
  capturesCallingObject: z.boolean().exactOptional(),
  stream: z.boolean().exactOptional(),
  cancelable: z.boolean().exactOptional(),
  volatile: z.boolean().exactOptional(),
  requiresParameterAddresses: z.boolean().exactOptional(),
  linkedEntityLoadService: z.boolean().exactOptional(),
});
const Parameter = z.strictObject({
  name: z.string().regex(/^[a-z][A-Za-z]*$/),
  description: z.string().min(10),
  type: z.enum(["any", "boolean", "number", "string"]),
  dimensionality: z.enum(["scalar", "matrix"]).exactOptional(),
  optional: z.boolean().exactOptional(),
  repeating: z.boolean().exactOptional(),
  customEnumId: z.string().exactOptional(),
  // "cellvalue": the method's calling object (INDEX.CARD's entity) reaches it as the value it is.
  cellValueType: z.literal("cellvalue").exactOptional(),
});
const Function = z.strictObject({
  id: z.string().regex(/^[A-Z][A-Z0-9_.]*$/),
  name: z.string().regex(/^[A-Z][A-Z0-9_.]*$/),
  description: z.string().min(10),
  options: Options.exactOptional(),
  parameters: z.array(Parameter),
  result: z.strictObject({
    type: z.string().exactOptional(),
    dimensionality: z.enum(["scalar", "matrix"]).exactOptional(),
  }),
});
const Enum = z.strictObject({
  id: z.string().regex(/^[A-Z][A-Za-z]*$/),
  type: z.literal("string"),
  values: z.array(z.strictObject({ name: z.string(), stringValue: z.string(), tooltip: z.string().min(5) })).min(2),
});
const Metadata = z.strictObject({
  allowCustomDataForDataTypeAny: z.boolean(),
  functions: z.array(Function).min(1),
  enums: z.array(Enum),
});

// The preview harness reads the metadata as FunctionMetadata: what the schema accepts must be that (a type check).
const readAsPreviewDoes: FunctionMetadata = {} as z.infer<typeof Function>;
void readAsPreviewDoes;

const metadata = Metadata.parse(metadataFile);
const bindings: Readonly<Record<string, (typeof FUNCTIONS)[keyof typeof FUNCTIONS]>> = FUNCTIONS;

describe("functions.json", () => {
  it("is well formed: unique ids, each its own name, optional parameters last, a repeating one only last", () => {
    const ids = metadata.functions.map((fn) => fn.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const fn of metadata.functions) {
      expect(fn.name).toBe(fn.id);
      const optional = fn.parameters.map((p) => p.optional === true);
      expect(optional).toEqual([...optional].sort((a, b) => Number(a) - Number(b)));
      fn.parameters.forEach((p, index) => {
        if (p.repeating === true) expect(index).toBe(fn.parameters.length - 1);
      });
    }
  });

  it("names only enums it lists, lists only enums a parameter names, each a string parameter's", () => {
    const listed = metadata.enums.map((list) => list.id);
    expect(new Set(listed).size).toBe(listed.length);
    const named = metadata.functions.flatMap((fn) => fn.parameters.filter((p) => p.customEnumId !== undefined));
    for (const parameter of named) expect(parameter.type).toBe("string");
    expect(new Set(named.map((p) => p.customEnumId))).toEqual(new Set(listed));
    for (const list of metadata.enums) for (const value of list.values) expect(value.stringValue).toBe(value.name);
  });

  it("has a binding for every id, and an id for every binding", () => {
    expect(Object.keys(FUNCTIONS).sort()).toEqual(metadata.functions.map((fn) => fn.id).sort());
  });

  it.each(metadata.functions.map((fn) => [fn.id, fn] as const))(
    "%s: the binding takes the declared parameters and answers in the declared shape",
    (id, fn) => {
      const binding = bindings[id];
      expect(binding?.parameters).toBe(fn.parameters.length);
      const options = fn.options ?? {};
      const declared = options.linkedEntityLoadService
        ? "loadService"
        : options.stream
          ? "stream"
          : fn.result.dimensionality === "matrix"
            ? "matrix"
            : "scalar";
      expect(binding?.shape).toBe(declared);
      // Every function that works for a cell asks for its invocation, whose address and preview flag it reads.
      if (declared === "scalar" || declared === "matrix") expect(options.requiresAddress).toBe(true);
    },
  );
});

describe("the functions entry (src/functions/index.ts)", () => {
  it("associates every id of functions.json with its binding, then marks registration", async () => {
    const standIn = installCustomFunctionsStandIn(globalThis as unknown as Record<string, unknown>);
    let registeredAtMark: string[] | undefined;
    const mark = jest.spyOn(performance, "mark").mockImplementation((name: string) => {
      if (name === FUNCTIONS_REGISTERED_MARK) registeredAtMark = [...standIn.functions.keys()].sort();
      return undefined as unknown as PerformanceMark;
    });
    try {
      await import("../../src/functions/index");
    } finally {
      mark.mockRestore();
    }
    expect(registeredAtMark).toEqual(metadata.functions.map((fn) => fn.id).sort());
    // What Excel calls is the binding bound to the shared runtime's cells: it takes the declared arguments and the
    // invocation, and answers as the binding's shape says (a bad field is the cell's #VALUE!, without a request).
    const latest = standIn.functions.get("LATEST") as (...call: unknown[]) => Promise<unknown>;
    await expect(latest("RTM-NWE-A-1x3", "no-such-field", { address: "Sheet1!A1" })).rejects.toMatchObject({
      code: "#VALUE!",
    });
  });
});
