import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { readOptions } from "../../gateway/src/cli/args";
import { helpText } from "../../gateway/src/cli/help";
import { valueRow, wholeNumber, type OptionsOf } from "../../gateway/src/options/option-rows";
import { SERVE_OPTIONS } from "../../gateway/src/options/serve-options";
import { flagTable, withFlagTable } from "../../scripts/generate/gateway-options";

/**
 * One options table (gateway/src/options/serve-options.ts) drives the parser, `--help`, the typed options and the
 * reference's flag table: a flag is named in its row and at most one place that uses it, and a row added to the table
 * reaches every surface with nothing else changed.
 */
const ROOT = join(__dirname, "..", "..");
const SOURCES = join(ROOT, "gateway", "src");
const REFERENCE = join(ROOT, "docs", "gateway-reference.md");

/** The gateway's source files that spell `flag` (a whole flag: `--tls-key`, not `--tls-key-file`), by path. */
function filesSpelling(flag: string, files: ReadonlyMap<string, string>): string[] {
  const spelled = new RegExp(`${flag}(?![a-z0-9-])`);
  return [...files].filter(([, text]) => spelled.test(text)).map(([file]) => file);
}

test("each flag is spelled in its row and at most one other source file", () => {
  const files = new Map(
    readdirSync(SOURCES, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts"))
      .map((file) => [file, readFileSync(join(SOURCES, file), "utf8")] as const),
  );
  const spread = Object.values(SERVE_OPTIONS).map(({ flag }) => ({ flag, files: filesSpelling(flag, files) }));
  expect(spread.every(({ files: where }) => where.includes(join("options", "serve-options.ts")))).toBe(true);
  expect(spread.filter(({ files: where }) => where.length > 2)).toEqual([]);
});

test("a throw-away row passes through the parser, the help, the typed options and the reference, and leaves", () => {
  const table = {
    ...SERVE_OPTIONS,
    throwAway: valueRow("--throw-away-seconds", "N", {
      otherwise: "none",
      help: "a row that lives only in this test",
      reference: "a row that lives only in this test, in the reference's words",
      read: (given, flag) => wholeNumber(flag, given, 1, 9),
    }),
  };
  const argv = ["--upstream", "https://indexes.example.com", "--port", "0", "--throw-away-seconds", "7"];
  const options: OptionsOf<typeof table> = readOptions(argv, table);
  // Typed from the row: a number, absent when not given.
  const seconds: number | undefined = options.throwAway;
  expect(seconds).toBe(7);
  expect(readOptions(argv.slice(0, 4), table)).not.toHaveProperty("throwAway");
  expect(() => readOptions([...argv.slice(0, 4), "--throw-away-seconds", "12"], table)).toThrow(
    '--throw-away-seconds must be a whole number from 1 to 9, got "12".',
  );
  expect(helpText("index-data-gateway", table)).toMatch(/ {2}--throw-away-seconds N +a row that lives only in this/);
  const doc = withFlagTable(readFileSync(REFERENCE, "utf8"), table, "docs/gateway-reference.md");
  expect(doc).toContain(
    "| `--throw-away-seconds N` | none | a row that lives only in this test, in the reference's words |",
  );
  // Removed again: the project's own table never had it.
  expect(SERVE_OPTIONS).not.toHaveProperty("throwAway");
  expect(helpText("index-data-gateway")).not.toContain("--throw-away-seconds");
  expect(flagTable(SERVE_OPTIONS)).not.toContain("--throw-away-seconds");
});

test("the reference's flag table is the one the table gives (npm run generate writes it)", () => {
  const doc = readFileSync(REFERENCE, "utf8");
  expect(doc).toBe(withFlagTable(doc, SERVE_OPTIONS, "docs/gateway-reference.md"));
  expect(doc).toContain(flagTable(SERVE_OPTIONS));
});
