import {
  type CellError,
  DEFAULT_SETTLE_MS,
  type EntityCellValue,
  type ExcelCapabilities,
  type ExcelScalar,
  type FormattedNumberCell,
  type FormulaEnv,
  type FormulaResult,
  isCellError,
  isEntityCellValue,
  isSpill,
  type LiveEnv,
  type Spill,
  notReady,
  PREVIEW_TEXT,
} from "../formulas";
import { cellCall } from "../engine";
import { functionsCapabilities, getContext, runtimeBatchError, runtimeCellError } from "../office";

/**
 * What the adapters (adapters.ts) share: the formula environment of the shared runtime and the conversion
 * of pure results into what the custom functions runtime expects.
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
  detected ??= functionsCapabilities();
  return detected ?? { formattedNumbers: false };
}

/** The part of CustomFunctions.Invocation the adapters read (address: @requiresAddress; isInValuePreview: 1.5). */
interface CellInvocation {
  readonly address?: string;
  readonly isInValuePreview?: unknown;
}

/** The d.ts types isInValuePreview as a string; the runtime hands a boolean. Either spelling of true counts. */
function inValuePreview(invocation: CellInvocation | undefined): boolean {
  const flag = invocation?.isInValuePreview;
  return flag === true || flag === "true";
}

/** The source of this evaluation: the cell's own (indexed, cache-only in a preview), or the shared one. */
function cellSource(invocation: CellInvocation | undefined) {
  const context = getContext();
  if (invocation === undefined) return { context, cell: undefined };
  const cell = context.sourceFor(cellCall(invocation.address, inValuePreview(invocation)));
  return { context, cell };
}

/** The formula environment of one evaluation: its cell's source (or the shared one), the host, the settle bound. */
function formulaEnv(invocation?: CellInvocation): { env: FormulaEnv; cell: ReturnType<typeof cellSource>["cell"] } {
  const built = cellSource(invocation);
  const bound =
    Number.isFinite(built.context.settleBoundMs) && built.context.settleBoundMs > 0
      ? built.context.settleBoundMs
      : DEFAULT_SETTLE_MS;
  const env = {
    source: built.cell ?? built.context.source,
    caps: hostCapabilities(),
    settleMs: bound,
    clock: built.context.clock,
  };
  return { env, cell: built.cell };
}

/** Runs a pure formula; a failure to even build the env (runtime not ready) becomes a #N/A, not a throw. */
async function start(
  formula: (env: FormulaEnv) => Promise<FormulaResult>,
  invocation?: CellInvocation,
): Promise<FormulaResult> {
  let result: FormulaResult;
  let cell: ReturnType<typeof cellSource>["cell"];
  try {
    const built = formulaEnv(invocation);
    cell = built.cell;
    result = await formula(built.env);
  } catch (error) {
    return notReady(error);
  }
  // Typing a formula must not spend the budget: what the cache could not answer shows the preview text.
  if (cell?.missed === true) return PREVIEW_TEXT;
  if (!isSpill(result) && isCellError(result)) cell?.noteError(result.message);
  return result;
}

function toRuntimeError(error: CellError): CustomFunctions.Error {
  return runtimeCellError(error.code, error.message);
}

function toRuntimeCell(cell: ExcelScalar): RuntimeCell {
  return isCellError(cell) ? toRuntimeError(cell) : cell;
}

/** A scalar function's result: the value, or a rejection with a CustomFunctions.Error carrying the message. */
export async function scalarResult(
  formula: (env: FormulaEnv) => Promise<FormulaResult>,
  invocation?: CellInvocation,
): Promise<ScalarCell> {
  const result = await start(formula, invocation);
  const cell = isSpill(result) ? (result[0]?.[0] ?? "") : result;
  if (isCellError(cell)) throw toRuntimeError(cell);
  return cell;
}

/** Matrices made from spills that many cells share (frozen: a history shaped once per shape), once per spill. */
const sharedMatrices = new WeakMap<Spill, RuntimeCell[][]>();

function toRuntimeMatrix(spill: Spill): RuntimeCell[][] {
  const width = Math.max(1, ...spill.map((row) => row.length));
  return spill.map((row) => Array.from({ length: width }, (_, column) => toRuntimeCell(row[column] ?? "")));
}

/** A shared spill's matrix, made once and handed to every cell that shows it (Excel's runtime only copies it out). */
function sharedMatrix(spill: Spill): RuntimeCell[][] {
  let matrix = sharedMatrices.get(spill);
  if (matrix === undefined) {
    matrix = toRuntimeMatrix(spill);
    for (const row of matrix) Object.freeze(row);
    Object.freeze(matrix);
    sharedMatrices.set(spill, matrix);
  }
  return matrix;
}

/** A spilling function's result: a rectangular matrix (a single value becomes 1x1), or a rejection. */
export async function matrixResult(
  formula: (env: FormulaEnv) => Promise<FormulaResult>,
  invocation?: CellInvocation,
): Promise<RuntimeCell[][]> {
  const result = await start(formula, invocation);
  if (!isSpill(result)) {
    if (isCellError(result)) throw toRuntimeError(result);
    return [[result]];
  }
  return Object.isFrozen(result) ? sharedMatrix(result) : toRuntimeMatrix(result);
}

/**
 * A streaming function's cells: each one `start` shows goes to Excel, and canceling the cell stops it. While
 * Excel previews the formula being typed, nothing is watched: `once` shows one value from what the cache holds
 * (or the preview text), as any other function's preview does.
 */
export function streamResult(
  invocation: CustomFunctions.StreamingInvocation<ScalarCell>,
  start: (env: LiveEnv, show: (cell: ExcelScalar) => void) => () => void,
  once: (env: FormulaEnv) => Promise<FormulaResult>,
): void {
  const show = (cell: ExcelScalar) => invocation.setResult(toRuntimeCell(cell));
  if (inValuePreview(invocation)) {
    scalarResult(once, invocation).then(
      (cell) => invocation.setResult(cell),
      (error: CustomFunctions.Error) => invocation.setResult(error),
    );
    return;
  }
  try {
    invocation.onCanceled = start({ feed: () => getContext().live, caps: hostCapabilities() }, show);
  } catch (error) {
    show(notReady(error));
  }
}

/**
 * A function that may return an Excel entity (INDEX.CARD): the entity as it is, anything else exactly as
 * scalarResult gives it (value, #VALUE!/#N/A with its message, the preview text).
 */
export async function entityResult(
  formula: (env: FormulaEnv) => Promise<FormulaResult | EntityCellValue>,
  invocation?: CellInvocation,
): Promise<ScalarCell | EntityCellValue> {
  let entity: EntityCellValue | undefined;
  const cell = await scalarResult(async (env) => {
    const result = await formula(env);
    if (!isEntityCellValue(result)) return result;
    entity = result;
    return "";
  }, invocation);
  return entity !== undefined && cell === "" ? entity : cell;
}

/**
 * A linked data type's load service (no cell: Excel calls it for a batch of entities). Its answer goes back as it is;
 * a batch it refuses whole (a request that is not Excel's, the runtime not ready) rejects with
 * CustomFunctions.Error(notAvailable), which Excel documents as #CONNECT! for the batch's cells.
 */
export async function loadServiceResult<T>(load: (env: FormulaEnv) => Promise<T>): Promise<T> {
  try {
    return await load(formulaEnv().env);
  } catch (error) {
    const cell = isCellError(error) ? error : notReady(error);
    throw runtimeBatchError(cell.message);
  }
}
