import { DEMO_KEYS, startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { sharedRuntime } from "../../src/office/shared-runtime";
import { FakeWorkbook } from "./workbook-fake";
import { evaluateFormula } from "../../src/preview/harness";
import type { Outcome, PreviewCell } from "../../src/preview/outcome";
import { registerWrappers } from "../support/registered-wrappers";

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

export async function wrapperEvaluator(): Promise<(formula: string, address: string) => Promise<unknown[][]>> {
  (globalThis as { indexDataHostCapabilities?: { formattedNumbers: boolean } }).indexDataHostCapabilities = {
    formattedNumbers: true,
  };
  const { runtime, metadata } = await registerWrappers();
  return (formula, address) =>
    new Promise((resolve) => {
      evaluateFormula(formula, { runtime, metadata, address }, (outcome: Outcome) => {
        if (outcome.state === "busy") return;
        if (outcome.state === "error") resolve([[{ type: "Error", basicValue: outcome.code }]]);
        else resolve(outcome.rows.map((row) => row.map(cellValueOf)));
      });
    });
}

/** What a desk test gets from {@link useDeskRig}: the reference service and the wrapper evaluator. */
export interface DeskRig {
  readonly service: RunningReferenceService;
  readonly evaluate: Awaited<ReturnType<typeof wrapperEvaluator>>;
}

/**
 * A reference service without a practical rate limit and the shared runtime's settings pointed at it (with
 * the demo API key when asked), for one test file; read its fields inside tests, after beforeAll ran.
 */
export function useDeskRig(options: { withKey?: boolean } = {}): DeskRig {
  let service: RunningReferenceService | undefined;
  let evaluate: DeskRig["evaluate"] | undefined;
  beforeAll(async () => {
    service = await startReferenceService({ rateLimits: { anonymous: 100_000 } });
    evaluate = await wrapperEvaluator();
    const key = options.withKey === true ? { apiKey: DEMO_KEYS.apiKey } : {};
    await sharedRuntime().settings.save({ baseUrl: service.url, ...key });
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
