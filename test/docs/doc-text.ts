import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** The repository's root (this file is test/docs/doc-text.ts). */
export const REPO = join(__dirname, "..", "..");

/** A piece of a document: its text and the line it starts on (1-based). */
export interface DocPiece {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** A document the docs check reads: its path from the repository root and its text. */
export interface Doc {
  readonly file: string;
  readonly text: string;
}

/** A doc the checks are tried on, `docs/example.md`, of these lines. */
export function exampleDoc(...lines: string[]): Doc {
  return { file: "docs/example.md", text: lines.join("\n") };
}

/** The README.md files beside the code they explain (src/engine/README.md …), found in the working tree. */
export function folderReadmes(files: readonly string[] = repoFiles()): string[] {
  return files
    .filter((file) => file.endsWith("/README.md") && /^(src|packages|gateway|reference-service)\//.test(file))
    .sort();
}

/**
 * README.md, CONTRIBUTING.md, CHANGELOG.md, every docs/*.md and every README.md beside the code: what a reader takes
 * as true about the code.
 */
export function readDocs(): Doc[] {
  const docs = readdirSync(join(REPO, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => join("docs", name));
  return ["README.md", "CONTRIBUTING.md", "CHANGELOG.md", ...docs, ...folderReadmes()].map((file) => ({
    file,
    text: readFileSync(join(REPO, file), "utf8"),
  }));
}

/**
 * The anchors of a document's headings as GitHub makes them: lowercase, punctuation (also backticks) dropped, each
 * space a hyphen, and a repeated heading numbered (`-1`, `-2` …). Headings inside fenced code are none.
 */
export function headingAnchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const { match } of matchesIn({ file: "", text: text.replace(FENCE, "") }, /^#{1,6}[ \t]+(.+?)[ \t]*#*$/gm)) {
    const base = (match[1] ?? "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

/** Every match of `pattern` (global) in the document, with the line it starts on. */
export function matchesIn(doc: Doc, pattern: RegExp): Array<{ match: RegExpExecArray; line: number }> {
  return [...doc.text.matchAll(pattern)].map((match) => ({ match, line: lineAt(doc.text, match.index) }));
}

/** A fenced code block, also one indented under a list item. */
const FENCE = /^[ \t]*```[^\n]*\n([\s\S]*?)^[ \t]*```/gm;

/**
 * The document's code: fenced blocks line by line, and inline code spans (which may run over a line break),
 * each with the line it starts on. Commands, scripts and paths are claimed there, not in prose.
 */
export function codeIn(doc: Doc): DocPiece[] {
  const pieces: DocPiece[] = [];
  for (const { match, line } of matchesIn(doc, FENCE)) {
    (match[1] ?? "").split("\n").forEach((text, i) => pieces.push({ file: doc.file, line: line + 1 + i, text }));
  }
  // Inline spans in the text with the fenced blocks blanked out (line breaks kept, so lines still count).
  const prose: Doc = { file: doc.file, text: doc.text.replace(FENCE, (block) => block.replace(/[^\n]/g, " ")) };
  for (const { match, line } of matchesIn(prose, /`([^`]+)`/g))
    pieces.push({ file: doc.file, line, text: match[1] ?? "" });
  return pieces;
}

/** Markdown links to something in the repository or to a heading of the same page (not a web address). */
export function localLinksIn(doc: Doc): DocPiece[] {
  return matchesIn(doc, /\]\(([^)\s]+)\)/g)
    .map(({ match, line }) => ({ file: doc.file, line, text: match[1] ?? "" }))
    .filter((link) => !/^(https?:|mailto:)/.test(link.text));
}

/** Every file under the repository, as paths from its root, leaving out what is installed or built. */
export function repoFiles(): string[] {
  const skip = new Set([".git", "node_modules", "dist", "build", "test-artifacts"]);
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (skip.has(entry.name) || entry.name.startsWith("dist-")) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.push(relative(REPO, path).split("\\").join("/"));
    }
  };
  walk(REPO);
  return files;
}
