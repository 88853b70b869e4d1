/**
 * The README's figures of `npm test` (how many tests passed, and how long the whole command took), kept in one file
 * (docs/test-figures.json) that `npm run figures` writes from its own run, and written into the README between two
 * markers from that file alone. The README test checks the block against the file, so neither can be edited alone,
 * and no test has to run the suite to hold the README to its figures.
 */
import { z } from "zod";

/** The file the figures are kept in, from the repository's root. */
export const FIGURES_FILE = "docs/test-figures.json";

/** The block's name: its markers are `<!-- test-figures: … -->` and `<!-- /test-figures -->`. */
const BLOCK = "test-figures";
const BEGIN = `<!-- ${BLOCK}: written by \`npm run figures\` from ${FIGURES_FILE}; do not edit -->`;
const END = `<!-- /${BLOCK} -->`;

/** Who wrote the figures down: the script, from its run, or a person, from an earlier run (said so in the README). */
const BY_SCRIPT = "npm run figures";

export const TestFigures = z.strictObject({
  /** `npm run figures`, or how a person took the figures from an earlier run. */
  measuredBy: z.string().min(1),
  /** The commit the run tested (short hash), and whether the tree had changes not yet committed. */
  commit: z.string().regex(/^[0-9a-f]{7,40}$/),
  uncommitted: z.boolean(),
  /** The day the run ended (UTC). */
  date: z.iso.date(),
  /** The machine: its cores, and the median of its one-minute load average during the run (the run's own included). */
  cpus: z.number().int().min(1),
  load: z.number().min(0),
  tests: z.strictObject({
    total: z.number().int().min(1),
    passed: z.number().int().min(0),
    failed: z.number().int().min(0),
    skipped: z.number().int().min(0),
  }),
  /** The whole `npm test`, from its start to its end: prerequisites, typecheck, lint, format, test build, jest. */
  seconds: z.number().int().min(1),
});
export type TestFigures = z.infer<typeof TestFigures>;

/** 1939 → "1,939". */
const count = (n: number): string => n.toLocaleString("en-US");

/** 823 → "13 min 43 s". */
export function duration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes === 0 ? `${seconds} s` : `${minutes} min ${seconds % 60} s`;
}

/** Why these figures cannot stand in the README, or undefined when they can: a run that failed is no figure. */
export function refusal(figures: TestFigures): string | undefined {
  const { total, passed, failed, skipped } = figures.tests;
  if (failed > 0) return `${failed} of ${count(total)} tests failed: fix them, then run \`${BY_SCRIPT}\` again.`;
  if (passed + skipped !== total)
    return `${count(passed)} passed and ${skipped} skipped of ${count(total)}: jest lost some.`;
  return undefined;
}

/** The README's sentences for `figures`: what passed, how long it took, where, when, and who wrote it down. */
export function figuresText(figures: TestFigures): string {
  const { tests, commit, uncommitted, date, cpus, load } = figures;
  const passed =
    tests.skipped === 0 ? `all ${count(tests.total)} tests` : `${count(tests.passed)} of ${count(tests.total)} tests`;
  const tree = uncommitted ? `${commit} (with changes not yet committed)` : commit;
  return [
    `\`npm test\` last passed ${passed} in ${duration(figures.seconds)}, on ${tree}, ${date}, with ${cpus} cores at a load of about ${load}.`,
    figures.measuredBy === BY_SCRIPT ? `Measured by \`${BY_SCRIPT}\`.` : `Measured by hand: ${figures.measuredBy}.`,
  ].join("\n");
}

/** `readme` with its figures block holding `figures`' text; throws when the markers are missing or out of order. */
export function withFigures(readme: string, figures: TestFigures): string {
  const { before, after } = aroundBlock(readme);
  return `${before}${BEGIN}\n\n${figuresText(figures)}\n\n${END}${after}`;
}

/** The text between the README's markers, trimmed, as the test compares it. */
export function blockText(readme: string): string {
  return aroundBlock(readme).inside.trim();
}

function aroundBlock(readme: string): { before: string; inside: string; after: string } {
  const from = readme.indexOf(BEGIN);
  const to = readme.indexOf(END);
  if (from < 0 || to < from || readme.indexOf(BEGIN, from + 1) >= 0 || readme.indexOf(END, to + 1) >= 0)
    throw new Error(`README.md needs the markers ${BEGIN} and ${END}, once each and in that order.`);
  return {
    before: readme.slice(0, from),
    inside: readme.slice(from + BEGIN.length, to),
    after: readme.slice(to + END.length),
  };
}

/** What jest's `--json` output says of its run (the fields the figures take). */
const tally = z.number().int().min(0);
const JestRun = z.looseObject({
  numTotalTests: tally,
  numPassedTests: tally,
  numFailedTests: tally,
  numPendingTests: tally,
  numTodoTests: tally,
});

/** The test counts of jest's `--json` output. */
export function testCounts(jestJson: unknown): TestFigures["tests"] {
  const run = JestRun.parse(jestJson);
  return {
    total: run.numTotalTests,
    passed: run.numPassedTests,
    failed: run.numFailedTests,
    skipped: run.numPendingTests + run.numTodoTests,
  };
}

/** The median of the load averages sampled during the run, to one decimal. */
export function medianLoad(samples: readonly number[]): number {
  if (samples.length === 0) throw new RangeError("No load average was sampled during the run.");
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = Number.isInteger(middle)
    ? ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
    : (sorted[Math.floor(middle)] ?? 0);
  return Math.round(median * 10) / 10;
}
