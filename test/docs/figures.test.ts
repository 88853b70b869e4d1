import { exampleDoc, matchesIn, readDocs } from "./doc-text";
import {
  figuresHeld,
  LOAD_PATH_BUDGET,
  loadPathFigures,
  readmeLoadPathKib,
  ribbonPaths,
  unsourcedFigures,
  wrongMenuPaths,
} from "./figures";

/**
 * The docs' figures and paths held to one source each: a measured figure to its command or its day, the load path's
 * size to one figure (which the production build's test checks against the build), a menu path to the ribbon of the
 * one description, and the way into Excel to docs/install.md. Each finding is `file:line: what`.
 */
const DOCS = readDocs();
const HELD = new Set(figuresHeld());

describe("measured figures", () => {
  it("each names the command that measures it or the day it was measured", () => {
    expect(DOCS.filter((doc) => HELD.has(doc.file)).flatMap(unsourcedFigures)).toEqual([]);
    expect([...HELD]).toEqual(expect.arrayContaining(["README.md", "docs/architecture.md", "src/engine/README.md"]));
  });

  it("finds a figure given without either, and takes one with its command or its day", () => {
    const doc = exampleDoc(
      "`npm test` takes 8–9 min beside a CPU hog.",
      "",
      "Cold open | 1.20× |",
      "",
      "Opens in 1.20× the bare client's time (`npx tsx bench/cold-open.ts`).",
      "",
      "All 1,939 tests passed (2026-11-28). Refresh every 15 minutes.",
      "",
      "Goals:",
      "",
      "| goal | figure |",
      "|---|---|",
      "| engine CPU | 2.5× |",
    );
    expect(unsourcedFigures(doc)).toEqual([
      "docs/example.md:1: `npm test` takes 8–9 min beside a CPU hog.",
      "docs/example.md:3: Cold open | 1.20× |",
      "docs/example.md:9: Goals: | goal | figure | |---|---| | engine CPU | 2.5× |",
    ]);
  });
});

describe("the load path's size", () => {
  it("is one figure wherever the docs give it, besides the budget, and the README gives it once", () => {
    const figures = DOCS.flatMap((doc) => loadPathFigures(doc).map((figure) => ({ file: doc.file, ...figure })));
    const measured = figures.filter(({ kib }) => kib !== LOAD_PATH_BUDGET);
    expect(new Set(measured.map(({ kib }) => kib)).size).toBe(1);
    expect(measured.filter(({ file }) => file === "README.md")).toHaveLength(1);
    expect(readmeLoadPathKib()).toBeLessThanOrEqual(LOAD_PATH_BUDGET);
  });

  it("reads a doc's figures for it, and only those", () => {
    const doc = exampleDoc(
      "The runtime page registers every function from 266 KiB of our own script.",
      "",
      "A log waits for 8 KiB.",
    );
    expect(loadPathFigures(doc)).toEqual([{ line: 1, kib: 266 }]);
  });
});

describe("menu paths", () => {
  it("name our buttons where the ribbon of scripts/addin/description.cjs puts them", () => {
    expect(ribbonPaths().get("Convert to Index")).toBe("Data > Index > Convert to Index");
    expect(DOCS.flatMap((doc) => wrongMenuPaths(doc))).toEqual([]);
  });

  it("finds a path the ribbon does not have, and leaves Excel's own menus alone", () => {
    const doc = exampleDoc(
      "Choose **Data > Convert to Index**, then **Data > Refresh All** or **Home > Index Data > Refresh**.",
    );
    expect(wrongMenuPaths(doc)).toEqual([
      "docs/example.md:1: **Data > Convert to Index** is **Data > Index > Convert to Index**",
    ]);
  });
});

describe("one way into Excel", () => {
  /** What only the steps that load the add-in into Excel say. */
  const SIDELOAD = /Upload My Add-in|office-addin-dev-settings sideload|Documents\/wef|Trusted\s+Add-in\s+Catalogs/g;

  it("is told in docs/install.md, and every other doc links there", () => {
    const elsewhere = DOCS.filter((doc) => doc.file !== "docs/install.md").flatMap((doc) =>
      matchesIn(doc, SIDELOAD).map(({ match, line }) => `${doc.file}:${line}: ${match[0]}`),
    );
    expect(elsewhere).toEqual([]);
    const install = DOCS.find((doc) => doc.file === "docs/install.md");
    expect(install === undefined ? 0 : matchesIn(install, SIDELOAD).length).toBeGreaterThanOrEqual(4);
    for (const file of ["README.md", "CONTRIBUTING.md"])
      expect({
        file,
        links: DOCS.find((doc) => doc.file === file)?.text.includes("install.md#you-are-a-trader-trying-it-alone"),
      }).toEqual({
        file,
        links: true,
      });
  });
});

describe("pictures", () => {
  it("each appears once in a doc", () => {
    const twice = DOCS.flatMap((doc) => {
      const seen = new Set<string>();
      return matchesIn(doc, /!\[[^\]]*\]\(([^)\s]+)\)/g).flatMap(({ match, line }) => {
        const picture = match[1] ?? "";
        if (!seen.has(picture)) return (seen.add(picture), []);
        return [`${doc.file}:${line}: ${picture} again`];
      });
    });
    expect(twice).toEqual([]);
  });
});
