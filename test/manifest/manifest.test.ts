import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEV_BASE_URL } from "../../scripts/deploy-origin.cjs";
import {
  builtManifestProblems,
  devManifestProblems,
  MANIFEST_PATH,
  REPO_ROOT,
  functionsMetadataProblems,
  referencedFiles,
  residProblems,
  urlProblems,
  xmllintProblems,
} from "../../scripts/manifest-checks.cjs";
import { BUILD_UNDER_TEST } from "../support/build-under-test";

const xml = readFileSync(MANIFEST_PATH, "utf8");
/** The build under test: build/test-dist/ (jest's globalSetup), or the build TASKPANE_DIST names. */
const BUILD_DIR = BUILD_UNDER_TEST;
const fixture = (name: string): string => join(__dirname, "fixtures", name);

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The first capture of `pattern` in manifest.xml, e.g. an attribute value. */
function attributeOf(pattern: RegExp): string | undefined {
  return pattern.exec(xml)?.[1];
}

describe("manifest.xml", () => {
  it("is well-formed and valid against the Office add-in manifest schema", () => {
    expect(xmllintProblems()).toEqual([]);
  });

  it("is generated: exactly what scripts/addin/description.cjs renders for the dev server", () => {
    expect(devManifestProblems()).toEqual([]);
    expect(
      devManifestProblems(xml.replace(">Refresh<", ">Refresh all<").replace('"Refresh"', '"Refresh all"')),
    ).toEqual([
      "manifest.xml differs from scripts/addin/description.cjs: run npm run manifest:dev (never edit it by hand)",
    ]);
  });

  it("defines every resid it uses", () => {
    expect(residProblems(xml)).toEqual([]);
  });

  it("points every URL at the dev server", () => {
    expect(urlProblems(xml)).toEqual([]);
  });

  it("declares a long-lived shared runtime used by functions, task pane and commands", () => {
    expect(xml).toMatch(/<Set Name="SharedRuntime" MinVersion="1\.1"\/>/);
    expect(xml).toMatch(/<Runtime resid="Taskpane\.Url" lifetime="long"\/>/);
    expect(xml).toMatch(/<Page>\s*<SourceLocation resid="Taskpane\.Url"\/>\s*<\/Page>/);
    expect(xml).toMatch(/<FunctionFile resid="Taskpane\.Url"\/>/);
    expect(attributeOf(/<bt:Url id="Taskpane\.Url" DefaultValue="([^"]+)"/)).toBe(
      "https://localhost:3000/taskpane.html",
    );
  });

  it("registers the INDEX namespace and the functions metadata", () => {
    expect(attributeOf(/<Namespace resid="([^"]+)"/)).toBe("Functions.Namespace");
    expect(attributeOf(/<bt:String id="Functions\.Namespace" DefaultValue="([^"]+)"/)).toBe("INDEX");
    expect(attributeOf(/<bt:Url id="Functions\.Metadata\.Url" DefaultValue="([^"]+)"/)).toBe(
      "https://localhost:3000/functions.json",
    );
  });

  it("has an Index Data ribbon group with a task pane button and a Refresh command", () => {
    expect(attributeOf(/<bt:String id="Group\.Label" DefaultValue="([^"]+)"/)).toBe("Index Data");
    expect(attributeOf(/<bt:String id="TaskpaneButton\.Label" DefaultValue="([^"]+)"/)).toBe("Index Data");
    expect(attributeOf(/<bt:String id="RefreshButton\.Label" DefaultValue="([^"]+)"/)).toBe("Refresh");
    expect(xml).toMatch(/<Action xsi:type="ShowTaskpane">\s*<TaskpaneId>ButtonId1<\/TaskpaneId>/);
    expect(xml).toMatch(/<Action xsi:type="ExecuteFunction">\s*<FunctionName>refreshAll<\/FunctionName>/);
  });

  it("uses real PNG icons whose pixel size matches their declared size", () => {
    const declared = [
      ...xml.matchAll(/<bt:Image id="Icon\.(\d+)x\d+" DefaultValue="https:\/\/localhost:3000\/([^"]+)"/g),
    ];
    expect(declared.map((match) => Number(match[1]))).toEqual([16, 32, 80]);
    const all: Array<[number, string]> = [
      ...declared.map((match): [number, string] => [Number(match[1]), String(match[2])]),
      [32, String(attributeOf(/<IconUrl DefaultValue="https:\/\/localhost:3000\/([^"]+)"/))],
      [64, String(attributeOf(/<HighResolutionIconUrl DefaultValue="https:\/\/localhost:3000\/([^"]+)"/))],
    ];
    for (const [size, file] of all) {
      expect({ file, ...pngSize(join(REPO_ROOT, file)) }).toEqual({ file, width: size, height: size });
    }
  });
});

