import { codeIn, localLinksIn, matchesIn, readDocs, repoFiles, type Doc } from "./doc-text";
import { CLI_COMMANDS, FUZZED_FUNCTIONS, linkExists, npmScripts, pathExists, registeredFunctions } from "./repo-facts";

/**
 * The docs check: README.md, CONTRIBUTING.md and docs/*.md may name only functions, CLI commands, npm scripts and
 * files that exist, and their counts that can be counted must be right. Each finding is `file:line: what`, so a
 * failure lists every dangling name where it is written.
 */
const DOCS = readDocs();
const FILES = repoFiles();
const FUNCTIONS = registeredFunctions();

type Finding = string;
const at = (file: string, line: number, what: string): Finding => `${file}:${line}: ${what}`;

/** Small counts the docs spell out in words. */
const NUMBER_WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
  "twenty",
];
function countOf(word: string): number {
  const spelled = NUMBER_WORDS.indexOf(word.toLowerCase());
  return spelled >= 0 ? spelled : Number(word.replace(/,/g, ""));
}

/** Words that look like repository paths in a line of code: split at spaces and quotes, trailing punctuation off. */
function pathWords(text: string): string[] {
  return text
    .split(/[\s"'()`=]+/)
    .map((word) => word.replace(/#.*$/, "").replace(/[.,:;]+$/, ""))
    .filter(
      (word) => word.includes("/") && !word.includes("://") && !/^[/~$%\\@#]/.test(word) && !word.startsWith("-"),
    );
}

/** One name a doc uses, what kind of name it is, and whether it exists. */
interface Claim {
  readonly kind: "function" | "command" | "script" | "path" | "link";
  readonly file: string;
  readonly line: number;
  readonly name: string;
  readonly exists: boolean;
}

function claimsIn(doc: Doc): Claim[] {
  const claims: Claim[] = [];
  const claim = (kind: Claim["kind"], file: string, line: number, name: string, exists: boolean) =>
    claims.push({ kind, file, line, name, exists });
  for (const { match, line } of matchesIn(doc, /(?<![\w.])INDEX\.([A-Z][A-Z0-9_]*)/g)) {
    claim("function", doc.file, line, match[1] ?? "", FUNCTIONS.includes(match[1] ?? ""));
  }
  const scripts = npmScripts();
  for (const piece of codeIn(doc)) {
    // `npm run -s index-data -- latest …` names the command after the `--`.
    for (const m of piece.text.matchAll(/(?<![\w./-])index-data(?:\s+--)?\s+([a-z][\w-]*)/g))
      claim("command", piece.file, piece.line, m[1] ?? "", CLI_COMMANDS.has(m[1] ?? ""));
    // `npm run shrinkwrap --workspace gateway` names a script of that workspace's package.json.
    for (const m of piece.text.matchAll(
      /(?<![\w-])npm (?:run (?:-s |--silent )?([\w:.-]+)(?: --workspace ([\w./@-]+))?|(start|test)\b)/g,
    )) {
      const script = m[1] ?? m[3] ?? "";
      const known = m[2] === undefined ? scripts : npmScripts(m[2]);
      claim("script", piece.file, piece.line, script, known.has(script));
    }
    for (const path of pathWords(piece.text)) {
      const exists = pathExists(path, FILES);
      if (exists !== undefined) claim("path", piece.file, piece.line, path, exists);
    }
  }
  for (const link of localLinksIn(doc))
    claim("link", link.file, link.line, link.text, linkExists(doc.file, link.text, doc.text));
  return claims;
}

const WHAT: Record<Claim["kind"], (name: string) => string> = {
  function: (name) => `function INDEX.${name} is not registered by src/functions`,
  command: (name) => `CLI command "index-data ${name}" is not in src/cli's command table`,
  script: (name) => `npm script "${name}" is not in package.json`,
  path: (name) => `path ${name} does not exist`,
  link: (name) => `link ${name} leads nowhere`,
};

/** Every name in `doc` that does not exist, as `file:line: what`, in the order of the lines. */
function findingsIn(doc: Doc): Finding[] {
  return claimsIn(doc)
    .filter((claim) => !claim.exists)
    .sort((a, b) => a.line - b.line)
    .map((claim) => at(claim.file, claim.line, WHAT[claim.kind](claim.name)));
}

describe("the docs name only what exists", () => {
  it("reads the docs, finds the code's names, and checks names of every kind (so it cannot pass by checking none)", () => {
    expect(DOCS.map((doc) => doc.file)).toEqual(
      expect.arrayContaining(["README.md", "CONTRIBUTING.md", "docs/functions.md"]),
    );
    expect(FUNCTIONS).toEqual(expect.arrayContaining(["LATEST", "HISTORY", "LIVE"]));
    expect(CLI_COMMANDS.has("latest")).toBe(true);
    const checked = new Map<string, number>();
    for (const claim of DOCS.flatMap(claimsIn)) checked.set(claim.kind, (checked.get(claim.kind) ?? 0) + 1);
    for (const kind of ["function", "command", "script", "path", "link"])
      expect({ kind, checked: (checked.get(kind) ?? 0) > 5 }).toEqual({ kind, checked: true });
  });

  it("every function, CLI command, npm script, path and link they name exists", () => {
    expect(DOCS.flatMap(findingsIn)).toEqual([]);
  });

  it("catches a dangling name of each kind, with its file and line", () => {
    const bad: Doc = {
      file: "docs/example.md",
      text: "Intro.\n`=INDEX.NOPE(1)` and `npx index-data frobnicate X`\n\n```sh\nnpm run -s nothing-here\nnpx tsx bench/no-such-file.ts\n```\n[gone](gone.md)\n[no such heading](../README.md#no-such-heading) [here](#intro) [nor here](#nowhere)\n\n## Intro\n",
    };
    expect(findingsIn(bad)).toEqual([
      "docs/example.md:2: function INDEX.NOPE is not registered by src/functions",
      'docs/example.md:2: CLI command "index-data frobnicate" is not in src/cli\'s command table',
      'docs/example.md:5: npm script "nothing-here" is not in package.json',
      "docs/example.md:6: path bench/no-such-file.ts does not exist",
      "docs/example.md:8: link gone.md leads nowhere",
      "docs/example.md:9: link ../README.md#no-such-heading leads nowhere",
      "docs/example.md:9: link #nowhere leads nowhere",
    ]);
  });
});

describe("the docs' counts are right where they can be counted", () => {
  it("'and N more functions' adds up, with the functions named before it, to every registered function", () => {
    const findings: Finding[] = [];
    for (const doc of DOCS) {
      for (const { match, line } of matchesIn(doc, /(\w+) more functions/g)) {
        const paragraph = doc.text.slice(doc.text.lastIndexOf("\n\n", match.index) + 1, match.index);
        const named = new Set([...paragraph.matchAll(/INDEX\.([A-Z]+)/g)].map((m) => m[1]));
        const claimed = named.size + countOf(match[1] ?? "");
        if (claimed !== FUNCTIONS.length)
          findings.push(
            at(
              doc.file,
              line,
              `${named.size} named + "${match[1]}" more = ${claimed}, but ${FUNCTIONS.length} functions are registered`,
            ),
          );
      }
    }
    expect(findings).toEqual([]);
  });

  it("the fuzz suite's count of functions is the number it walks", () => {
    const findings: Finding[] = [];
    for (const doc of DOCS) {
      for (const { match, line } of matchesIn(doc, /(\w+) functions × /g)) {
        if (countOf(match[1] ?? "") !== FUZZED_FUNCTIONS)
          findings.push(
            at(
              doc.file,
              line,
              `"${match[1]} functions" fuzzed, but test/support/index-functions.ts has ${FUZZED_FUNCTIONS}`,
            ),
          );
      }
    }
    expect(findings).toEqual([]);
  });

  it("every registered function is in the README's table and in docs/functions.md", () => {
    const missing = ["README.md", "docs/functions.md"].flatMap((file) => {
      const text = DOCS.find((doc) => doc.file === file)?.text ?? "";
      return FUNCTIONS.filter((name) => !text.includes(`INDEX.${name}(`)).map(
        (name) => `${file}: INDEX.${name} is not documented`,
      );
    });
    expect(missing).toEqual([]);
  });

  it("a list of the CLI's commands names every command and no other", () => {
    const findings: Finding[] = [];
    for (const doc of DOCS) {
      for (const { match, line } of matchesIn(doc, /\*\*Commands:\*\*([^.]*)\./g)) {
        const listed = [...(match[1] ?? "").matchAll(/`([a-z-]+)`/g)].map((m) => m[1] ?? "").sort();
        const expected = [...CLI_COMMANDS].sort();
        if (listed.join() !== expected.join())
          findings.push(at(doc.file, line, `lists ${listed.join(", ")}; the CLI has ${expected.join(", ")}`));
      }
    }
    expect(findings).toEqual([]);
  });
});
