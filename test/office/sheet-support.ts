import { DEMO_KEYS, startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { appContext } from "../../src/office/app-context/app-context";
import { FakeWorkbook, type Evaluate, type Refers } from "../support/office-fake/fake-workbook";
import { evaluateFormula } from "../../src/preview/harness";
import type { Outcome, PreviewCell } from "../../src/preview/outcome";
import { registerWrappers } from "../support/registered-wrappers";
import { basicValue } from "../support/office-fake/excel-typing";

/**
 * Evaluates INDEX formulas through the real functions (metadata from src/functions/functions.json, as the
 * build copies it; arguments coerced by the preview harness) with the cell's address as invocation.address, so the
 * engine's address index fills as it does in Excel. The host is Microsoft 365 Excel (CustomFunctionsRuntime
 * 1.4): dates come as formatted numbers and INDEX.CARD as an entity, which the cells hold as data types.
 * A cell's result as cell values: errors as `{ type: "Error", basicValue: code }`, data types as their JSON.
 */
/** What a cell holds for one cell of an evaluated result. */
function cellValueOf(cell: PreviewCell): unknown {
  switch (cell.kind) {
    case "error":
      return { type: "Error", basicValue: cell.code };
    case "entity":
      return cell.entity;
    case "date":
      return { type: "FormattedNumber", basicValue: cell.value, numberFormat: cell.numberFormat };
    case "text":
      return cell.text;
    default:
      return cell.value;
  }
}

/** A reference in a formula, outside its text: a cell or range, on this sheet or a named one. */
const REFERENCE =
  /"(?:[^"]|"")*"|((?:'(?:[^']|'')+'!|[A-Za-z0-9_.]+!)?\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?)(?![A-Za-z0-9_(.])/g;

/** A placeholder the preview's parser reads as text, never one a formula holds. */
const placeholder = (n: number) => `\u0001ref${n}\u0001`;

/**
 * `formula` with each reference replaced by a placeholder string, and what each placeholder stands for: the cells'
 * values as `refers` reads them (undefined when the formula has none, or a reference names no cells).
 */
function withReferences(
  formula: string,
  refers: Refers | undefined,
): { text: string; values: Map<string, unknown[][]> } {
  const values = new Map<string, unknown[][]>();
  if (refers === undefined) return { text: formula, values };
  const text = formula.replace(REFERENCE, (match, reference: string | undefined) => {
    if (reference === undefined) return match;
    const cells = refers(reference);
    if (cells === undefined) return match;
    const key = placeholder(values.size);
    values.set(key, cells);
    return `"${key}"`;
  });
  return { text, values };
}

/**
 * An argument with a placeholder put back as the cells it stands for, as Excel hands them to a parameter: a data type
 * as its JSON to an `any` parameter (allowCustomDataForDataTypeAny), its basic value to a typed one; one cell to a
 * parameter that is not a matrix.
 */
function withCells(
  arg: unknown,
  values: ReadonlyMap<string, unknown[][]>,
  parameter?: { type?: string; dimensionality?: string },
): unknown {
  const key =
    typeof arg === "string"
      ? arg
      : Array.isArray(arg) && arg.length === 1 && arg[0]?.length === 1
        ? arg[0][0]
        : undefined;
  const cells = typeof key === "string" ? values.get(key) : undefined;
  if (cells === undefined) return arg;
  const typed = cells.map((row) =>
    row.map((cell) =>
      parameter?.type === "any" || typeof cell !== "object" || cell === null ? cell : basicValue(cell),
    ),
  );
  return parameter?.dimensionality === "matrix" ? typed : typed[0]?.[0];
}

export async function wrapperEvaluator(): Promise<Evaluate> {
  (globalThis as { indexDataHostCapabilities?: { formattedNumbers: boolean } }).indexDataHostCapabilities = {
    formattedNumbers: true,
  };
  const { standIn, metadata } = await registerWrappers();
  return (formula, address, refers) =>
    new Promise((resolve) => {
      const report = (outcome: Outcome) => {
        if (outcome.state === "busy") return;
        if (outcome.state === "error") resolve([[{ type: "Error", basicValue: outcome.code }]]);
        else resolve(outcome.rows.map((row) => row.map(cellValueOf)));
      };
      const { text, values } = withReferences(formula, refers);
      if (values.size === 0) {
        evaluateFormula(formula, { standIn, metadata, address }, report);
        return;
      }
      // A range's cells reach the function as Excel passes them: the preview's parser takes text, so each
      // reference is read as a placeholder and handed over as the cells' values when the function is called.
      const calls = new Map(
        [...standIn.functions].map(([id, fn]) => {
          const parameters = metadata.get(id)?.parameters ?? [];
          const call = (...args: unknown[]) => fn(...args.map((arg, i) => withCells(arg, values, parameters[i])));
          return [id, call] as const;
        }),
      );
      evaluateFormula(text, { standIn: { ...standIn, functions: calls }, metadata, address }, report);
    });
}

/** What a desk test gets from {@link useDeskRig}: the reference service and the wrapper evaluator. */
export interface DeskRig {
  readonly service: RunningReferenceService;
  readonly evaluate: Awaited<ReturnType<typeof wrapperEvaluator>>;
}

/**
 * A reference service without a practical rate limit and the shared runtime's settings pointed at it (with
 * the demo API key when asked, its test faults on when asked), for one test file; read its fields inside tests, after beforeAll ran.
 */
export function useDeskRig(options: { withKey?: boolean; testFaults?: boolean } = {}): DeskRig {
  let service: RunningReferenceService | undefined;
  let evaluate: DeskRig["evaluate"] | undefined;
  beforeAll(async () => {
    service = await startReferenceService({
      rateLimits: { anonymous: 100_000 },
      ...(options.testFaults === true ? { testFaults: true } : {}),
    });
    evaluate = await wrapperEvaluator();
    const key = options.withKey === true ? { apiKey: DEMO_KEYS.apiKey } : {};
    await appContext().settings.save({ baseUrl: service.url, ...key });
  }, 30_000);
  afterAll(async () => {
    await service?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the desk rig is used before beforeAll ran");
    return value;
  };
  return {
    get service() {
      return ready(service);
    },
    get evaluate() {
      return ready(evaluate);
    },
  };
}

/** The desk tests' two indexes: A's fix, B's volatility and forward curve. */
export const DESK_A = "RTM-NWE-A-1x3";
export const DESK_B = "RTM-USG.B-2x4";

/** Sheet1 of the desk tests: A's fix twice in B2:B3 (one resource) and B's 30-day volatility in B4. */
export function typeSheet1(book: { type(address: string, formula: string): void }, a = DESK_A, b = DESK_B): void {
  book.type("Sheet1!B2", `=INDEX.LATEST("${a}","confidence")`);
  book.type("Sheet1!B3", `=INDEX.LATEST("${a}","status")`);
  book.type("Sheet1!B4", `=INDEX.VOL("${b}",30)`);
}

/** Sheet1 as above and Sheet2 with these formulas, every cell settled. */
export async function actionsBook(rig: DeskRig, sheet2: Readonly<Record<string, string>>): Promise<FakeWorkbook> {
  const book = new FakeWorkbook(rig.evaluate, ["Sheet1", "Sheet2"]);
  typeSheet1(book);
  for (const [cell, formula] of Object.entries(sheet2)) book.type(`Sheet2!${cell}`, formula);
  await book.settled();
  return book;
}
