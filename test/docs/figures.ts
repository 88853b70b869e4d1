import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LOAD_PATH_BUDGET_KIB } from "../../bench/load-path";
import { ADDIN } from "../../scripts/addin/description.cjs";
import { REPO, folderReadmes, matchesIn, type Doc } from "./doc-text";

/**
 * The figures the docs check can hold to a source. The docs kept by issue 39's pass are held to the rule that every
 * measured figure names the command that measures it or the day it was measured; the others join as they are
 * brought to it.
 */
export const FIGURES_HELD = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md", "docs/architecture.md", "docs/install.md"];
export const figuresHeld = (): string[] => [...FIGURES_HELD, ...folderReadmes()];

/**
 * A figure only a run gives: a ratio (1.20×), a size in KiB or KB, a run's minutes (`13 min`, `takes about 5
 * minutes`; a setting's "every 15 minutes" is no measurement), a count of tests, a median.
 */
const MEASURED =
  /\d×|\d\s?KiB\b|\d\s?KB\b|\b\d+(?:[–-]\d+)? min\b|\b(?:takes?|took|taking)(?: about)? \d[\d.,–-]* minutes\b|\b\d[\d,]* tests\b|\bmedian\b/;
/** Where a figure comes from: a day, or the bench command that measures it. */
const SOURCE = /\b20\d\d-\d\d-\d\d\b|\bbench\/[\w-]+\.ts\b|\bnpm run bench\b/;

/** A paragraph of a doc (a table together with the paragraph that introduces it), with the line it starts on. */
interface Block {
  readonly line: number;
  readonly text: string;
}

function blocksOf(doc: Doc): Block[] {
  const prose = doc.text.replace(/^[ \t]*```[^\n]*\n[\s\S]*?^[ \t]*```/gm, (code) => code.replace(/[^\n]/g, " "));
  const blocks: Block[] = [];
  for (const { match, line } of matchesIn({ file: doc.file, text: prose }, /(?:^[^\n]*\S[^\n]*(?:\n|$))+/gm)) {
    const text = match[0];
    const previous = blocks[blocks.length - 1];
    if (text.startsWith("|") && previous !== undefined)
      blocks[blocks.length - 1] = { ...previous, text: `${previous.text}${text}` };
    else blocks.push({ line, text });
  }
  return blocks;
}

/** Every paragraph of `doc` that gives a measured figure without its command or its day, as `file:line: text…`. */
export function unsourcedFigures(doc: Doc): string[] {
  return blocksOf(doc)
    .filter((block) => MEASURED.test(block.text) && !SOURCE.test(block.text))
    .map((block) => `${doc.file}:${block.line}: ${block.text.replace(/\s+/g, " ").trim().slice(0, 100)}`);
}

/** The KiB figures a doc gives for the runtime page's own script before the functions register. */
export function loadPathFigures(doc: Doc): Array<{ line: number; kib: number }> {
  return matchesIn(doc, /(\d+) KiB/g)
    .filter(({ match }) => {
      const start = doc.text.lastIndexOf("\n\n", match.index);
      const end = doc.text.indexOf("\n\n", match.index);
      const paragraph = doc.text.slice(start < 0 ? 0 : start, end < 0 ? undefined : end);
      return /register/.test(paragraph) && /script/.test(paragraph);
    })
    .map(({ match, line }) => ({ line, kib: Number(match[1]) }));
}

/** The load path's budget (bench/load-path.ts, which test/e2e/production-build.test.ts holds the build to). */
export const LOAD_PATH_BUDGET = LOAD_PATH_BUDGET_KIB;

/** The README's measured load-path figure: its one KiB figure that is not the budget. */
export function readmeLoadPathKib(): number | undefined {
  const readme: Doc = { file: "README.md", text: readFileSync(join(REPO, "README.md"), "utf8") };
  return loadPathFigures(readme).find(({ kib }) => kib !== LOAD_PATH_BUDGET)?.kib;
}

/** A ribbon button as a trader reaches it: tab, group, label (scripts/addin/description.cjs, the one description). */
export function ribbonPaths(): Map<string, string> {
  const paths = new Map<string, string>();
  for (const { tab, group } of ADDIN.ribbon)
    for (const { label } of group.controls) paths.set(label, [tab.replace(/^Tab/, ""), group.label, label].join(" > "));
  return paths;
}

/** Every bold menu path (`**Data > Index > Convert to Index**`) ending in one of our buttons that is not its path. */
export function wrongMenuPaths(doc: Doc, paths: ReadonlyMap<string, string> = ribbonPaths()): string[] {
  return matchesIn(doc, /\*\*([^*\n]+(?: > [^*\n]+)+)\*\*/g).flatMap(({ match, line }) => {
    const written = match[1] ?? "";
    const right = paths.get(written.split(" > ").pop() ?? "");
    return right === undefined || right === written ? [] : [`${doc.file}:${line}: **${written}** is **${right}**`];
  });
}
