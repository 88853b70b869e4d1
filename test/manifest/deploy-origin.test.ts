import { readFileSync } from "node:fs";
import { DEV_BASE_URL, deployBaseUrl, manifestForBase } from "../../scripts/deploy-origin.cjs";
import { MANIFEST_PATH, manifestUrls, urlProblems } from "../../scripts/manifest-checks.cjs";

const xml = readFileSync(MANIFEST_PATH, "utf8");
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
    for (const [given, base] of Object.entries(ACCEPTED)) expect({ given, base: deployBaseUrl(given) }).toEqual({ given, base });
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

describe("the manifest moved onto a deploy base", () => {
  it("puts every URL on the deploy origin and leaves no localhost", () => {
    const moved = manifestForBase(xml, "https://addin.example.com/");
    const urls = manifestUrls(moved);
    expect(urls.length).toBe(manifestUrls(xml).length);
    expect(urls).toContain("https://addin.example.com/taskpane.html");
    expect(urls).toContain("https://addin.example.com/functions.json");
    expect(urlProblems(moved, "https://addin.example.com/")).toEqual([]);
    expect(moved).not.toMatch(/localhost/i);
  });

  it("keeps each file's path under a base with a folder", () => {
    const moved = manifestForBase(xml, "https://cdn.example.com/index-data/");
    const before = manifestUrls(xml).map((url) => url.slice(DEV_BASE_URL.length));
    const after = manifestUrls(moved).map((url) => url.slice("https://cdn.example.com/index-data/".length));
    expect(after).toEqual(before);
    expect(manifestUrls(moved).every((url) => url.startsWith("https://cdn.example.com/index-data/"))).toBe(true);
  });

  it("reports a URL left off the deploy base", () => {
    const moved = manifestForBase(xml, "https://addin.example.com/").replace(
      "https://addin.example.com/functions.json",
      "https://localhost:3000/functions.json",
    );
    expect(urlProblems(moved, "https://addin.example.com/")).toEqual([
      "URL https://localhost:3000/functions.json does not point at the deploy base https://addin.example.com/",
    ]);
  });
});
