import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generatedFiles, outOfDate, projectTables, ROOT } from "../../scripts/generate";
import { choiceTable, signatureOf } from "../../scripts/generate/doc-tables";
import * as formulas from "../../src/formulas";
import { CHOICE_LISTS, FUNCTION_TABLE, FunctionRowSchema, type FunctionRow } from "../../src/functions/table";
import { COMMANDS } from "../../src/cli/command-table";
import { THROWAWAY_ROW } from "../support/throwaway-function";

/**
 * A function lives in one row of src/functions/table (issue 39): functions.json, the bindings the
 * functions entry registers and the tables of docs/functions.md and the README are made from the rows by
 * `npm run generate`, and must be what the rows give.
 */
describe("the files made from the function table", () => {
  it("are current: every generated file is what `npm run generate` makes of the tables", async () => {
    expect(await outOfDate()).toEqual([]);
  });

  it("give a throw-away row its metadata, its binding, its docs line and its glance line", async () => {
    const tables = await projectTables();
    const files = await generatedFiles({ ...tables, functions: [...tables.functions, THROWAWAY_ROW] });
    const metadata = JSON.parse(files.get(join(ROOT, "src", "functions", "functions.json")) ?? "{}") as {
      functions: { id: string; parameters: { name: string }[] }[];
    };
    const echo = metadata.functions.find((fn) => fn.id === THROWAWAY_ROW.id);
    expect(echo?.parameters.map((p) => p.name)).toEqual(["symbol"]);
    expect(files.get(join(ROOT, "src", "functions", "bindings.generated.ts"))).toContain(
      `${THROWAWAY_ROW.id}: scalar(formulas.${THROWAWAY_ROW.binding.formula}, 1),`,
    );
    expect(files.get(join(ROOT, "docs", "functions.md"))).toContain(`| \`INDEX.${THROWAWAY_ROW.id}(symbol)\` |`);
    expect(files.get(join(ROOT, "README.md"))).toContain(`| \`INDEX.${THROWAWAY_ROW.id}(symbol)\` |`);
    // The project's own files are untouched by asking.
    expect(readFileSync(join(ROOT, "src", "functions", "functions.json"), "utf8")).not.toContain(THROWAWAY_ROW.id);
  });
});

describe("the function table", () => {
  it("binds every row to a formula src/formulas exports", () => {
    const exported = new Set(
      Object.entries(formulas).flatMap(([name, value]) => (typeof value === "function" ? [name] : [])),
    );
    const named = FUNCTION_TABLE.flatMap((row) => [
      row.binding.formula,
      ...(row.binding.once === undefined ? [] : [row.binding.once]),
    ]);
    expect(named.filter((name) => !exported.has(name))).toEqual([]);
  });

  it("refuses a row with a misspelt key, naming where", () => {
    const row = { ...THROWAWAY_ROW, descripton: "typo" };
    const checked = FunctionRowSchema.safeParse(row);
    expect(checked.success).toBe(false);
    expect(checked.error?.issues[0]).toMatchObject({ code: "unrecognized_keys", keys: ["descripton"] });
  });

  it("writes signatures as the docs do: optional in brackets, a repeating one with an ellipsis", () => {
    const history = FUNCTION_TABLE.find((row) => row.id === "HISTORY") as FunctionRow;
    expect(signatureOf(history)).toBe(
      "INDEX.HISTORY(symbol, [start], [end], [granularity], [headers], [sort], [fields…])",
    );
  });

  it("names only CLI commands that exist", () => {
    const named = FUNCTION_TABLE.flatMap((row: FunctionRow) => (row.cli === undefined ? [] : [row.cli]));
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((command) => !(command in COMMANDS))).toEqual([]);
  });

  it("offers each AutoComplete list for at least one parameter, and names no list that does not exist", () => {
    const lists = new Set(CHOICE_LISTS.map((list) => list.id));
    const named = FUNCTION_TABLE.flatMap((row: FunctionRow) => row.parameters.flatMap((p) => p.choices ?? []));
    expect([...new Set(named)].sort()).toEqual([...lists].sort());
  });

  it("lists AutoComplete's values in docs/functions.md, one row per value with its tooltip", () => {
    const table = choiceTable(FUNCTION_TABLE, CHOICE_LISTS);
    expect(table).toContain("| `INDEX.HISTORY` granularity | `daily` |");
    expect(table).toContain("| `INDEX.PANEL` period, `INDEX.PERIODS` period | `weekly` |");
  });
});
