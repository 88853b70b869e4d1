// The house's own lint rules: no state hidden in modules, no failure dropped in silence. Each is seen to fail on a
// planted case in test/lint/house-rules.test.ts.

/** `new Map()` and the like: a collection any caller can change, unless its type says it is read-only. */
const COLLECTIONS = new Set(["Map", "Set", "Array"]);

/** What `new` makes that holds nothing a caller can change: a module may make one once. */
const STATELESS = new Set(["RegExp", "TextEncoder", "TextDecoder"]);

/** Files read as a module loads: `readFileSync` and the like, called outside any function. */
const FILE_READS = new Set([
  "readFileSync",
  "readdirSync",
  "existsSync",
  "statSync",
  "lstatSync",
  "accessSync",
  "openSync",
  "realpathSync",
  "readFile",
  "readdir",
  "stat",
]);

/** The type a declaration or a cast names, when it says the value is read-only (Readonly<…>, readonly T[], …). */
function readOnlyType(type) {
  if (type === undefined || type === null) return false;
  if (type.type === "TSTypeOperator") return type.operator === "readonly";
  const name = type.type === "TSTypeReference" ? type.typeName?.name : undefined;
  return typeof name === "string" && /^Readonly(Map|Set|Array)?$/.test(name);
}

/** The value an initializer makes, past `satisfies`, `!` and a cast that does not say read-only. */
function madeValue(init, declaredReadOnly) {
  let node = init;
  let readOnly = declaredReadOnly;
  for (;;) {
    if (node?.type === "TSSatisfiesExpression" || node?.type === "TSNonNullExpression") node = node.expression;
    else if (node?.type === "TSAsExpression" || node?.type === "TSTypeAssertion") {
      const name = node.typeAnnotation.type === "TSTypeReference" ? node.typeAnnotation.typeName?.name : undefined;
      if (name === "const") return { node: node.expression, readOnly: true };
      readOnly ||= readOnlyType(node.typeAnnotation);
      node = node.expression;
    } else return { node, readOnly };
  }
}

/** What makes a top-level declarator state, in words, or undefined when it is none. */
function stateOf(declaration, declarator) {
  if (declaration.kind !== "const") return `\`${declaration.kind}\``;
  if (declarator.init === null || declarator.init === undefined) return undefined;
  const { node, readOnly } = madeValue(declarator.init, readOnlyType(declarator.id.typeAnnotation?.typeAnnotation));
  if (node.type === "ObjectExpression" && !readOnly) return "An object literal typed neither `as const` nor Readonly";
  if (node.type === "ArrayExpression" && !readOnly) return "An array literal typed neither `as const` nor readonly";
  if (node.type !== "NewExpression") return undefined;
  const callee = node.callee;
  const name =
    callee.type === "Identifier" ? callee.name : callee.type === "MemberExpression" ? callee.property.name : "";
  if (STATELESS.has(name) || (callee.type === "MemberExpression" && callee.object.name === "Intl")) return undefined;
  if (COLLECTIONS.has(name) && readOnly) return undefined;
  return `A \`new ${name}\``;
}

/** Whether `node` runs as its module loads: no function holds it (a class's static parts run then too). */
function atImport(node) {
  for (let parent = node.parent; parent !== undefined && parent !== null; parent = parent.parent) {
    if (/^(FunctionDeclaration|FunctionExpression|ArrowFunctionExpression)$/.test(parent.type)) return false;
    if (parent.type === "PropertyDefinition" && !parent.static) return false;
  }
  return true;
}

/** The name a call is made by: `readFileSync(…)`, `fs.readFileSync(…)`. */
function calledName(call) {
  const callee = call.callee;
  if (callee.type === "Identifier") return callee.name;
  return callee.type === "MemberExpression" && callee.property.type === "Identifier" ? callee.property.name : undefined;
}

/**
 * no-module-state: mutable state at a module's top level (a `let`, a collection, an object or array literal nobody
 * typed read-only, any other `new`) and files read as the module loads, outside the files `allowed` names with a
 * reason.
 */
const noModuleState = {
  meta: {
    type: "problem",
    schema: [{ type: "object", properties: { allowed: { type: "object" } }, additionalProperties: false }],
    messages: {
      state:
        "{{what}} at the module's top level is state nobody passes in: keep it on an object that is handed down (a memo on the cache entry it derives from), type a constant table Readonly (or `as const`), or add this file with its reason to MODULE_STATE_ALLOWED in eslint.config.mjs.",
      read: "`{{name}}` as the module loads reads a file nobody asked for, once, on import: read it in a function its caller calls, or add this file with its reason to MODULE_STATE_ALLOWED in eslint.config.mjs.",
    },
  },
  create(context) {
    const allowed = context.options[0]?.allowed ?? {};
    const file = context.filename.replace(/\\/g, "/");
    if (Object.keys(allowed).some((path) => file.endsWith(`/${path}`))) return {};
    const check = (declaration) => {
      for (const declarator of declaration.declarations) {
        const what = stateOf(declaration, declarator);
        if (what !== undefined) context.report({ node: declarator, messageId: "state", data: { what } });
      }
    };
    return {
      "Program > VariableDeclaration": check,
      "Program > ExportNamedDeclaration > VariableDeclaration": check,
      CallExpression(node) {
        const name = calledName(node);
        if (name !== undefined && FILE_READS.has(name) && atImport(node))
          context.report({ node, messageId: "read", data: { name } });
      },
    };
  },
};

