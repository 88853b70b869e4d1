import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/*
 * Optional fields are typed `?: T | undefined` (tsconfig's exactOptionalPropertyTypes stays on), so a caller passes a
 * value that may be undefined as it is, `{ apiKey }`, rather than spreading it in only when it is given. Where a
 * reader does tell a missing key from one set to undefined (a library's types, Excel's exact value shapes, a record
 * shown key by key, headers and storage items), `definedOnly` (@index-data/wire) says so by name. This counts the
 * conditional spreads left in the tree, so that they cannot grow back.
 */
const ROOT = join(__dirname, "..", "..");
const FOLDERS = ["src", "packages", "gateway", "reference-service", "scripts", "bench", "test"];
const SKIPPED = new Set(["node_modules", "dist", "build", "coverage", "fixtures"]);
const THIS_FILE = relative(ROOT, __filename).split("\\").join("/");

/** A spread whose only condition is "given or not": `...(x !== undefined ? {…} : {})`, or `=== undefined ? {} :`. */
const CONDITIONAL_SPREAD = /\.\.\.\(\s*[\w$.?]+\s*(?:!==\s*undefined\s*\?\s*\{|===\s*undefined\s*\?\s*\{\s*\}\s*:)/g;

/** How many conditional spreads `text` holds. */
function conditionalSpreads(text: string): number {
  return text.match(CONDITIONAL_SPREAD)?.length ?? 0;
}

/** Every TypeScript or JavaScript source under `folder` (relative to the root), build output and packages left out. */
function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sources(path);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

describe("conditional spreads", () => {
  it("counts the given-or-not spreads, over lines too, and leaves definedOnly and other conditions alone", () => {
    const planted = [
      "const a = { ...(key !== undefined ? { apiKey: key } : {}) };",
      "const b = { ...(options.days !== undefined\n  ? { days: options.days }\n  : {}) };",
      "const c = { ...(host === undefined ? {} : { host }) };",
      "const d = <Field {...(hint !== undefined ? { hint } : {})} />;",
      "const e = { ...definedOnly({ host }), apiKey: key };",
      "const f = { ...(gateway ? { gateway } : {}), ...(list !== undefined ? [list] : []) };",
    ];
    expect(planted.map(conditionalSpreads)).toEqual([1, 1, 1, 1, 0, 0]);
  });

  it("are gone from the tree", () => {
    const found = Object.fromEntries(
      FOLDERS.flatMap(sources)
        .filter((file) => file !== THIS_FILE)
        .map((file) => [file, conditionalSpreads(readFileSync(join(ROOT, file), "utf8"))] as const)
        .filter(([, count]) => count > 0),
    );
    expect(found).toEqual({});
  });
});
