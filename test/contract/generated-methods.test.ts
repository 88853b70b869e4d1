import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { generatedFiles, projectTables } from "../../scripts/generate";
import { resourceMethodRows } from "../../scripts/generate/resource-methods";

/**
 * The methods every source has are written out in packages/wire/src/resources/methods.generated.ts, generated from
 * the rows of RESOURCES (issue 30, item 2), which the generator reads as data. The file must be what the table gives, and
 * a new row must need nothing but its module, its line in the table and the generator: a throw-away eleventh row
 * type-checks through the client, the engine, every source (the test FixtureSource too), `ask` and the gateway's
 * routes, in memory.
 */
const ROOT = join(__dirname, "..", "..");
const TABLE = join(ROOT, "packages", "wire", "src", "resources", "table.ts");
const GENERATED = join(ROOT, "packages", "wire", "src", "resources", "methods.generated.ts");

/** methods.generated.ts as the generator writes it for the table's rows, and with a throw-away eleventh row. */
async function methodsFor(eleventh: boolean): Promise<string> {
  const tables = await projectTables();
  const settlement = { method: "settlement", constant: "SETTLEMENT", from: "./settlement" };
  const resources = eleventh ? [...(await resourceMethodRows()), settlement] : tables.resources;
  const text = (await generatedFiles({ ...tables, resources })).get(GENERATED);
  if (text === undefined) throw new Error("the generator writes no methods.generated.ts");
  return text;
}

/** The throw-away resource: a symbol's settlement price, as a resource module would write it. */
const SETTLEMENT_MODULE = `import { z } from "zod";
import { resource, trimmedSymbol, TTL } from "./resource";

export const SETTLEMENT = resource({
  path: "/api/v1/index/{symbol}/settlement",
  subject: { what: "settlement price" },
  wire: z.looseObject({ value: z.number() }),
  toData: (wire: { value: number }, _args: [symbol: string]) => wire.value,
  ttls: { settlement: 60 * TTL.SECOND },
  canonical: trimmedSymbol,
  key: ([symbol]) => \`settlement|\${symbol}\`,
});
`;

/** Uses the eleventh method wherever a source is read; wrong arguments must still be refused. */
const PROBE = `import { IndexDataClient, DirectSource, ask } from "../../src/client";
import { RequestEngine, CellSource } from "../../src/engine";
import { FixtureSource } from "../formulas/support/fixture-source";
import { ENDPOINTS } from "../../gateway/src/answers/resources";

export async function probe(): Promise<number[]> {
  const client = new IndexDataClient({ baseUrl: "https://indexes.example.com" });
  const engine = new RequestEngine({ baseUrl: "https://indexes.example.com" });
  const cell = new CellSource(() => Promise.resolve(engine), { preview: false, user: false });
  const fixture = new FixtureSource({ settlement: 101.5 });
  const direct = new DirectSource(client);
  const fromClient: number = await client.settlement("RTM-A");
  const { data, meta } = await client.withResponse("settlement", ["RTM-A"]);
  const fromSources = await Promise.all([engine, cell, fixture, direct].map((s) => s.settlement("RTM-A")));
  const asked = await ask(fixture, "settlement", ["RTM-A"]);
  // @ts-expect-error the symbol is a string
  await client.settlement(42);
  const producedAt: string = meta.producedAt;
  return [fromClient, data, asked.data, ...fromSources.map((s) => s.data), producedAt.length, ENDPOINTS.length];
}
`;

/** The table with one more row, as CONTRIBUTING says to add one. */
function tableWithEleventhRow(table: string): string {
  const imported = table.replace(
    'import { VOLATILITY } from "./volatility";',
    'import { VOLATILITY } from "./volatility";\nimport { SETTLEMENT } from "./settlement";',
  );
  return imported.replace("  methodology: METHODOLOGY,\n", "  methodology: METHODOLOGY,\n  settlement: SETTLEMENT,\n");
}

function compilerOptions(): ts.CompilerOptions {
  const configPath = join(ROOT, "tsconfig.json");
  const config = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  return ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT).options;
}

/** Type-checks `roots` with some files' text replaced (or added) in memory; the diagnostics, formatted. */
function typeCheck(roots: readonly string[], files: ReadonlyMap<string, string>): string[] {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (path) => files.has(path) || fileExists.call(host, path);
  host.readFile = (path) => files.get(path) ?? readFile.call(host, path);
  host.getSourceFile = (path, language, onError, create) => {
    const text = files.get(path);
    return text !== undefined
      ? ts.createSourceFile(path, text, language)
      : getSourceFile(path, language, onError, create);
  };
  const program = ts.createProgram({ rootNames: [...roots], options, host });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where =
      d.file !== undefined ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : "";
    return `${where} TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}

describe("the methods generated from the resource table", () => {
  it("are current: methods.generated.ts is what the generator makes of table.ts", async () => {
    expect(await methodsFor(false)).toBe(readFileSync(GENERATED, "utf8"));
  });

  it("are found out of date when the table has a row they lack", async () => {
    const generated = await methodsFor(true);
    expect(generated).toContain("settlement(...args: RowArgs<typeof SETTLEMENT>)");
    expect(generated).not.toBe(readFileSync(GENERATED, "utf8"));
  });

  it("give a throw-away eleventh row a method on every source, and the house type-checks (no TS2590)", async () => {
    const table = tableWithEleventhRow(readFileSync(TABLE, "utf8"));
    expect(table).toContain("settlement: SETTLEMENT,");
    const generated = { stdout: await methodsFor(true) };
    const probe = join(ROOT, "test", "contract", "eleventh-row-probe.ts");
    const files = new Map([
      [TABLE, table],
      [GENERATED, generated.stdout],
      [join(ROOT, "packages", "wire", "src", "resources", "settlement.ts"), SETTLEMENT_MODULE],
      [probe, PROBE],
    ]);
    const roots = [
      probe,
      join(ROOT, "src", "formulas", "evaluate.ts"),
      join(ROOT, "src", "cli", "service-call.ts"),
      join(ROOT, "packages", "wire", "src", "resources", "cache-status.ts"),
    ];
    expect(typeCheck(roots, files)).toEqual([]);
  }, 240_000);
});
