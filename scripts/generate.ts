/**
 * `npm run generate`: writes every file made from the project's two tables, so that none can drift from them.
 * - RESOURCES (packages/wire/src/resources/table.ts) → packages/wire/src/resources/methods.generated.ts;
 * - FUNCTION_TABLE and CHOICE_LISTS (src/functions/table) → src/functions/functions.json (what Excel
 *   reads), src/functions/bindings.generated.ts (what the functions entry registers), the maps the formulas parse
 *   the lists' words with (src/formulas/choices.generated.ts), the names a formula may call
 *   (src/workbook/function-names.generated.json, for the checks of what the add-in writes), INDEX.CHANGE's periods
 *   (src/workbook/change-periods.generated.json, for the pricing sheet's columns), the command line's commands
 *   (src/cli/commands.generated.ts), the tables of docs/functions.md and the README, the test suites' list of
 *   functions, and the gateway's MCP tools: their words and argument schemas (gateway/src/mcp/tools.generated.ts);
 * - the gateway's serving options (gateway/src/options/serve-options.ts) → the flag table of docs/gateway-reference.md;
 * - the gateway's MCP tools as its tools/list gives them → scripts/addin/agent-tools.generated.json, the tools the
 *   Copilot agent's plugin names. They are made from the tools' words above, so a change of the words takes a second
 *   pass, which `npm run generate` makes by running itself once more in a fresh process.
 *
 *   npx tsx scripts/generate.ts           writes them
 *   npx tsx scripts/generate.ts --check   exits 1, naming them, while any differs from what the tables give
 *
 * The tables are read as data (imported), never as text; the tests call `generatedFiles` with a throw-away row.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import * as prettier from "prettier/standalone";
import * as estree from "prettier/plugins/estree";
import * as typescript from "prettier/plugins/typescript";
import { CHOICE_LISTS, FUNCTION_TABLE, type ChoiceList, type FunctionRow } from "../src/functions/table";
import { choiceTable, functionTable, glanceTable, withTable } from "./generate/doc-tables";
import {
  bindingsSource,
  changePeriodsJson,
  functionNamesJson,
  functionsJson,
  suiteFunctionsSource,
} from "./generate/function-files";
import { agentToolsJson } from "./generate/agent-tools";
import { choiceMapsSource } from "./generate/choice-maps";
import { cliCommandsSource } from "./generate/cli-commands";
import { withFlagTable } from "./generate/gateway-options";
import { SERVE_OPTIONS } from "../gateway/src/options/serve-options";
import { mcpToolsSource } from "./generate/mcp-tools";
import {
  RESOURCES_DIR,
  resourceMethodRows,
  resourceMethodsSource,
  type ResourceMethodRow,
} from "./generate/resource-methods";

export const ROOT = join(__dirname, "..");

export interface Tables {
  readonly resources: readonly ResourceMethodRow[];
  readonly functions: readonly FunctionRow[];
  readonly choices: readonly ChoiceList[];
}

/** The project's own tables. */
export async function projectTables(): Promise<Tables> {
  return { resources: await resourceMethodRows(), functions: FUNCTION_TABLE, choices: CHOICE_LISTS };
}

/** TypeScript as the repository's prettier formats it (its standalone build: no config lookup, no dynamic import). */
function formatted(text: string): Promise<string> {
  const options = JSON.parse(read(join(ROOT, ".prettierrc.json"))) as Parameters<typeof prettier.format>[1];
  return prettier.format(text, { ...options, parser: "typescript", plugins: [estree, typescript] });
}

function read(file: string): string {
  return readFileSync(file, "utf8");
}

/** Every generated file, by its path, as the tables give it (documents: their current text, tables replaced). */
export async function generatedFiles(tables: Tables, root = ROOT): Promise<Map<string, string>> {
  const { resources, functions, choices } = tables;
  const methods = join(RESOURCES_DIR, "methods.generated.ts");
  const bindings = join(root, "src", "functions", "bindings.generated.ts");
  const suite = join(root, "test", "support", "suite-functions.generated.ts");
  const docs = join(root, "docs", "functions.md");
  const readme = join(root, "README.md");
  const gatewayReference = join(root, "docs", "gateway-reference.md");
  let doc = withTable(read(docs), "function-table", functionTable(functions), "docs/functions.md");
  doc = withTable(doc, "choice-table", choiceTable(functions, choices), "docs/functions.md");
  return new Map([
    [methods, await formatted(resourceMethodsSource(resources))],
    [join(root, "src", "functions", "functions.json"), functionsJson(functions, choices)],
    [bindings, await formatted(bindingsSource(functions))],
    [join(root, "src", "formulas", "choices.generated.ts"), await formatted(choiceMapsSource(choices))],
    [join(root, "src", "cli", "commands.generated.ts"), await formatted(cliCommandsSource(functions, choices))],
    [join(root, "src", "workbook", "function-names.generated.json"), functionNamesJson(functions)],
    [join(root, "src", "workbook", "change-periods.generated.json"), changePeriodsJson(functions, choices)],
    [suite, await formatted(suiteFunctionsSource(functions))],
    [join(root, "gateway", "src", "mcp", "tools.generated.ts"), await formatted(mcpToolsSource(functions, choices))],
    [join(root, "scripts", "addin", "agent-tools.generated.json"), await agentToolsJson()],
    [docs, doc],
    [readme, withTable(read(readme), "glance-table", glanceTable(functions), "README.md")],
    [gatewayReference, withFlagTable(read(gatewayReference), SERVE_OPTIONS, "docs/gateway-reference.md")],
  ]);
}

/** A generated file's text on disk; undefined when it is missing (out of date like any other). */
function current(file: string): string | undefined {
  try {
    return read(file);
  } catch {
    // Expected: a missing file is out of date like any other.
    return undefined;
  }
}

/** The generated files that differ from what the tables give, by their path from the repository's root. */
export async function outOfDate(): Promise<string[]> {
  const stale: string[] = [];
  for (const [file, text] of await generatedFiles(await projectTables())) {
    if (current(file) !== text) stale.push(relative(ROOT, file));
  }
  return stale;
}

async function main(): Promise<void> {
  if (process.argv.includes("--check")) {
    const stale = await outOfDate();
    if (stale.length > 0) {
      console.error(`Out of date: ${stale.join(", ")}. Run \`npm run generate\`.`);
      process.exitCode = 1;
    }
    return;
  }
  const written: string[] = [];
  for (const [file, text] of await generatedFiles(await projectTables())) {
    mkdirSync(dirname(file), { recursive: true });
    if (current(file) !== text) written.push(relative(ROOT, file));
    writeFileSync(file, text);
  }
  // The agent's tools are listed by the gateway this process has already loaded: a fresh one lists the new words.
  if (written.includes(join("gateway", "src", "mcp", "tools.generated.ts")) && process.env["GENERATE_PASS"] !== "2") {
    const again = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      stdio: "inherit",
      env: { ...process.env, GENERATE_PASS: "2" },
    });
    process.exitCode = again.status ?? 1;
  }
}

if (require.main === module) void main();