describe("the build the manifest points at", () => {
  it("exists in the build for every file the manifest references", () => {
    if (!existsSync(BUILD_DIR)) throw new Error(`${BUILD_DIR} is missing: run npm run build:test`);
    const missing = referencedFiles(xml).filter((file) => !existsSync(join(BUILD_DIR, file)));
    expect(missing).toEqual([]);
    expect(referencedFiles(xml)).toEqual(expect.arrayContaining(["taskpane.html", "functions.json", "functions.js"]));
  });

  it("loads one webpack runtime and the shared chunk before the functions, commands and taskpane bootstrap", () => {
    // One runtime means one module registry: the entries share one client, cache and context; the code they
    // share is in shared.js once, and the functions come before the taskpane so they register first.
    const html = readFileSync(join(BUILD_DIR, "taskpane.html"), "utf8");
    const scripts = [...html.matchAll(/<script[^>]*\bsrc="?([^"\s>]+)/g)].map((match) => match[1]);
    expect(scripts.filter((src) => !String(src).endsWith("/office.js"))).toEqual([
      "runtime.js",
      "shared.js",
      "functions.js",
      "commands.js",
      "taskpane.js",
    ]);
  });

  it("wrote manifest.xml, manifest.json and app-package.zip: valid, agreeing, on the dev server, every file present", () => {
    expect(builtManifestProblems(BUILD_DIR, DEV_BASE_URL)).toEqual([]);
  });

  it("has a functions.json with unique upper-case function ids and names", () => {
    expect(functionsMetadataProblems(BUILD_DIR)).toEqual([]);
  });

  it("serves src/functions/functions.json as it is kept, byte for byte", () => {
    const kept = readFileSync(join(__dirname, "..", "..", "src", "functions", "functions.json"), "utf8");
    expect(readFileSync(join(BUILD_DIR, "functions.json"), "utf8")).toBe(kept);
  });
});

describe("the manifest checks catch broken manifests", () => {
  it("reports a resid that is not defined", () => {
    expect(residProblems(readFileSync(fixture("error-undefined-resid.xml"), "utf8"))).toEqual([
      'resid "RefreshButton.Missing" is used but not defined in <Resources>',
    ]);
  });

  it("reports a URL that is not on the dev server", () => {
    expect(urlProblems(readFileSync(fixture("error-foreign-url.xml"), "utf8"))).toEqual([
      "URL http://example.com/functions.json does not point at the dev server https://localhost:3000/",
    ]);
  });

  it("reports XML that is not well-formed", () => {
    const problems = xmllintProblems(fixture("error-not-well-formed.xml"));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^not well-formed XML/);
  });

  it("reports elements the schema does not allow", () => {
    const problems = xmllintProblems(fixture("error-schema-order.xml"));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/schema[\s\S]*Permissions/);
  });
});

describe("the functions.json check", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "functions-json-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const withFunctions = (functions: unknown): string[] => {
    writeFileSync(join(dir, "functions.json"), JSON.stringify({ functions }));
    return functionsMetadataProblems(dir);
  };

  it("fails when the build has not run", () => {
    expect(functionsMetadataProblems(dir)[0]).toMatch(/functions\.json is missing: run npm run build$/);
  });

  it("fails on an empty or unparsable file", () => {
    writeFileSync(join(dir, "functions.json"), "");
    expect(functionsMetadataProblems(dir)[0]).toMatch(/is not valid JSON/);
    expect(withFunctions([])).toEqual([`${join(dir, "functions.json")} lists no functions`]);
  });

  it("fails on lower-case or duplicate ids and names", () => {
    expect(withFunctions([{ id: "LATEST", name: "latest" }])).toEqual([
      'function name "latest" must be a non-empty upper-case string',
    ]);
    expect(
      withFunctions([
        { id: "LATEST", name: "LATEST" },
        { id: "LATEST", name: "HISTORY" },
      ]),
    ).toEqual(['function id "LATEST" is not unique']);
  });

  it("passes unique upper-case ids and names", () => {
    expect(
      withFunctions([
        { id: "LATEST", name: "LATEST" },
        { id: "HISTORY", name: "HISTORY" },
      ]),
    ).toEqual([]);
  });
});
