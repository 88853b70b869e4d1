import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BUILD_UNDER_TEST } from "../support/build-under-test";

/**
 * The built functions.json carries AutoComplete's lists as Microsoft's metadata reference documents them: an `enums`
 * array (id, type, values each with a name, a value and a tooltip), and each parameter typed by one naming it by
 * `customEnumId`. Both are written in src/functions/functions.json, which the build copies
 * (test/functions/enums.test.ts checks the values against what src/formulas accepts).
 */
interface EnumValue {
  readonly name: string;
  readonly stringValue?: string;
  readonly tooltip: string;
}
interface Metadata {
  readonly functions: {
    readonly id: string;
    readonly parameters: { readonly name: string; readonly type?: string; readonly customEnumId?: string }[];
  }[];
  readonly enums?: { readonly id: string; readonly type: string; readonly values: EnumValue[] }[];
}

const metadata = () => JSON.parse(readFileSync(join(BUILD_UNDER_TEST, "functions.json"), "utf8")) as Metadata;

/** Every argument with a fixed set of values, by function, and the enum it offers. */
const ENUMS_BY_FUNCTION = {
  LATEST: { field: "LatestField" },
  CAPACITY: { field: "CapacityField" },
  HEALTH: { field: "HealthField" },
  METHODOLOGY: { field: "MethodologyField" },
  HISTORY: { granularity: "Granularity", sort: "SortOrder", fields: "HistoryColumn" },
  PANEL: { fill: "PanelFill", period: "Period", stats: "PeriodStat" },
  PERIODS: { period: "Period", stats: "PeriodStat" },
  CHANGE: { period: "ChangePeriod", mode: "ChangeMode" },
  "CARD.CHANGE": { period: "ChangePeriod", mode: "ChangeMode" },
} as const;
const ENUM_PARAMETERS = Object.entries(ENUMS_BY_FUNCTION).flatMap(([fn, parameters]) =>
  Object.entries(parameters).map(([parameter, enumId]) => [fn, parameter, enumId] as const),
);

describe("the custom enums in the built functions.json", () => {
  it.each(ENUM_PARAMETERS)("INDEX.%s's %s names the enum %s, a string parameter", (fn, parameter, enumId) => {
    const found = metadata()
      .functions.find((candidate) => candidate.id === fn)
      ?.parameters.find((candidate) => candidate.name === parameter);
    expect(found).toMatchObject({ type: "string", customEnumId: enumId });
  });

  it("lists each enum once, every value a string with a tooltip, and only enums a parameter names", () => {
    const { enums = [], functions } = metadata();
    const ids = enums.map((list) => list.id);
    expect(ids.sort()).toEqual([...new Set(ENUM_PARAMETERS.map(([, , id]) => id))].sort());
    for (const list of enums) {
      expect(list.type).toBe("string");
      expect(list.values.length).toBeGreaterThan(1);
      for (const value of list.values) {
        expect(value).toEqual({ name: expect.any(String), stringValue: value.name, tooltip: expect.any(String) });
        expect(value.tooltip.length).toBeGreaterThan(5);
      }
    }
    const named = functions.flatMap((fn) => fn.parameters.flatMap((p) => (p.customEnumId ? [p.customEnumId] : [])));
    expect(new Set(named)).toEqual(new Set(ids));
  });
});
