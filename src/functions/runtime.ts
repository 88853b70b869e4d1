import {
  DEFAULT_SETTLE_MS,
  isCellError,
  isSpill,
  notAvailable,
  type CellError,
  type ExcelCapabilities,
  type ExcelScalar,
  type FormattedNumberCell,
  type FormulaEnv,
  type FormulaResult,
  type LiveEnv,
} from "../excel";
import { getContext } from "../office/context";

/**
 * What the wrappers share: the formula environment of the shared runtime and the conversion of pure
 * results into what the custom functions runtime expects. Not a `*.functions.ts` file, so the metadata
 * generator does not read it.
 */

/** A cell as handed to Excel: plain values, a formatted number (date), or a CustomFunctions.Error. */
type RuntimeCell = ScalarCell | CustomFunctions.Error;
/** A cell value that is not an error. */
type ScalarCell = string | number | boolean | FormattedNumberCell;

/** Set by a host stand-in (the formula preview) that is not Office, to say what it can show. */
interface HostDeclaration {
  indexDataHostCapabilities?: ExcelCapabilities;
}

let detected: ExcelCapabilities | undefined;

/** Formatted numbers (dates that look like dates) need CustomFunctionsRuntime 1.4; otherwise plain serials. */
function hostCapabilities(): ExcelCapabilities {
  const declared = (globalThis as HostDeclaration).indexDataHostCapabilities;
  if (declared !== undefined) return declared;
  detected ??= detectCapabilities();
  return detected ?? { formattedNumbers: false };
}

/** Undefined while Office cannot answer yet, so that a call before Office is ready does not fix plain serials for the session. */
function detectCapabilities(): ExcelCapabilities | undefined {
  try {
    const requirements = typeof Office !== "undefined" ? Office.context?.requirements : undefined;
    if (requirements === undefined) return undefined;
    return { formattedNumbers: requirements.isSetSupported("CustomFunctionsRuntime", "1.4") };
  } catch {
    return undefined;
  }
}

/** The env every formula runs in: the shared runtime's source, and the engine's settle bound. */
function formulaEnv(): FormulaEnv {
  const context = getContext();
  const bound = Number.isFinite(context.settleBoundMs) && context.settleBoundMs > 0 ? context.settleBoundMs : DEFAULT_SETTLE_MS;
  return { source: context.source, caps: hostCapabilities(), settleMs: bound };
}

/** Runs a pure formula; a failure to even build the env (runtime not ready) becomes a #N/A, not a throw. */
function start(formula: (env: FormulaEnv) => Promise<FormulaResult>): Promise<FormulaResult> {
  try {
    return formula(formulaEnv());
  } catch (error) {
    return Promise.resolve(notReady(error));
  }
}

/** The #N/A of a function called before the shared runtime could build its context. */
function notReady(error: unknown): CellError {
  const reason = error instanceof Error ? error.message : String(error);
  return notAvailable(`the add-in is not ready (${reason}); recalculate in a moment`);
}

function toRuntimeError(error: CellError): CustomFunctions.Error {
  const code = error.code === "#VALUE!" ? CustomFunctions.ErrorCode.invalidValue : CustomFunctions.ErrorCode.notAvailable;
  return new CustomFunctions.Error(code, error.message);
}

function toRuntimeCell(cell: ExcelScalar): RuntimeCell {
  return isCellError(cell) ? toRuntimeError(cell) : cell;
}

/** A scalar function's result: the value, or a rejection with a CustomFunctions.Error carrying the message. */
export async function scalarResult(formula: (env: FormulaEnv) => Promise<FormulaResult>): Promise<ScalarCell> {
  const result = await start(formula);
  const cell = isSpill(result) ? (result[0]?.[0] ?? "") : result;
  if (isCellError(cell)) throw toRuntimeError(cell);
  return cell;
}

/** A spilling function's result: a rectangular matrix (a single value becomes 1x1), or a rejection. */
export async function matrixResult(formula: (env: FormulaEnv) => Promise<FormulaResult>): Promise<RuntimeCell[][]> {
  const result = await start(formula);
  if (!isSpill(result)) {
    if (isCellError(result)) throw toRuntimeError(result);
    return [[result]];
  }
  const width = Math.max(1, ...result.map((row) => row.length));
  return result.map((row) => Array.from({ length: width }, (_, column) => toRuntimeCell(row[column] ?? "")));
}

/** A streaming function's cells: each one `start` shows goes to Excel, and canceling the cell stops it. */
export function streamResult(
  invocation: CustomFunctions.StreamingInvocation<ScalarCell>,
  start: (env: LiveEnv, show: (cell: ExcelScalar) => void) => () => void,
): void {
  const show = (cell: ExcelScalar) => invocation.setResult(toRuntimeCell(cell));
  try {
    invocation.onCanceled = start({ feed: () => getContext().live, caps: hostCapabilities() }, show);
  } catch (error) {
    show(notReady(error));
  }
}
