import type { Diagnostics } from "@index-data/wire/diagnostics";
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
import { cellCall, type CellSource } from "../engine";
import { functionsCapabilities, customFunctionBatchError, customFunctionError, type AppContext } from "../office";

/**
 * What the adapters (adapters.ts) share: the formula environment of the app context and the conversion
 * of pure results into what Excel's custom functions expect.
 */

/** A cell as handed to Excel: plain values, a formatted number (date), or a CustomFunctions.Error. */
type ExcelCell = ScalarCell | CustomFunctions.Error;
/** A cell value that is not an error. */
export type ScalarCell = string | number | boolean | FormattedNumberCell;

/** Set by a host stand-in (the formula preview) that is not Office, to say what it can show. */
interface HostDeclaration {
  indexDataHostCapabilities?: ExcelCapabilities;
}

/** The part of CustomFunctions.Invocation the adapters read (address: @requiresAddress; isInValuePreview: 1.5). */
export interface CellInvocation {
  readonly address?: string;
  readonly isInValuePreview?: unknown;
}

/** The d.ts types isInValuePreview as a string; the runtime hands a boolean. Either spelling of true counts. */
function inValuePreview(invocation: CellInvocation | undefined): boolean {
  const flag = invocation?.isInValuePreview;
  return flag === true || flag === "true";
}

/** What a cell's evaluation needs of the app context. */
export type CellsContext = Pick<AppContext, "source" | "sourceFor" | "settleBoundMs" | "clock" | "live"> & {
  readonly diagnostics?: Diagnostics;
};

function toExcelError(error: CellError): CustomFunctions.Error {
  return customFunctionError(error.code, error.message);
}

function toExcelCell(cell: ExcelScalar): ExcelCell {
  return isCellError(cell) ? toExcelError(cell) : cell;
}

function toExcelMatrix(spill: Spill): ExcelCell[][] {
  const width = Math.max(1, ...spill.map((row) => row.length));
  return spill.map((row) => Array.from({ length: width }, (_, column) => toExcelCell(row[column] ?? "")));
}

/** What one evaluation's cell makes of its result: the preview text for a preview's miss, an error noted. */
function finished(this: CellSource, result: FormulaResult): FormulaResult {
  // Typing a formula must not spend the budget: what the cache could not answer shows the preview text.
  if (this.missed) return PREVIEW_TEXT;
  if (!isSpill(result) && isCellError(result)) this.noteError(result.message);
  return result;
}

/** A scalar function's value (a spill shows its first cell), or the CustomFunctions.Error it rejects with. */
function scalarCell(result: FormulaResult): ScalarCell {
  const cell = isSpill(result) ? (result[0]?.[0] ?? "") : result;
  if (isCellError(cell)) throw toExcelError(cell);
  return cell;
}

/**
 * Evaluates the cells: each evaluation's formula environment from the app context, and its pure result turned into
 * what Excel's custom functions expect. `context` gives the functions entry's app context, asked at each evaluation:
 * a context that cannot start (its storage refused) makes each cell #N/A with the reason, not the registration fail.
 */
export class CellEvaluator {
  private detected: ExcelCapabilities | undefined;
  /** Matrices made from spills that many cells share (frozen: a history shaped once per shape), once per spill. */
  private readonly sharedMatrices = new WeakMap<Spill, ExcelCell[][]>();

  constructor(private readonly context: () => CellsContext) {}

  /** Formatted numbers (dates that look like dates) need CustomFunctionsRuntime 1.4; otherwise plain serials. */
  private capabilities(): ExcelCapabilities {
    const declared = (globalThis as HostDeclaration).indexDataHostCapabilities;
    if (declared !== undefined) return declared;
    this.detected ??= functionsCapabilities();
    return this.detected ?? { formattedNumbers: false };
  }

  /** The formula environment of one evaluation: its cell's source (or the shared one), the host, the settle bound. */
  private formulaEnv(invocation?: CellInvocation) {
    const context = this.context();
    const cell =
      invocation === undefined
        ? undefined
        : context.sourceFor(cellCall(invocation.address, inValuePreview(invocation)));
    const bound =
      Number.isFinite(context.settleBoundMs) && context.settleBoundMs > 0 ? context.settleBoundMs : DEFAULT_SETTLE_MS;
    const env: FormulaEnv = {
      source: cell ?? context.source,
      caps: this.capabilities(),
      settleMs: bound,
      clock: context.clock,
      diagnostics: context.diagnostics,
    };
    return { env, cell };
  }

