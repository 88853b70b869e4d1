import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseCommandLine, UsageError } from "../../gateway/src/cli/args";
import { helpText, programName, synopsis } from "../../gateway/src/cli/help";
import { SERVE_OPTIONS } from "../../gateway/src/options/serve-options";

/**
 * `--help` carries every option itself: an installed gateway has no docs/gateway.md beside it.
 * Its messages name the command as it was started: `index-data-gateway` installed, `npm run gateway --` in a checkout.
 */
const DOCS = readFileSync(join(__dirname, "..", "..", "docs", "gateway-reference.md"), "utf8");
const OPTIONS = Object.values(SERVE_OPTIONS);
const INSTALLED = "index-data-gateway";

/** The flags named in a first cell of the reference's tables that starts with one (`| \`--tls-cert FILE\` | …`). */
function documentedFlags(): string[] {
  const cells = [...DOCS.matchAll(/^\| (`--(?:[^|\n]|\\\|)*)\|/gm)].map((match) => match[1] ?? "");
  return [...new Set(cells.flatMap((cell) => cell.match(/--[a-z][a-z-]*/g) ?? []))].sort();
}

test("names the installed binary, and npm run gateway -- only for the sources run from a checkout", () => {
  expect(programName("/opt/index-data-gateway/node_modules/index-data-gateway/dist/cli/main.js")).toBe(INSTALLED);
  expect(programName("/opt/index-data-gateway/node_modules/.bin/index-data-gateway")).toBe(INSTALLED);
  expect(programName(undefined)).toBe(INSTALLED);
  expect(programName("/home/dev/index-data-excel/gateway/src/cli/main.ts")).toBe("npm run gateway --");
});

test("lists every flag the reference documents, and each one it lists is one the parser takes", () => {
  const listed = OPTIONS.map((option) => option.flag).sort();
  expect(listed).toEqual(documentedFlags());
  const text = helpText(INSTALLED);
  for (const { flag, value } of OPTIONS) {
    expect(text).toContain(value === undefined ? `  ${flag}  ` : `  ${flag} ${value}  `);
    const given = value === undefined ? [flag] : [flag, "x"];
    let refusal = "";
    try {
      parseCommandLine(["--upstream", "https://indexes.example.com", "--port", "0", ...given]);
    } catch (error) {
      refusal = error instanceof UsageError ? error.message : String(error);
    }
    expect({ flag, unknown: refusal.startsWith("Unknown option") }).toEqual({ flag, unknown: false });
  }
});

test("the installed help names no file or command that only a checkout has, and fits 110 columns", () => {
  const text = helpText(INSTALLED);
  expect(text).not.toMatch(/npm run|docs\/|\.md\b/);
  expect(text).toContain("index-data-gateway new-token NAME --tokens FILE");
  expect(text).toContain("Exit codes: 0 done; 1 failed while running (a restart may help); 2 command line or file");
  expect(text.split("\n").filter((line) => line.length > 110)).toEqual([]);
  const checkout = helpText("npm run gateway --");
  expect(checkout).toContain("npm run gateway -- new-token NAME --tokens FILE");
  expect(checkout).toContain("docs/gateway.md is the guide.");
});

test("a refused command line names the command as it was started", () => {
  expect(() => parseCommandLine(["new-token"], INSTALLED)).toThrow(
    "new-token takes one NAME: index-data-gateway new-token alice --tokens tokens.txt",
  );
  expect(() => parseCommandLine(["new-token", "a", "b"], "npm run gateway --")).toThrow(
    "new-token takes one NAME: npm run gateway -- new-token alice --tokens tokens.txt",
  );
  expect(synopsis(INSTALLED).split("\n").slice(1)).toEqual([
    expect.stringMatching(
      /^ {2}index-data-gateway --upstream URL --port N --tokens FILE \[option \.\.\.\] +serve the desk$/,
    ),
    expect.stringMatching(/^ {2}index-data-gateway --upstream URL --port N --host 127\.0\.0\.1 --no-auth +serve this/),
    expect.stringMatching(/^ {2}index-data-gateway new-token NAME --tokens FILE +add a person/),
    expect.stringMatching(/^ {2}index-data-gateway --help +every option$/),
  ]);
});

test("--public-url takes the gateway's origin as its clients reach it, and refuses anything else with the reason", () => {
  const serve = (url: string) =>
    parseCommandLine([
      "--upstream",
      "https://indexes.example.com",
      "--port",
      "0",
      "--tokens",
      "t.txt",
      "--public-url",
      url,
    ]);
  expect(serve("https://gateway.desk.example.com")).toMatchObject({ publicUrl: "https://gateway.desk.example.com" });
  expect(serve("https://gateway.desk.example.com:8443/")).toMatchObject({
    publicUrl: "https://gateway.desk.example.com:8443",
  });
  expect(serve("http://127.0.0.1:8080")).toMatchObject({ publicUrl: "http://127.0.0.1:8080" });
  expect(() => serve("http://gateway.desk.example.com")).toThrow(
    "--public-url must be https (or http to this machine).",
  );
  for (const url of [
    "https://gateway.desk.example.com/mcp",
    "https://u:p@gateway.desk.example.com",
    "https://g.example?x=1",
  ])
    expect(() => serve(url)).toThrow(`--public-url must be the gateway's origin only, as its clients reach it`);
});
