import { enumTable, enumTableCurrent } from "../../scripts/enum-table.cjs";

/** docs/functions.md lists AutoComplete's values as the functions' custom enums declare them. */
describe("the enum table of docs/functions.md", () => {
  it("is generated from the functions' custom enums, one row per value with its tooltip", async () => {
    const table = await enumTable();
    expect(table).toContain("| `INDEX.HISTORY` granularity | `daily` |");
    expect(table).toContain("| `INDEX.PERIODS` period, `INDEX.PANEL` period | `weekly` |");
  });

  it("is current: run `node scripts/enum-table.cjs` after changing an enum", async () => {
    expect(await enumTableCurrent()).toBe(true);
  });
});
