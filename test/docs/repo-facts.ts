import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { COMMANDS } from "../../src/cli/command-table";
import { INDEX_FUNCTIONS } from "../support/index-functions";
import { headingAnchors, REPO, repoFiles } from "./doc-text";

/** The INDEX functions a trader types: the functions of src/functions/functions.json. */
export function registeredFunctions(): string[] {
  const { functions } = JSON.parse(readFileSync(join(REPO, "src", "functions", "functions.json"), "utf8")) as {
    functions: { name: string; options?: Record<string, unknown> }[];
  };
  return (
    functions
      // Excel calls the Index data type's load service and the card's reference methods (=A1.History) itself; a
      // trader never types them (docs/functions.md documents the methods by their method names).
      .filter(
        (fn) => fn.options?.["linkedEntityLoadService"] !== true && fn.options?.["capturesCallingObject"] !== true,
      )
      .map((fn) => fn.name)
      .sort()
  );
}

/** The commands `index-data` takes: src/cli's command table. */
export const CLI_COMMANDS: ReadonlySet<string> = new Set(Object.keys(COMMANDS));

/** The npm scripts of package.json. */
export function npmScripts(workspace = "."): Set<string> {
  const manifest = JSON.parse(readFileSync(join(REPO, workspace, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  return new Set(Object.keys(manifest.scripts ?? {}));
}

/** How many functions the fuzz and fault suites walk (test/support/index-functions.ts). */
export const FUZZED_FUNCTIONS = Object.keys(INDEX_FUNCTIONS).length;

/** Folders a doc may name that hold what a build or an install makes, never files of the repository. */
const MADE_NOT_KEPT = /^(dist|dist-[^/]*|build|test-artifacts|node_modules)(\/|$)/;

/** A path as a pattern: `*` and `<placeholder>` stand for one name, `{a,b}` for either; `anywhere`: under any folder. */
function pathPattern(path: string, anywhere: boolean): RegExp {
  const source = path
    .replace(/<[^>]*>/g, "\uE000")
    .replace(/[.+?^$()|[\]\\]/g, "\\$&")
    .replace(/\{([^}]*)\}/g, (_all, options: string) => `(${options.split(",").join("|")})`)
    .replace(/\*/g, "\uE000")
    .replace(/\uE000/g, "[^/]*");
  return new RegExp(`^${anywhere ? "(?:.*/)?" : ""}${source}$`);
}

/**
 * Whether `path`, as a doc names it (from the repository's root; `../shared/...` beside it), names a file or
 * folder that exists. A path that does not start at a top-level entry (`SettingsPanel/settings-form.ts`) is
 * taken as the end of one. Undefined when the word is not a claim about the repository at all.
 */
export function pathExists(path: string, files: readonly string[] = repoFiles()): boolean | undefined {
  if (MADE_NOT_KEPT.test(path)) return undefined;
  if (path.startsWith("../")) return existsSync(join(REPO, path));
  const wanted = path.replace(/\/$/, "");
  const topLevel = new Set(readdirSync(REPO));
  const fromRoot = topLevel.has(wanted.split("/")[0] ?? "");
  if (!fromRoot && !/\.[a-z]{1,5}$/i.test(wanted)) return undefined;
  const pattern = pathPattern(wanted, !fromRoot);
  return files.some((file) => pattern.test(file) || folderOf(file, pattern));
}

/** Whether some folder holding `file` matches `pattern`. */
function folderOf(file: string, pattern: RegExp): boolean {
  for (let dir = dirname(file); dir !== "."; dir = dirname(dir)) if (pattern.test(dir)) return true;
  return false;
}

/**
 * Whether a link in `doc` (relative to the doc's folder) reaches a file or folder and, when it names a heading
 * (`file.md#anchor`, or `#anchor` on the same page), that heading.
 */
export function linkExists(doc: string, link: string, docText?: string): boolean {
  const [target = "", anchor] = link.split("#");
  const heading = (text: string) => anchor === undefined || headingAnchors(text).has(decodeURIComponent(anchor));
  if (target === "") return heading(docText ?? readFileSync(join(REPO, doc), "utf8"));
  const path = normalize(join(REPO, dirname(doc), decodeURIComponent(target)));
  if (!existsSync(path)) return false;
  return !path.endsWith(".md") || heading(readFileSync(path, "utf8"));
}
