import metadataFile from "../../src/functions/functions.json";
import { LATEST_FIELD_NAMES } from "../../src/formulas/index-functions/latest";
import { CAPACITY_FIELD_NAMES } from "../../src/formulas/index-functions/analytics";
import { HEALTH_FIELD_NAMES } from "../../src/formulas/index-functions/service";
import { METHODOLOGY_FIELD_NAMES } from "../../src/formulas/index-functions/methodology";
import { HISTORY_FIELD_NAMES } from "../../src/formulas/index-functions/history";
import { CHOICE_MAPS, parseChoice } from "../../src/formulas";
import { CHOICE_LISTS } from "../../src/functions/table";
import { CHANGE_MODES, CHANGE_PERIODS, PERIODS, PERIOD_STATS } from "@index-data/wire";

/**
 * AutoComplete's lists (the `enums` of src/functions/functions.json, made from choice-lists.json) offer exactly what
 * the formulas of src/formulas accept. A list of field names must name every field of its field table; a list of
 * choices is parsed by the map generated from it (src/formulas/choices.generated.ts), and where the service's words
 * are the domain's (@index-data/wire: periods, change periods and modes) the list holds exactly those.
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
  ["PeriodStat", PERIOD_STATS],
] as const;
const DOMAIN_LISTS = [
  ["Period", PERIODS],
  ["ChangePeriod", CHANGE_PERIODS],
  ["ChangeMode", CHANGE_MODES],
] as const;
const MAPPED = Object.keys(CHOICE_MAPS) as (keyof typeof CHOICE_MAPS)[];

describe("the custom enums of functions.json", () => {
  it.each(FIELD_LISTS)("%s lists every name the formula accepts, and nothing else", (id, accepted) => {
    expect(sorted(valuesOf(id))).toEqual(sorted(accepted));
  });

  it.each(DOMAIN_LISTS)("%s lists exactly the domain's words", (id, domain) => {
    expect(valuesOf(id)).toEqual([...domain]);
  });

  it.each(MAPPED)("%s: every value and alias a cell may give, in any case, is parsed to what it means", (id) => {
    const list = CHOICE_LISTS.find((candidate) => candidate.id === id);
    const words = { ...Object.fromEntries(valuesOf(id).map((value) => [value, value])), ...list?.aliases };
    expect(Object.keys(words).length).toBeGreaterThan(1);
    for (const [word, value] of Object.entries(words)) {
      expect(parseChoice(word.toUpperCase(), id, CHOICE_MAPS[id], undefined)).toBe(value);
      expect(parseChoice(` ${word.toLowerCase()} `, id, CHOICE_MAPS[id], undefined)).toBe(value);
    }
  });

  it("are all checked here: a field table's names, or parsed by the map made from the list", () => {
    expect(sorted(enums.map((list) => list.id))).toEqual(sorted([...FIELD_LISTS.map(([id]) => id), ...MAPPED]));
  });
});