/** A comment that names why a dropped error is not a failure: `// Expected: …`. */
const NAMED_REASON = /^\s*Expected: \S/;

function namesReason(comments) {
  return comments.some((comment) => NAMED_REASON.test(comment.value));
}

/** Whether the error `owner` (a catch clause, or a rejection handler) declares as `param` is read anywhere. */
function uses(context, owner, param) {
  if (param === null || param === undefined || param.type !== "Identifier") return false;
  const variable = context.sourceCode.getDeclaredVariables(owner).find((v) => v.name === param.name);
  return variable !== undefined && variable.references.length > 0;
}

/** The first line of the `//` comment block that ends on the line above line `line` (1-based), if any. */
function commentAbove(sourceCode, line) {
  let first;
  for (let index = line - 2; index >= 0; index -= 1) {
    const text = sourceCode.lines[index] ?? "";
    if (!/^\s*\/\//.test(text)) break;
    first = text;
  }
  return first;
}

/** Whether the `//` comment block just above line `line` starts with `// Expected: …`. */
function expectedAbove(sourceCode, line) {
  const first = commentAbove(sourceCode, line);
  return first !== undefined && /^\s*\/\/\s*Expected: \S/.test(first);
}

/**
 * The function a name stands for, when this file defines it once as one: `function ignore() {}`, or
 * `const ignore = () => undefined`. A parameter, an import or a name assigned again could be anything.
 */
function definedFunction(sourceCode, name) {
  for (let scope = sourceCode.getScope(name); scope !== null; scope = scope.upper) {
    const variable = scope.set.get(name.name);
    if (variable === undefined) continue;
    const [def, ...more] = variable.defs;
    if (def === undefined || more.length > 0) return undefined;
    if (def.type === "FunctionName") return def.node;
    const constant = def.type === "Variable" && def.parent?.kind === "const";
    return constant && /FunctionExpression$/.test(def.node.init?.type ?? "") ? def.node.init : undefined;
  }
  return undefined;
}

/**
 * The rejection handler of a call: `.catch(handler)`, or `.then(onFulfilled, handler)` (whatever the first argument
 * is, `undefined` included), written in place or named (`.catch(ignore)`) where this file defines the function.
 * `argument` is what the call passes, `handler` the function it stands for.
 */
function rejectionHandler(sourceCode, call) {
  const method = call.callee.type === "MemberExpression" ? call.callee.property : undefined;
  const name = method?.type === "Identifier" ? method.name : undefined;
  const argument = name === "catch" ? call.arguments[0] : name === "then" ? call.arguments[1] : undefined;
  if (argument === undefined) return undefined;
  const handler = argument.type === "Identifier" ? definedFunction(sourceCode, argument) : argument;
  if (handler === undefined || !/Function(Expression|Declaration)$/.test(handler.type)) return undefined;
  return { method, argument, handler };
}

/** no-silent-catch: a catch that drops its error must say why that is no failure (`// Expected: …`). */
const noSilentCatch = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      silent:
        "This catch drops the error. Report what was lost (diagnostics.note), rethrow it, or, where it is no failure, say why in a comment starting `// Expected: `.",
      rejection:
        "This rejection handler drops the error. Report what was lost (diagnostics.note), rethrow it, or, where it is no failure, say why in a comment starting `// Expected: `.",
    },
  },
  create(context) {
    const { sourceCode } = context;
    return {
      CatchClause(node) {
        if (uses(context, node, node.param)) return;
        const inside = sourceCode.getCommentsInside(node.body);
        if (!namesReason(inside)) context.report({ node, messageId: "silent" });
      },
      CallExpression(node) {
        const found = rejectionHandler(sourceCode, node);
        if (found === undefined) return;
        const { method, argument, handler } = found;
        if (uses(context, handler, handler.params[0])) return;
        // The reason stands inside the handler, in the comment just above `.catch(` or `.then(` (its first line),
        // or in the comment just above the handler's argument where it starts a line of its own.
        const startsLine =
          sourceCode.lines[argument.loc.start.line - 1]?.slice(0, argument.loc.start.column).trim() === "";
        const named =
          namesReason(sourceCode.getCommentsInside(handler)) ||
          expectedAbove(sourceCode, method.loc.start.line) ||
          (startsLine && expectedAbove(sourceCode, argument.loc.start.line));
        if (!named) context.report({ node: argument, messageId: method.name === "catch" ? "silent" : "rejection" });
      },
    };
  },
};

export default { rules: { "no-module-state": noModuleState, "no-silent-catch": noSilentCatch } };
