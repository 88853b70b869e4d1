import metadataFile from "../../src/functions/functions.json";
import { LATEST_FIELD_NAMES } from "../../src/formulas/index-functions/latest";
import { CAPACITY_FIELD_NAMES } from "../../src/formulas/index-functions/analytics";
import { HEALTH_FIELD_NAMES } from "../../src/formulas/index-functions/service";
import { METHODOLOGY_FIELD_NAMES } from "../../src/formulas/index-functions/methodology";
import { GRANULARITY_CHOICES, HISTORY_FIELD_NAMES, SORT_CHOICES } from "../../src/formulas/index-functions/history";
import { FILL_CHOICES } from "../../src/formulas/index-functions/panel";
import { CHANGE_MODE_CHOICES, CHANGE_PERIOD_CHOICES } from "../../src/formulas";
import { PERIODS, PERIOD_STATS } from "@index-data/wire";

/**
 * AutoComplete's lists (the `enums` of src/functions/functions.json, which are written there only) offer exactly
 * what the formulas of src/formulas accept: every field name of a field table, and one word for each meaning of a
 * choice. A field added to a table without its enum value, or an enum value the parser refuses, fails here.
 */
const sorted = (values: Iterable<string>) => [...values].sort();

const { enums } = metadataFile as { enums: { id: string; values: { stringValue: string }[] }[] };

/** The values of the enum `id` in functions.json. */
function valuesOf(id: string): string[] {
  const list = enums.find((candidate) => candidate.id === id);
  if (list === undefined) throw new Error(`functions.json lists no enum ${id}`);
  return list.values.map((value) => value.stringValue);
}

const FIELD_LISTS = [
  ["LatestField", LATEST_FIELD_NAMES],
  ["CapacityField", CAPACITY_FIELD_NAMES],
  ["HealthField", HEALTH_FIELD_NAMES],
  ["MethodologyField", METHODOLOGY_FIELD_NAMES],
  ["HistoryColumn", HISTORY_FIELD_NAMES],
  ["Period", PERIODS],
  ["PeriodStat", PERIOD_STATS],
] as const;
const CHOICE_LISTS = [
  ["Granularity", GRANULARITY_CHOICES],
  ["SortOrder", SORT_CHOICES],
  ["PanelFill", FILL_CHOICES],
  ["ChangePeriod", CHANGE_PERIOD_CHOICES],
  ["ChangeMode", CHANGE_MODE_CHOICES],
] as const;

describe("the custom enums of functions.json", () => {
  it.each(FIELD_LISTS)("%s lists every name the formula accepts, and nothing else", (id, accepted) => {
    expect(sorted(valuesOf(id))).toEqual(sorted(accepted));
  });

  it.each(CHOICE_LISTS)("%s offers one accepted word for each meaning", (id, choices) => {
    const values = valuesOf(id);
    // The parser lowers what a cell gives before it looks it up: AutoComplete may offer "1D" for "1d".
    for (const value of values) expect(choices.has(value.toLowerCase())).toBe(true);
    const meanings = values.map((value) => choices.get(value.toLowerCase()));
    expect(sorted(meanings as string[])).toEqual(sorted(new Set(choices.values()) as Set<string>));
  });

  it("are all checked here", () => {
    expect(sorted(enums.map((list) => list.id))).toEqual(sorted([...FIELD_LISTS, ...CHOICE_LISTS].map(([id]) => id)));
  });
});
