import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { WINDOW_DAYS } from "@index-data/wire";
import { generatedFiles, outOfDate, projectTables, ROOT } from "../../scripts/generate";
import { choiceTable, signatureOf } from "../../scripts/generate/doc-tables";
import * as formulas from "../../src/formulas";
import { CHOICE_LISTS, FUNCTION_TABLE, FunctionRowSchema, tableRow, type FunctionRow } from "../../src/functions/table";
import { COMMANDS } from "../../src/cli/command-table";
import { THROWAWAY_ROW } from "../support/throwaway-function";

/**
 * A function lives in one row of src/functions/table: functions.json, the bindings the functions entry registers,
 * the formulas' choice maps, the command line's commands, the MCP tools' words and schemas and the tables of
 * docs/functions.md and the README are made from the rows by `npm run generate`, and must be what the rows give.
 */
describe("the files made from the function table", () => {
  it("are current: every generated file is what `npm run generate` makes of the tables", async () => {
    expect(await outOfDate()).toEqual([]);
  });

  it("give a throw-away row every surface: metadata, binding, CLI command, MCP tool and schema, docs; nothing else", async () => {
    const tables = await projectTables();
    const before = await generatedFiles(tables);
    const files = await generatedFiles({ ...tables, functions: [...tables.functions, THROWAWAY_ROW] });
    const at = (...path: string[]) => files.get(join(ROOT, ...path)) ?? "";
    const metadata = JSON.parse(at("src", "functions", "functions.json")) as {
      functions: { id: string; parameters: { name: string }[] }[];
    };
    const echo = metadata.functions.find((fn) => fn.id === THROWAWAY_ROW.id);
    expect(echo?.parameters.map((p) => p.name)).toEqual(["symbol"]);
    expect(at("src", "functions", "bindings.generated.ts")).toContain(
      `${THROWAWAY_ROW.id}: scalar(formulas.${THROWAWAY_ROW.binding.formula}, 1),`,
    );
    expect(at("src", "cli", "commands.generated.ts")).toContain(
      `echo: {\n    function: "ECHO",\n    usage: "echo <symbol>",\n    summary: "${THROWAWAY_ROW.cli.summary}",\n    takes: ["symbol"],\n    prints: "latest",`,
    );
    const tools = at("gateway", "src", "mcp", "tools.generated.ts");
    expect(tools).toMatch(
      /get_echo: \{\s+function: "ECHO",\s+cli: "echo",\s+answers: "latest",\s+title: "get echo \(INDEX.ECHO\)",/,
    );
    expect(tools).toContain("get_echo: { symbol: symbolArgument() },");
    expect(at("docs", "functions.md")).toContain(
      '| `INDEX.ECHO(symbol)` | The latest value (a throw-away function). | `=INDEX.ECHO("RTM-NWE-A-1x3")` | MCP `get_echo`, `index-data echo` |',
    );
    expect(at("README.md")).toContain(`| \`INDEX.${THROWAWAY_ROW.id}(symbol)\` |`);
    expect(JSON.parse(at("src", "workbook", "function-names.generated.json"))).toContain("ECHO");
    // Nothing else: the files the row changed are exactly these surfaces (the agent's tool list follows the tools'
    // file in a second pass, test/e2e/throwaway-function.test.ts), and no hand-written file is among the generated.
    const changed = [...files]
      .filter(([file, text]) => before.get(file) !== text)
      .map(([file]) => relative(ROOT, file));
    expect(changed.sort()).toEqual(
      [
        "README.md",
        "docs/functions.md",
        "gateway/src/mcp/tools.generated.ts",
        "src/cli/commands.generated.ts",
        "src/functions/bindings.generated.ts",
        "src/functions/functions.json",
        "src/workbook/function-names.generated.json",
      ].sort(),
    );
    // The project's own files are untouched by asking.
    expect(readFileSync(join(ROOT, "src", "functions", "functions.json"), "utf8")).not.toContain(THROWAWAY_ROW.id);
  });

  it("say a bounded argument's bounds in its words from the same limits its schema and its formula keep", async () => {
    const tools = (await generatedFiles(await projectTables())).get(
      join(ROOT, "gateway", "src", "mcp", "tools.generated.ts"),
    );
    expect(tools).toContain("windowDays: wholeArgument(\n      WINDOW_DAYS,");
    const vol = FUNCTION_TABLE.find((row) => row.id === "VOL") as FunctionRow;
    const windowDays = vol.parameters.find((p) => p.name === "windowDays");
    expect(windowDays?.description).toContain(
      `from ${WINDOW_DAYS.min} to ${WINDOW_DAYS.max}. Default ${WINDOW_DAYS.default}.`,
    );
    expect(vol.docs?.returns).toContain(
      `from ${WINDOW_DAYS.min} to ${WINDOW_DAYS.max} (default ${WINDOW_DAYS.default})`,
    );
  });

  it("refuse a row whose MCP tool takes an argument its function lacks, naming it", () => {
    const row = { ...THROWAWAY_ROW, mcp: { tool: "get_echo", arguments: ["symbol", "window"] } };
    expect(() => tableRow(row)).toThrow("INDEX.ECHO names what does not exist: MCP argument window.");
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
    const named = FUNCTION_TABLE.flatMap((row: FunctionRow) => (row.cli === undefined ? [] : [row.cli.command]));
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
