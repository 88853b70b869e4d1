import { spawnSync } from "node:child_process";
import { join } from "node:path";

/*
 * The house's own lint rules (eslint/house-rules.mjs), each seen to fail on a planted case and to stay quiet
 * on the forms the house allows. ESLint runs in a child process of its own: the rules are an ES module, and this is
 * the linter and the TypeScript parser the repository's `npm run lint` uses.
 */
const ROOT = join(__dirname, "..", "..");

interface Planted {
  readonly code: string;
  readonly filePath?: string;
}

const LINT = `
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import house from "./eslint/house-rules.mjs";
const cases = JSON.parse(process.argv[1]);
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfigFile: true,
  overrideConfig: [{
    files: ["**/*.ts"],
    languageOptions: { parser: tseslint.parser },
    plugins: { house },
    rules: {
      "house/no-module-state": ["error", { allowed: { "src/allowed-state.ts": "a planted reason" } }],
      "house/no-silent-catch": "error",
    },
  }],
});
const out = [];
for (const c of cases) {
  const [result] = await eslint.lintText(c.code, { filePath: c.filePath ?? "src/planted.ts" });
  out.push(result.messages.map((m) => m.ruleId ?? m.message));
}
console.log(JSON.stringify(out));
`;

/** What `script` (an ES module run with ESLint at hand) prints as JSON, given `input` as JSON. */
function runWithEslint(script: string, input: unknown): string[][] {
  const done = spawnSync(process.execPath, ["--input-type=module", "-e", script, JSON.stringify(input)], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (done.status !== 0) throw new Error(`eslint failed:\n${done.stderr}`);
  return JSON.parse(done.stdout) as string[][];
}

/** The rules each planted source breaks, in order (a parse error shows as its message, so it cannot pass quietly). */
function lint(cases: readonly Planted[]): string[][] {
  return runWithEslint(LINT, cases);
}

describe("house/no-module-state", () => {
  it("reports mutable state at a module's top level, and leaves read-only tables, locals and allowed files alone", () => {
    const cases: Planted[] = [
      { code: "let count = 0;\nexport const next = () => (count += 1);\n" },
      { code: "export const cache = new Map<string, number>();\n" },
      { code: "const memo = new WeakMap<object, number>();\nexport const read = (o: object) => memo.get(o);\n" },
      { code: 'export const TABLE: ReadonlyMap<string, number> = new Map([["a", 1]]);\n' },
      { code: "export function f(): number {\n  let x = 0;\n  x += 1;\n  return x;\n}\n" },
      { code: "export const cache = new Map<string, number>();\n", filePath: "src/allowed-state.ts" },
    ];
    expect(lint(cases)).toEqual([
      ["house/no-module-state"],
      ["house/no-module-state"],
      ["house/no-module-state"],
      [],
      [],
      [],
    ]);
  });
});

describe("house/no-module-state, beyond collections", () => {
  const options = "interface Options {\n  retries: number;\n}\n";
  const fs = 'import { existsSync, readFileSync } from "node:fs";\n';

  it("reports object and array literals nobody typed read-only, any other `new`, and files read as the module loads", () => {
    const cases: Planted[] = [
      { code: "export const DEFAULTS = { retries: 3 };\n" },
      { code: `${options}export const DEFAULTS: Options = { retries: 3 };\n` },
      { code: "const seen = {} as Record<string, number>;\nexport const see = (k: string) => (seen[k] = 1);\n" },
      { code: 'export const NAMES = ["a", "b"];\n' },
      { code: "declare class Memo {\n  get(k: string): string;\n}\nexport const memo = new Memo();\n" },
      { code: 'export const query = new URLSearchParams("a=1");\n' },
      { code: `${fs}export const VERSION = JSON.parse(readFileSync("package.json", "utf8")).version;\n` },
      { code: `${fs}if (!existsSync("config.json")) throw new Error("no config");\n` },
      { code: `${fs}export class Config {\n  static readonly text = readFileSync("config.json", "utf8");\n}\n` },
    ];
    expect(lint(cases)).toEqual(cases.map(() => ["house/no-module-state"]));
  });

  it("leaves tables typed read-only, stateless values, frozen objects and files read when asked alone", () => {
    const cases: Planted[] = [
      { code: "export const DEFAULTS = { retries: 3 } as const;\n" },
      { code: `${options}export const DEFAULTS: Readonly<Options> = { retries: 3 };\n` },
      { code: "export const T = { a: 1 } as const satisfies Record<string, number>;\n" },
      { code: 'export const NAMES: readonly string[] = ["a", "b"];\n' },
      { code: 'export const NAMES = ["a", "b"] as const;\n' },
      { code: "export const F = Object.freeze({ a: 1 });\n" },
      { code: 'const PATTERN = new RegExp("a+");\nexport const test = (t: string) => PATTERN.test(t);\n' },
      { code: 'export const percent = new Intl.NumberFormat("en-US", { style: "percent" });\n' },
      { code: `${fs}export function version(): string {\n  return readFileSync("package.json", "utf8");\n}\n` },
      { code: `${fs}export class Config {\n  readonly text = readFileSync("config.json", "utf8");\n}\n` },
      { code: `${fs}export const read = () => existsSync("config.json");\n` },
      { code: `${fs}export const VERSION = readFileSync("package.json", "utf8");\n`, filePath: "src/allowed-state.ts" },
    ];
    expect(lint(cases)).toEqual(cases.map(() => []));
  });
});

describe("house/no-silent-catch", () => {
  it("reports a catch that drops its error without saying why, and accepts one that uses it or names its reason", () => {
    const cases: Planted[] = [
      { code: "declare function f(): void;\ntry {\n  f();\n} catch {\n  // nothing\n}\n" },
      { code: "declare const p: Promise<void>;\nvoid p.catch(() => undefined);\n" },
      {
        code: "declare function f(): void;\ndeclare function note(e: unknown): void;\ntry {\n  f();\n} catch (e) {\n  note(e);\n}\n",
      },
      { code: "declare function f(): void;\ntry {\n  f();\n} catch {\n  // Expected: absent means the default\n}\n" },
      {
        code: "declare const p: Promise<void>;\ndeclare function note(e: unknown): void;\nvoid p.catch((e) => note(e));\n",
      },
      {
        code: "declare const p: Promise<void>;\n// Expected: a closed socket is no failure\nvoid p.catch(() => undefined);\n",
      },
      { code: "declare const p: Promise<void>;\nvoid p.catch(() => {\n  /* Expected: gone already */\n});\n" },
    ];
    expect(lint(cases)).toEqual([["house/no-silent-catch"], ["house/no-silent-catch"], [], [], [], [], []]);
  });

  it("reports a rejection handler of `.then` that drops its error, whatever the first argument is", () => {
    const head = "declare const p: Promise<number>;\ndeclare function ok(n: number): void;\n";
    const cases: Planted[] = [
      { code: `${head}void p.then(ok, () => undefined);\n` },
      { code: `${head}void p.then(ok, () => {});\n` },
      { code: `${head}void p.then(undefined, () => null);\n` },
      { code: `${head}void p.then((n) => ok(n), function () {\n  return 0;\n});\n` },
      { code: `${head}void p.then(\n  ok,\n  () => undefined, // its failure was noted elsewhere\n);\n` },
      { code: `${head}void p.then(ok, (_error) => undefined);\n` },
    ];
    expect(lint(cases)).toEqual(cases.map(() => ["house/no-silent-catch"]));
  });

  it("accepts a rejection handler of `.then` that uses its error or names its reason, and a `.then` without one", () => {
    const head = "declare const p: Promise<number>;\ndeclare function ok(n: number): void;\n";
    const cases: Planted[] = [
      { code: `${head}declare function note(e: unknown): void;\nvoid p.then(ok, (e) => note(e));\n` },
      { code: `${head}// Expected: a late answer is no failure\nvoid p.then(ok, () => undefined);\n` },
      { code: `${head}void p.then(\n  ok,\n  // Expected: reported where it was made\n  () => undefined,\n);\n` },
      { code: `${head}void p.then(ok, () => {\n  // Expected: gone already\n});\n` },
      { code: `${head}void p.then(ok);\n` },
    ];
    expect(lint(cases)).toEqual(cases.map(() => []));
  });
});

describe("house/no-silent-catch, a rejection handler passed by its name", () => {
  const head = "declare const p: Promise<number>;\ndeclare function ok(n: number): void;\n";

  it("reports a function of this file that drops the error, passed to `.catch` or `.then` by its name", () => {
    const cases: Planted[] = [
      { code: `${head}const ignore = () => undefined;\nvoid p.catch(ignore);\n` },
      { code: `${head}function ignore(): void {}\nvoid p.then(ok, ignore);\n` },
      { code: `${head}const ignore = function (_e: unknown) {\n  return null;\n};\nvoid p.catch(ignore);\n` },
      { code: `${head}const settle = () => ok(0);\nvoid p.then(settle, settle);\n` },
    ];
    expect(lint(cases)).toEqual(cases.map(() => ["house/no-silent-catch"]));
  });

  it("accepts one that uses the error or says why, and a handler it cannot see (a parameter, an import)", () => {
    const note = "declare function note(e: unknown): void;\n";
    const cases: Planted[] = [
      { code: `${head}${note}const report = (e: unknown) => note(e);\nvoid p.catch(report);\n` },
      { code: `${head}${note}function report(e: unknown): void {\n  note(e);\n}\nvoid p.then(ok, report);\n` },
      {
        code: `${head}const settle = () => ok(0);\n// Expected: the caller holds \`p\` and sees its failure\nvoid p.then(settle, settle);\n`,
      },
      { code: `${head}const ignore = () => {\n  // Expected: gone already\n};\nvoid p.catch(ignore);\n` },
      { code: `${head}export function watch(onError: (e: unknown) => void): void {\n  void p.catch(onError);\n}\n` },
      { code: `import { ignore } from "./elsewhere";\n${head}void p.catch(ignore);\n` },
    ];
    expect(lint(cases)).toEqual(cases.map(() => []));
  });
});

/** The house rules eslint.config.mjs turns on for each file, as `npm run lint` reads the config. */
const HOUSE_RULES_OF = `
import { ESLint } from "eslint";
const eslint = new ESLint({ cwd: process.cwd() });
const out = [];
for (const file of JSON.parse(process.argv[1])) {
  const config = await eslint.calculateConfigForFile(file);
  out.push(Object.keys(config.rules).filter((rule) => rule.startsWith("house/") && config.rules[rule][0] === 2).sort());
}
console.log(JSON.stringify(out));
`;

describe("where the house rules apply", () => {
  it("is every package's runtime code: the add-in, its command line, the shared package, the gateway, the reference service", () => {
    const runtime = [
      "src/engine/request-engine.ts",
      "src/taskpane/components/App/App.tsx",
      "bin/index-data.js",
      "packages/wire/src/index.ts",
      "gateway/src/compose.ts",
      "reference-service/src/index.ts",
    ];
    expect(runWithEslint(HOUSE_RULES_OF, runtime)).toEqual(
      runtime.map(() => ["house/no-module-state", "house/no-silent-catch"]),
    );
  });

  it("and, for no silent catch alone, the programs that build and measure: scripts, the gateway's packing, the benchmarks", () => {
    const programs = [
      "scripts/generate.ts",
      "scripts/start.mjs",
      "scripts/test-build.cjs",
      "gateway/shrinkwrap.mjs",
      "bench/run.ts",
    ];
    expect(runWithEslint(HOUSE_RULES_OF, programs)).toEqual(programs.map(() => ["house/no-silent-catch"]));
  });
});
