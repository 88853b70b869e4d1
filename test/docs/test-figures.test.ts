import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  blockText,
  duration,
  FIGURES_FILE,
  figuresText,
  medianLoad,
  refusal,
  TestFigures,
  testCounts,
  withFigures,
} from "../../scripts/figures/test-figures";
import { useTempFolder } from "../support/temp-folder";
import { REPO } from "./doc-text";

/*
 * The README's figures of `npm test` come from one file, docs/test-figures.json, which `npm run figures` writes from
 * its own run of the suite; these tests hold the README to that file without running the suite.
 */
const README = readFileSync(join(REPO, "README.md"), "utf8");
const recorded = (): TestFigures => TestFigures.parse(JSON.parse(readFileSync(join(REPO, FIGURES_FILE), "utf8")));

const FIGURES: TestFigures = {
  measuredBy: "npm run figures",
  commit: "0fefe4c",
  uncommitted: false,
  date: "2026-12-06",
  cpus: 2,
  load: 3.4,
  tests: { total: 2214, passed: 2214, failed: 0, skipped: 0 },
  seconds: 472,
};

describe("the README's figures of npm test", () => {
  it("are the recorded figures' text, between the markers, and the recorded figures are a passing run", () => {
    const figures = recorded();
    expect(blockText(README)).toBe(figuresText(figures));
    expect(refusal(figures)).toBeUndefined();
  });

  it("are given nowhere else in the README: no count of tests, no run's minutes outside the block", () => {
    const outside = README.replace(blockText(README), "");
    expect(outside.match(/\b\d[\d,]* tests\b|\b\d+ min \d+ s\b/g)).toBeNull();
  });

  it("leave the README at most 300 lines", () => {
    expect(README.split("\n").length - (README.endsWith("\n") ? 1 : 0)).toBeLessThanOrEqual(300);
  });
});

describe("writing the figures into a README", () => {
  const BEGIN = "<!-- test-figures: written by `npm run figures` from docs/test-figures.json; do not edit -->";
  const END = "<!-- /test-figures -->";
  const readme = ["# A", "", "Before.", "", BEGIN, "", "old words", "", END, "", "After.", ""].join("\n");

  it("replaces the block's text alone, and gives the same README when written twice", () => {
    const written = withFigures(readme, FIGURES);
    expect(written).toBe(
      [
        "# A",
        "",
        "Before.",
        "",
        BEGIN,
        "",
        "`npm test` last passed all 2,214 tests in 7 min 52 s, on 0fefe4c, 2026-12-06, with 2 cores at a load of about 3.4.",
        "Measured by `npm run figures`.",
        "",
        END,
        "",
        "After.",
        "",
      ].join("\n"),
    );
    expect(withFigures(written, FIGURES)).toBe(written);
  });

  it("says so when a commit had changes, tests were skipped, or a person wrote the figures down", () => {
    const text = figuresText({
      ...FIGURES,
      measuredBy: "copied from a colleague's run",
      uncommitted: true,
      tests: { total: 10, passed: 9, failed: 0, skipped: 1 },
      seconds: 59,
    });
    expect(text).toBe(
      "`npm test` last passed 9 of 10 tests in 59 s, on 0fefe4c (with changes not yet committed), 2026-12-06, with 2 cores at a load of about 3.4.\nMeasured by hand: copied from a colleague's run.",
    );
  });

  it("refuses a README without its markers, or with them twice or out of order", () => {
    for (const broken of ["# A\n", `${END}\n${BEGIN}\n`, `${BEGIN}\n${END}\n${BEGIN}\n${END}\n`, `${BEGIN}\nno end\n`])
      expect(() => withFigures(broken, FIGURES)).toThrow(/README.md needs the markers/);
  });

  it("refuses a run with a failed test, or counts that do not add up", () => {
    expect(refusal({ ...FIGURES, tests: { total: 3, passed: 2, failed: 1, skipped: 0 } })).toBe(
      "1 of 3 tests failed: fix them, then run `npm run figures` again.",
    );
    expect(refusal({ ...FIGURES, tests: { total: 3, passed: 1, failed: 0, skipped: 1 } })).toMatch(/jest lost some/);
  });

  it("keeps a file of figures only in its shape", () => {
    expect(TestFigures.safeParse(FIGURES).success).toBe(true);
    expect(TestFigures.safeParse({ ...FIGURES, date: "6 Dec 2026" }).success).toBe(false);
    expect(TestFigures.safeParse({ ...FIGURES, commit: "main" }).success).toBe(false);
    expect(TestFigures.safeParse({ ...FIGURES, minutes: 8 }).success).toBe(false);
  });

  it("words a run's time and takes the median load", () => {
    expect([duration(59), duration(60), duration(823)]).toEqual(["59 s", "1 min 0 s", "13 min 43 s"]);
    expect([medianLoad([5]), medianLoad([1, 9, 3]), medianLoad([4, 1, 2, 3.15])]).toEqual([5, 3, 2.6]);
    expect(() => medianLoad([])).toThrow(RangeError);
  });
});

describe("the counts of a run", () => {
  const folder = useTempFolder("test-figures-");

  it("are read from what jest's --json writes, here of a run of three tests, one of them failing", () => {
    const root = folder();
    writeFileSync(
      join(root, "three.check.js"),
      [
        "test('one', () => expect(1).toBe(1));",
        "test('two', () => expect(2).toBe(2));",
        "test('three', () => expect(3).toBe(4));",
        "",
      ].join("\n"),
    );
    const output = join(root, "jest.json");
    const config = JSON.stringify({ rootDir: root, testMatch: ["**/*.check.js"], testEnvironment: "node" });
    const run = spawnSync(
      process.execPath,
      [
        join(REPO, "node_modules", "jest", "bin", "jest.js"),
        "--config",
        config,
        "--watchman=false",
        "--ci",
        "--json",
        `--outputFile=${output}`,
      ],
      { cwd: root, encoding: "utf8" },
    );
    expect(run.status).toBe(1);
    const counts = testCounts(JSON.parse(readFileSync(output, "utf8")));
    expect(counts).toEqual({ total: 3, passed: 2, failed: 1, skipped: 0 });
    expect(refusal({ ...FIGURES, tests: counts })).toMatch(/^1 of 3 tests failed/);
  });
});
