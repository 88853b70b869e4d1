import type { FormulaScalar, FormulaValue } from "./formula";

/** The parts of functions.json the harness reads. */
interface ParameterMetadata {
  readonly name: string;
  readonly type?: string;
  readonly dimensionality?: string;
  readonly optional?: boolean;
  readonly repeating?: boolean;
}

export interface FunctionMetadata {
  readonly id: string;
  readonly name: string;
  readonly parameters: readonly ParameterMetadata[];
  readonly result?: { readonly dimensionality?: string };
  readonly options?: { readonly stream?: boolean; readonly cancelable?: boolean; readonly requiresAddress?: boolean };
}

/** Excel refuses to call a function whose arguments do not fit: #VALUE! before any code runs. */
export class ArgumentMismatch extends Error {
  override readonly name = "ArgumentMismatch" as const;
}

/** Coerces one scalar the way Excel does for a parameter of the declared type. */
function coerceScalar(value: FormulaScalar, type: string | undefined, parameter: string): FormulaScalar {
  if (value === null || type === undefined || type === "any") return value;
  if (type === "number") {
    if (typeof value === "number") return value;
    if (typeof value === "boolean") return value ? 1 : 0;
    if (value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
    throw new ArgumentMismatch(`${parameter} takes a number`);
  }
  if (type === "string") return typeof value === "boolean" ? (value ? "TRUE" : "FALSE") : String(value);
  if (type === "boolean") {
    if (typeof value === "boolean") return value;
    if (typeof value === "number") return value !== 0;
    if (/^(true|false)$/i.test(value)) return value.toLowerCase() === "true";
    throw new ArgumentMismatch(`${parameter} takes TRUE or FALSE`);
  }
  return value;
}

function coerce(value: FormulaValue, parameter: ParameterMetadata): unknown {
  const matrix = parameter.dimensionality === "matrix";
  if (Array.isArray(value)) {
    if (!matrix) {
      if (value.length === 1 && value[0]?.length === 1)
        return coerceScalar(value[0][0] ?? null, parameter.type, parameter.name);
      throw new ArgumentMismatch(`${parameter.name} takes one value, not a range`);
    }
    return value.map((row) => row.map((cell) => coerceScalar(cell, parameter.type, parameter.name)));
  }
  const scalar = coerceScalar(value, parameter.type, parameter.name);
  return matrix ? [[scalar]] : scalar;
}

/**
 * The argument list Excel would pass: one entry per declared parameter (null for an omitted optional one),
 * a repeating parameter's values gathered into one array, and the invocation last where the function takes one.
 */
export function buildArguments(
  metadata: FunctionMetadata,
  args: readonly FormulaValue[],
  invocation?: unknown,
): unknown[] {
  const parameters = metadata.parameters;
  const repeating = parameters.at(-1)?.repeating === true;
  if (!repeating && args.length > parameters.length) {
    throw new ArgumentMismatch(
      `INDEX.${metadata.name} takes at most ${parameters.length} arguments; got ${args.length}`,
    );
  }
  const built = parameters.map((parameter, index) => {
    if (parameter.repeating)
      return args
        .slice(index)
        .filter((value) => value !== null)
        .map((value) => coerce(value, parameter));
    const value = args[index] ?? null;
    if (value === null && !parameter.optional)
      throw new ArgumentMismatch(`INDEX.${metadata.name} needs ${parameter.name}`);
    return value === null ? null : coerce(value, parameter);
  });
  const options = metadata.options ?? {};
  if (options.stream || options.cancelable || options.requiresAddress) built.push(invocation);
  return built;
}
