import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agreementProblems, unifiedFacts, xmlFacts } from "../../scripts/addin/agreement.cjs";
import { ADDIN } from "../../scripts/addin/description.cjs";
import { versionedMetadataFile } from "../../scripts/addin/manifest-files.cjs";
import { unifiedSchemaProblems } from "../../scripts/addin/unified-schema.cjs";
import { unifiedManifest } from "../../scripts/addin/unified-manifest.cjs";
import { xmlManifest } from "../../scripts/addin/xml-manifest.cjs";
import { DEV_BASE_URL } from "../../scripts/deploy-origin.cjs";
import { manifestUrls, xmllintProblems } from "../../scripts/manifest-checks.cjs";
import { BUILD_UNDER_TEST } from "../support/build-under-test";

/** The unified manifest (manifest.json) of the build under test, beside its XML manifest, and how the two agree. */
const read = (file: string) => readFileSync(join(BUILD_UNDER_TEST, file), "utf8");
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a manifest read as data
const built = (): Json => JSON.parse(read("manifest.json")) as Json;
const runtimeOf = (manifest: Json): Json => manifest["extensions"][0]["runtimes"][0] as Json;

describe("the build's manifest.json", () => {
  it("names schema 1.25 and validates against Microsoft's JSON Schema 1.25, offline", () => {
    const manifest = built();
    expect(manifest["$schema"]).toBe(
      "https://developer.microsoft.com/json-schemas/teams/v1.25/MicrosoftTeams.schema.json",
    );
    expect(manifest["manifestVersion"]).toBe("1.25");
    expect(unifiedSchemaProblems(manifest)).toEqual([]);
  });

  it("runs the INDEX functions in the long-lived shared runtime page, from the metadata the build copied", () => {
    const runtime = runtimeOf(built());
    const metadata = read("functions.json");
    expect(runtime["lifetime"]).toBe("long");
    expect(runtime["code"]).toEqual({ page: `${DEV_BASE_URL}taskpane.html`, script: `${DEV_BASE_URL}functions.js` });
    expect(runtime["customFunctions"]).toEqual({
      namespace: { id: "INDEX", name: "INDEX" },
      metadataUrl: `${DEV_BASE_URL}${versionedMetadataFile(metadata)}`,
    });
    // The versioned file is the build's functions.json, byte for byte.
    expect(read(versionedMetadataFile(metadata))).toBe(metadata);
  });

  it("puts Index Data, Refresh, Refresh sheet and Freeze for sharing on the Home tab, each wired to a runtime action", () => {
    const manifest = built();
    const actions = new Map((runtimeOf(manifest)["actions"] as Json[]).map((action) => [action["id"], action["type"]]));
    const tab = manifest["extensions"][0]["ribbons"][0]["tabs"][0] as Json;
    const controls = tab["groups"][0]["controls"] as Json[];
    expect(tab["builtInTabId"]).toBe("TabHome");
    expect(
      controls.map((control) => [control["label"], control["actionId"], actions.get(control["actionId"])]),
    ).toEqual([
      ["Index Data", "ShowTaskpane", "openPage"],
      ["Refresh", "refreshAll", "executeFunction"],
      ["Refresh sheet", "refreshSheet", "executeFunction"],
      ["Freeze for sharing", "freezeForSharing", "executeFunction"],
    ]);
  });
});

describe("the schema check catches a broken unified manifest", () => {
  it.each([
    ["no developer", (m: Json) => delete m["developer"], "(root) must have required property 'developer'"],
    [
      "a namespace with a dash",
      (m: Json) => (runtimeOf(m)["customFunctions"]["namespace"]["id"] = "INDEX-DATA"),
      "/extensions/0/runtimes/0/customFunctions/namespace/id must match pattern",
    ],
    [
      "a runtime without a page",
      (m: Json) => delete runtimeOf(m)["code"]["page"],
      "/extensions/0/runtimes/0/code must have required property 'page'",
    ],
    ["an unknown property", (m: Json) => (m["ribbon"] = []), "(root) must NOT have additional properties"],
  ])("%s", (_name, breakIt, message) => {
    const manifest = built();
    breakIt(manifest);
    expect(unifiedSchemaProblems(manifest).some((problem) => problem.startsWith(message))).toBe(true);
  });
});

