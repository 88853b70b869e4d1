import { execFile, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { IndexDataClient } from "../../src/client/client";
import { evaluateInPreview, useServedPages } from "../support/served-pages";
import { THROWAWAY_FORMULA, THROWAWAY_ROW } from "../support/throwaway-function";

/**
 * Adding a function takes one row of the function table and its formula: in a copy of the tree, INDEX.ECHO is added
 * as CONTRIBUTING says (the row, the formula module and its line in the formulas' face), `npm run generate` makes its
 * metadata, binding, command, MCP tool and docs lines, the copy type-checks with nothing else changed, and the
 * production build registers it: typed into the built preview in Chromium, it answers the reference service's latest
 * value; `index-data echo` prints it, and the gateway lists get_echo.
 */
const ROOT = join(__dirname, "..", "..");
const execFileAsync = promisify(execFile);
// The gateway's sources too: `npm run generate` writes its MCP tools' words and asks its MCP server for the tool list.
const COPIED = [
  "bin",
  "src",
  "scripts",
  "assets",
  "docs",
  "README.md",
  "webpack.config.js",
  "tsconfig.json",
  "package.json",
  "gateway/src",
  "gateway/package.json",
];
const LINKED = ["node_modules", "packages"];
const SYMBOL = "RTM-NWE-A-1x3";

function run(cwd: string, args: readonly string[]): string {
  const done = spawnSync(process.execPath, args, { cwd, encoding: "utf8", env: { ...process.env, NODE_ENV: "" } });
  if (done.status !== 0) throw new Error(`${args.join(" ")} failed:\n${done.stdout}\n${done.stderr}`);
  return done.stdout;
}

/** The repository's tree with INDEX.ECHO added as one row and one formula, generated and built into dist/. */
function treeWithEcho(tree: string): void {
  for (const entry of COPIED) cpSync(join(ROOT, entry), join(tree, entry), { recursive: true });
  for (const entry of LINKED) symlinkSync(join(ROOT, entry), join(tree, entry));
  cpSync(join(ROOT, ".prettierrc.json"), join(tree, ".prettierrc.json"));
  const table = join(tree, "src", "functions", "table", "functions.table.json");
  const rows = JSON.parse(readFileSync(table, "utf8")) as unknown[];
  rows.push({ ...THROWAWAY_ROW, binding: { adapter: "scalar", formula: "indexEcho" } });
  writeFileSync(table, `${JSON.stringify(rows, null, 2)}\n`);
  writeFileSync(join(tree, "src", "formulas", "index-functions", "echo.ts"), THROWAWAY_FORMULA);
  const face = join(tree, "src", "formulas", "index.ts");
  writeFileSync(face, `${readFileSync(face, "utf8")}export { indexEcho } from "./index-functions/echo";\n`);
  run(tree, [join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"), "scripts/generate.ts"]);
  // Nothing else had to change: the add-in, its command line, the gateway and the generator compile as they are.
  writeFileSync(
    join(tree, "tsconfig.copy.json"),
    JSON.stringify({
      extends: "./tsconfig.json",
      include: ["packages/wire/src", "src", "gateway/src", "scripts/generate*"],
    }),
  );
  run(tree, [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "--noEmit", "-p", "tsconfig.copy.json"]);
  run(tree, [join(ROOT, "node_modules", "webpack-cli", "bin", "cli.js"), "--mode", "production"]);
}

let tree: string | undefined;
const dist = () => join(tree ?? "", "dist");

beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), "throwaway-function-"));
  treeWithEcho(tree);
}, 600_000);

afterAll(() => {
  if (tree !== undefined) rmSync(tree, { recursive: true, force: true });
});

const served = useServedPages(dist, { rateLimits: { anonymous: 100_000 } });

async function openPreview(): Promise<Page> {
  const page = await served.browser.newPage();
  await page.goto(`${served.server.url}/preview.html?service=${encodeURIComponent(served.server.url)}`);
  await page.waitForSelector("body[data-ready]", { timeout: 45_000 });
  expect(await page.getAttribute("body", "data-ready")).toBe("true");
  return page;
}

