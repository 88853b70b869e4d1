import { LatestField } from "../../src/functions/catalogue.functions";
import { CapacityField } from "../../src/functions/analytics.functions";
import { HealthField, MethodologyField } from "../../src/functions/service.functions";
import { Granularity, HistoryColumn, SortOrder } from "../../src/functions/history.functions";
import { PanelFill, Period, PeriodStat } from "../../src/functions/periods.functions";
import { LATEST_FIELD_NAMES } from "../../src/excel/formulas/latest";
import { CAPACITY_FIELD_NAMES } from "../../src/excel/formulas/analytics";
import { HEALTH_FIELD_NAMES } from "../../src/excel/formulas/service";
import { METHODOLOGY_FIELD_NAMES } from "../../src/excel/formulas/methodology";
import { GRANULARITY_CHOICES, HISTORY_FIELD_NAMES, SORT_CHOICES } from "../../src/excel/formulas/history";
import { FILL_CHOICES } from "../../src/excel/formulas/panel";
import { PERIODS, PERIOD_STATS } from "../../src/excel/periods";

/**
 * AutoComplete's lists (the custom enums of the functions files) offer exactly what the formulas accept: every field
 * name, and one word for each meaning of a choice. A field added to a table without its enum member, or an enum
 * member the parser refuses, fails here.
 */
const sorted = (values: Iterable<string>) => [...values].sort();

describe("the custom enums", () => {
  it.each([
    ["LATEST field", LatestField, LATEST_FIELD_NAMES],
    ["CAPACITY field", CapacityField, CAPACITY_FIELD_NAMES],
    ["HEALTH field", HealthField, HEALTH_FIELD_NAMES],
    ["METHODOLOGY field", MethodologyField, METHODOLOGY_FIELD_NAMES],
    ["HISTORY columns", HistoryColumn, HISTORY_FIELD_NAMES],
    ["period", Period, PERIODS],
    ["stats", PeriodStat, PERIOD_STATS],
  ] as const)("%s lists every name the formula accepts, and nothing else", (_, enumeration, accepted) => {
    expect(sorted(Object.values(enumeration))).toEqual(sorted(accepted));
  });

  it.each([
    ["granularity", Granularity, GRANULARITY_CHOICES],
    ["sort", SortOrder, SORT_CHOICES],
    ["fill", PanelFill, FILL_CHOICES],
  ] as const)("%s offers one accepted word for each meaning", (_, enumeration, choices) => {
    const values = Object.values(enumeration) as string[];
    for (const value of values) expect(choices.has(value)).toBe(true);
    const meanings = values.map((value) => choices.get(value));
    expect(sorted(meanings as string[])).toEqual(sorted(new Set(choices.values()) as Set<string>));
  });
});
