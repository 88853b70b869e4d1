import { jsonUrls } from "../../scripts/addin/agreement.cjs";
import { manifestFiles, versionedMetadataFile } from "../../scripts/addin/manifest-files.cjs";
import { DEV_BASE_URL, deployBaseUrl } from "../../scripts/deploy-origin.cjs";
import { manifestUrls, urlProblems } from "../../scripts/manifest-checks.cjs";

const METADATA = JSON.stringify({ functions: [{ id: "LATEST", name: "LATEST", parameters: [], result: {} }] });
const EXAMPLE = "e.g. ADDIN_BASE_URL=https://addin.example.com (or https://cdn.example.com/index-data/)";

/** ADDIN_BASE_URL as given, and the deploy base it means. */
const ACCEPTED: Readonly<Record<string, string>> = {
  "": DEV_BASE_URL,
  "  ": DEV_BASE_URL,
  "https://addin.example.com": "https://addin.example.com/",
  " https://addin.example.com/ ": "https://addin.example.com/",
  "https://cdn.example.com/index-data": "https://cdn.example.com/index-data/",
  "https://cdn.example.com:8443/index-data//": "https://cdn.example.com:8443/index-data/",
};

describe("ADDIN_BASE_URL, the deploy base of a build", () => {
  it("is the dev server when unset or blank; else an https origin or folder, always ending in one slash", () => {
    expect(deployBaseUrl(undefined)).toBe("https://localhost:3000/");
    for (const [given, base] of Object.entries(ACCEPTED))
      expect({ given, base: deployBaseUrl(given) }).toEqual({ given, base });
  });

  it.each([
    ["http://addin.example.com", "must start with https:// (Office loads add-in pages only over https)"],
    ["addin.example.com", "is not a URL"],
    ["https://cdn.example.com/a/../b/", 'must not contain ".." in its path'],
    ["https://cdn.example.com/a/%2E%2E/b/", 'must not contain ".." in its path'],
    ["https://user:pw@addin.example.com/", "must not contain a user name or password"],
    ["https://addin.example.com/?v=2", "must not contain ? or #"],
  ])("refuses %s, naming the variable and an example", (value, why) => {
    expect(() => deployBaseUrl(value)).toThrow(
      `ADDIN_BASE_URL ${JSON.stringify(value)} ${why}; set it to the https address dist/ is served from, ${EXAMPLE}`,
    );
  });
});

describe("the manifests rendered onto a deploy base", () => {
  /** The build's files for `base` from a small metadata file: only the manifests' URLs matter here. */
  const built = (base: string) => manifestFiles(base, METADATA);
  const xmlFor = (base: string) => String(built(base)["manifest.xml"]);
  const metadataFile = versionedMetadataFile(METADATA);

  it("puts every URL of both manifests on the deploy origin and leaves no localhost", () => {
    const base = "https://addin.example.com/";
    const urls = [...manifestUrls(xmlFor(base)), ...jsonUrls(JSON.parse(String(built(base)["manifest.json"])))];
    expect(urls).toEqual(expect.arrayContaining([`${base}taskpane.html`, `${base}${metadataFile}`]));
    expect(urls.filter((url) => !url.startsWith(base))).toEqual([]);
    expect(urlProblems(xmlFor(base), base)).toEqual([]);
    expect(`${xmlFor(base)}${String(built(base)["manifest.json"])}`).not.toMatch(/localhost/i);
  });

  it("keeps each file's path under a base with a folder", () => {
    const dev = manifestUrls(xmlFor(DEV_BASE_URL)).map((url) => url.slice(DEV_BASE_URL.length));
    const folder = "https://cdn.example.com/index-data/";
    const moved = manifestUrls(xmlFor(folder));
    expect(moved.map((url) => url.slice(folder.length))).toEqual(dev);
    expect(moved.every((url) => url.startsWith(folder))).toBe(true);
  });

  it("reports a URL left off the deploy base", () => {
    const base = "https://addin.example.com/";
    const moved = xmlFor(base).replace(`${base}taskpane.html`, "https://localhost:3000/taskpane.html");
    expect(urlProblems(moved, base)).toEqual([
      "URL https://localhost:3000/taskpane.html does not point at the deploy base https://addin.example.com/",
    ]);
  });

  it("names the functions metadata by its content, so a changed one gets a new URL and an unchanged one keeps it", () => {
    expect(metadataFile).toMatch(/^functions\.[0-9a-f]{12}\.json$/);
    expect(versionedMetadataFile(METADATA)).toBe(metadataFile);
    expect(versionedMetadataFile(METADATA.replace("LATEST", "LAST"))).not.toBe(metadataFile);
    expect(String(built(DEV_BASE_URL)[metadataFile])).toBe(METADATA);
  });
});