describe("the two manifests of a build agree", () => {
  const xml = () => read("manifest.xml");
  const problems = (manifest: Json) => agreementProblems(xml(), manifest, DEV_BASE_URL, manifestUrls(xml()));

  it("on the functions metadata, runtime page, namespace, commands, version, and every URL on the deploy base", () => {
    const facts = xmlFacts(xml());
    expect(facts.functionsMetadata).toMatch(/^https:\/\/localhost:3000\/functions\.[0-9a-f]{12}\.json$/);
    expect(facts.runtimePage).toBe(`${DEV_BASE_URL}taskpane.html`);
    expect(facts.namespace).toBe("INDEX");
    expect(facts.version).toBe(ADDIN.version);
    expect(facts.commands.map((command) => command.action)).toEqual([
      "open the task pane",
      "run refreshAll",
      "run refreshSheet",
      "run freezeForSharing",
      "run convertToIndex",
      "run convertToText",
    ]);
    expect(unifiedFacts(built())).toEqual(facts);
    expect(problems(built())).toEqual([]);
  });

  it("and says where they do not", () => {
    const manifest = built();
    runtimeOf(manifest)["customFunctions"]["metadataUrl"] = `${DEV_BASE_URL}functions.json`;
    manifest["version"] = "9.9.9";
    manifest["extensions"][0]["ribbons"][0]["tabs"][0]["groups"][0]["controls"].pop();
    manifest["developer"]["privacyUrl"] = "https://elsewhere.example.com/privacy.html";
    const found = problems(manifest);
    expect(found.map((problem) => problem.replace(/:.*/, ""))).toEqual([
      "the manifests disagree on version",
      "the manifests disagree on functionsMetadata",
      "the manifests disagree on commands",
      "URL https",
    ]);
    expect(found[3]).toBe(`URL https://elsewhere.example.com/privacy.html is not on the deploy base ${DEV_BASE_URL}`);
  });
});

describe("the Data tab's Index group, from the one description", () => {
  // The data type's buttons (issue 23) are one more entry in ADDIN.ribbon: both manifests carry them.
  const base = "https://addin.example.com/";
  const options = { baseUrl: base, metadataFile: "functions.0123456789ab.json" };
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), "manifest-tab-"))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("puts Convert to Index and Convert to text on TabData in the built manifest.json, each wired to a runtime action", () => {
    const manifest = built();
    const actions = new Map((runtimeOf(manifest)["actions"] as Json[]).map((action) => [action["id"], action["type"]]));
    const tabs = manifest["extensions"][0]["ribbons"][0]["tabs"] as Json[];
    const data = tabs.find((tab) => tab["builtInTabId"] === "TabData");
    expect(data?.["groups"].map((group: Json) => group["label"])).toEqual(["Index"]);
    const controls = data?.["groups"][0]["controls"] as Json[];
    expect(
      controls.map((control) => [control["label"], control["actionId"], actions.get(control["actionId"])]),
    ).toEqual([
      ["Convert to Index", "convertToIndex", "executeFunction"],
      ["Convert to text", "convertToText", "executeFunction"],
    ]);
  });

  it("appears in both manifests for any deploy base, both valid and agreeing", () => {
    const xml = xmlManifest(ADDIN, { ...options, note: "test" });
    const json = unifiedManifest(ADDIN, options);
    writeFileSync(join(dir, "manifest.xml"), xml);
    expect(xmllintProblems(join(dir, "manifest.xml"))).toEqual([]);
    expect(unifiedSchemaProblems(json)).toEqual([]);
    expect(agreementProblems(xml, json, base, manifestUrls(xml))).toEqual([]);
    expect(xmlFacts(xml).commands.filter((command) => command.tab === "TabData")).toEqual([
      {
        tab: "TabData",
        id: "IndexData.ConvertButton",
        label: "Convert to Index",
        tooltip:
          "Turn the selected index symbols into Index entities that Excel refreshes: =A1.Price, the card, Data > Refresh All. Where Excel has no linked data types, writes =INDEX.CARD formulas.",
        action: "run convertToIndex",
      },
      {
        tab: "TabData",
        id: "IndexData.ConvertToTextButton",
        label: "Convert to text",
        tooltip: "Turn the selected Index entities back into their symbols as plain text.",
        action: "run convertToText",
      },
    ]);
  });
});
