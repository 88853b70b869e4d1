import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import ts from "typescript";

/*
 * One Office fake: every test meets Excel and Office through test/support/office-fake, which behaves as Excel does
 * (load and sync, tables, spills, protection, names, undo groups). A double built beside it drifts from Excel and
 * from the fake, so a test file elsewhere may not import office-addin-mock, give an object a `sync` of its own, or
 * put an `Excel` or `Office` global (or property) in place.
 */
const TEST_ROOT = join(__dirname, "..");
const FAKE = join(TEST_ROOT, "support", "office-fake");
const MOCK_PACKAGE = "office-addin-mock";
const GLOBALS = new Set(["Excel", "Office"]);
const GLOBAL_SCOPES = new Set(["globalThis", "window", "global", "self"]);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return path === FAKE ? [] : sourceFiles(path);
    return /\.(ts|tsx|js)$/.test(entry.name) ? [path] : [];
  });
}

const nameOf = (node: ts.Node | undefined): string | undefined =>
  node !== undefined && (ts.isIdentifier(node) || ts.isStringLiteral(node)) ? node.text : undefined;

/** Where `source` builds an Office double, each as "line: what". */
export function officeDoubles(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const say = (node: ts.Node, what: string) =>
    found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && nameOf(node.moduleSpecifier) === MOCK_PACKAGE)
      say(node, `imports ${MOCK_PACKAGE}`);
    if (ts.isCallExpression(node) && node.arguments.some((arg) => nameOf(arg) === MOCK_PACKAGE))
      say(node, `loads ${MOCK_PACKAGE}`);
    if (ts.isObjectLiteralExpression(node))
      for (const property of node.properties)
        if (nameOf(property.name) === "sync") say(property, "an object literal with its own sync");
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      // Object.assign(globalThis, { Excel }) and Object.defineProperty(globalThis, "Office", …).
      const [scope, ...rest] = node.arguments;
      const method = node.expression.getText(file);
      const named = (arg: ts.Expression) =>
        ts.isObjectLiteralExpression(arg) ? arg.properties.map((property) => nameOf(property.name)) : [nameOf(arg)];
      if (
        scope !== undefined &&
        GLOBAL_SCOPES.has(scope.getText(file)) &&
        /^Object\.(assign|defineProperty)$/.test(method)
      )
        for (const name of rest.flatMap(named))
          if (name !== undefined && GLOBALS.has(name)) say(node, `puts ${name} in the global scope`);
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const target = node.left;
      const name = ts.isPropertyAccessExpression(target)
        ? target.name.text
        : ts.isElementAccessExpression(target)
          ? nameOf(target.argumentExpression)
          : undefined;
      if (name === "sync") say(node, "assigns a sync");
      if (name !== undefined && GLOBALS.has(name)) say(node, `assigns ${name}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("one Office fake", () => {
  it("no test file outside test/support/office-fake builds an Office double", () => {
    const files = sourceFiles(TEST_ROOT);
    expect(files.length).toBeGreaterThan(100);
    const doubles = files.flatMap((path) =>
      officeDoubles(path, readFileSync(path, "utf8")).map(
        (where) => `${relative(TEST_ROOT, path).split(sep).join("/")}:${where}`,
      ),
    );
    expect(doubles).toEqual([]);
  });

  it("finds each way of building one", () => {
    const planted = [
      `import { OfficeMockObject } from "office-addin-mock";`,
      `const mock = require("office-addin-mock");`,
      `const context = { sync: async () => undefined };`,
      `const other = { async sync() {} };`,
      `refusing.sync = () => Promise.reject(new Error("no"));`,
      `globals.Office = { context: {} };`,
      `(globalThis as Record<string, unknown>)["Excel"] = {};`,
      `Object.assign(globalThis, { Excel: {} });`,
      `Object.defineProperty(window, "Office", { value: {} });`,
    ].join("\n");
    expect(officeDoubles("planted.ts", planted)).toEqual([
      `1: imports ${MOCK_PACKAGE}`,
      `2: loads ${MOCK_PACKAGE}`,
      "3: an object literal with its own sync",
      "4: an object literal with its own sync",
      "5: assigns a sync",
      "6: assigns Office",
      "7: assigns Excel",
      "8: puts Excel in the global scope",
      "9: puts Office in the global scope",
    ]);
  });

  it("lets a test use the fake, and sync a context the fake made", () => {
    const using = [
      `import { FakeWorkbook } from "../support/office-fake/fake-workbook";`,
      `await context.sync();`,
      `new FakeOfficeHost({ workbook: book }).install();`,
      `const excel = { run: book.run };`,
      `module.exports = { OfficeApp: { Excel: "excel" } };`,
    ].join("\n");
    expect(officeDoubles("using.ts", using)).toEqual([]);
  });
});
