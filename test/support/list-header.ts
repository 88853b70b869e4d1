/**
 * The header row INDEX.LIST spills, as a user sees it: written out here rather than imported from
 * src/formulas/index-functions/list.ts, so that a change of the header shows up as a failed test.
 */
export const EXPECTED_LIST_HEADER = [
  ...["symbol", "hub", "grade", "leadTime", "description"],
  ...["active", "latestValue", "latestAsOf"],
] as const;