  /**
   * Runs a pure formula; a failure to even build the env (runtime not ready) becomes a #N/A, not a throw. A promise
   * chain, not an async function: every cell of a sheet comes through here, and each async layer cost a cell two
   * promises and a turn of the microtask queue more.
   */
  private start(
    formula: (env: FormulaEnv) => Promise<FormulaResult>,
    invocation?: CellInvocation,
  ): Promise<FormulaResult> {
    let built: ReturnType<CellEvaluator["formulaEnv"]>;
    let running: Promise<FormulaResult>;
    try {
      built = this.formulaEnv(invocation);
      running = Promise.resolve(formula(built.env));
    } catch (error) {
      return Promise.resolve(notReady(error));
    }
    // Without a cell (no invocation) there is nothing to note: the result goes as it came.
    const cell = built.cell;
    return running.then(cell === undefined ? undefined : finished.bind(cell), notReady);
  }

  /** A scalar function's result: the value, or a rejection with a CustomFunctions.Error carrying the message. */
  scalarResult(formula: (env: FormulaEnv) => Promise<FormulaResult>, invocation?: CellInvocation): Promise<ScalarCell> {
    return this.start(formula, invocation).then(scalarCell);
  }

  /** A shared spill's matrix, made once and handed to every cell that shows it (Excel's runtime only copies it out). */
  private sharedMatrix(spill: Spill): ExcelCell[][] {
    let matrix = this.sharedMatrices.get(spill);
    if (matrix === undefined) {
      matrix = toExcelMatrix(spill);
      for (const row of matrix) Object.freeze(row);
      Object.freeze(matrix);
      this.sharedMatrices.set(spill, matrix);
    }
    return matrix;
  }

  /** A spilling function's result: a rectangular matrix (a single value becomes 1x1), or a rejection. */
  matrixResult(
    formula: (env: FormulaEnv) => Promise<FormulaResult>,
    invocation?: CellInvocation,
  ): Promise<ExcelCell[][]> {
    return this.start(formula, invocation).then(this.matrixOf);
  }

  /** A result as a matrix: one function for every cell (see `start`), not a callback made per cell. */
  private readonly matrixOf = (result: FormulaResult): ExcelCell[][] => {
    if (!isSpill(result)) {
      if (isCellError(result)) throw toExcelError(result);
      return [[result]];
    }
    return Object.isFrozen(result) ? this.sharedMatrix(result) : toExcelMatrix(result);
  };

  /**
   * A streaming function's cells: each one `start` shows goes to Excel, and canceling the cell stops it. While
   * Excel previews the formula being typed, nothing is watched: `once` shows one value from what the cache holds
   * (or the preview text), as any other function's preview does.
   */
  streamResult(
    invocation: CustomFunctions.StreamingInvocation<ScalarCell>,
    start: (env: LiveEnv, show: (cell: ExcelScalar) => void) => () => void,
    once: (env: FormulaEnv) => Promise<FormulaResult>,
  ): void {
    const show = (cell: ExcelScalar) => invocation.setResult(toExcelCell(cell));
    if (inValuePreview(invocation)) {
      this.scalarResult(once, invocation).then(
        (cell) => invocation.setResult(cell),
        (error: CustomFunctions.Error) => invocation.setResult(error),
      );
      return;
    }
    try {
      invocation.onCanceled = start({ feed: () => this.context().live, caps: this.capabilities() }, show);
    } catch (error) {
      show(notReady(error));
    }
  }

  /**
   * A function that may return an Excel entity (INDEX.CARD): the entity as it is, anything else exactly as
   * scalarResult gives it (value, #VALUE!/#N/A with its message, the preview text).
   */
  async entityResult(
    formula: (env: FormulaEnv) => Promise<FormulaResult | EntityCellValue>,
    invocation?: CellInvocation,
  ): Promise<ScalarCell | EntityCellValue> {
    let entity: EntityCellValue | undefined;
    const cell = await this.scalarResult(async (env) => {
      const result = await formula(env);
      if (!isEntityCellValue(result)) return result;
      entity = result;
      return "";
    }, invocation);
    return entity !== undefined && cell === "" ? entity : cell;
  }

  /**
   * A linked data type's load service (no cell: Excel calls it for a batch of entities). Its answer goes back as it
   * is; a batch it refuses whole (a request that is not Excel's, the runtime not ready) rejects with
   * CustomFunctions.Error(notAvailable), which Excel documents as #CONNECT! for the batch's cells.
   */
  async loadServiceResult<T>(load: (env: FormulaEnv) => Promise<T>): Promise<T> {
    try {
      return await load(this.formulaEnv().env);
    } catch (error) {
      const cell = isCellError(error) ? error : notReady(error);
      throw customFunctionBatchError(cell.message);
    }
  }
}