describe("a function added as one row and its formula", () => {
  it("is in the generated metadata and docs of the copy, and nowhere in the repository", () => {
    const metadata = JSON.parse(readFileSync(join(dist(), "functions.json"), "utf8")) as {
      functions: { id: string }[];
    };
    expect(metadata.functions.map((fn) => fn.id)).toContain("ECHO");
    expect(readFileSync(join(tree ?? "", "docs", "functions.md"), "utf8")).toContain("| `INDEX.ECHO(symbol)` |");
    expect(readFileSync(join(ROOT, "src", "functions", "functions.json"), "utf8")).not.toContain('"ECHO"');
  });

  it("is a command of the copy's index-data, printing the service's latest fix", async () => {
    // Asynchronously: the reference service answers from this process.
    const { stdout: printed } = await execFileAsync(
      process.execPath,
      ["bin/index-data.js", "echo", SYMBOL, "--json", "--base-url", served.service.url],
      { cwd: tree ?? "" },
    );
    const latest = await new IndexDataClient({ baseUrl: served.service.url }).latest(SYMBOL);
    expect(JSON.parse(printed)).toMatchObject({ symbol: SYMBOL, value: latest.value });
  });

  it("is a tool of the copy's gateway, as its tools/list gives it to the Copilot agent, with its symbol's schema", () => {
    const tools = JSON.parse(
      readFileSync(join(tree ?? "", "scripts", "addin", "agent-tools.generated.json"), "utf8"),
    ) as {
      name: string;
      title: string;
      inputSchema: { properties: Record<string, { maxLength?: number }>; required?: string[] };
    }[];
    const echo = tools.find((tool) => tool.name === "get_echo");
    expect(echo?.title).toBe("get echo (INDEX.ECHO)");
    expect(echo?.inputSchema.required).toEqual(["symbol"]);
    expect(echo?.inputSchema.properties["symbol"]?.maxLength).toBe(64);
  });

  it("is a tool of the copy's gateway whose output schema follows from the row: the resource it answers, and how", async () => {
    // The copy's gateway, asked for its tools/list with the output schemas the plugin's list leaves out.
    const lister = join(tree ?? "", "served-tools.ts");
    writeFileSync(
      lister,
      'import { servedTools } from "./scripts/generate/agent-tools";\n' +
        "void servedTools().then((tools) => process.stdout.write(JSON.stringify(tools)));\n",
    );
    const { stdout } = await execFileAsync(
      process.execPath,
      [join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"), lister],
      {
        cwd: tree ?? "",
      },
    );
    const tools = JSON.parse(stdout) as { name: string; outputSchema?: { properties: Record<string, unknown> } }[];
    const schemaOf = (name: string) => tools.find((tool) => tool.name === name)?.outputSchema;
    // No line of gateway/src/mcp was written for it (only the generated file changed in the copy), yet it answers
    // the latest fix as the service gives it, served as every tool's answer is.
    expect(Object.keys(schemaOf("get_echo")?.properties ?? {})).toEqual(["answer", "served"]);
    expect(schemaOf("get_echo")?.properties["served"]).toEqual(schemaOf("get_latest")?.properties["served"]);
    for (const file of ["outputs.ts", "schemas.ts", "tools.ts"]) {
      const path = ["gateway", "src", "mcp", file];
      expect(readFileSync(join(tree ?? "", ...path), "utf8")).toBe(readFileSync(join(ROOT, ...path), "utf8"));
    }
  });

  it("registers in the built bundle and answers through the engine", async () => {
    const page = await openPreview();
    await evaluateInPreview(page, [`=INDEX.ECHO("${SYMBOL}")`]);
    const shown = await page.$eval("#results .result td", (cell) => cell.getAttribute("data-value"));
    const latest = await new IndexDataClient({ baseUrl: served.service.url }).latest(SYMBOL);
    expect(Number(shown)).toBe(latest.value);
    await page.close();
  });
});
