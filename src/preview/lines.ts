import { isIndexFormula } from "../office";
import { cellAddress } from "../workbook";
import { parseCellReference, PreviewSheet } from "./cell-reference";
import type { FunctionMetadata } from "./coerce";
import { evaluateFormula, type Evaluation } from "./harness";
import { outcomeOfValue, type Outcome } from "./outcome";
import { ResultView } from "./render";
import type { CustomFunctionsStandIn } from "./custom-functions-stand-in";

/** The sheet the preview's lines stand in: line n is the cell Preview!A<n>, the address the functions see. */
export const PREVIEW_SHEET = "Preview";

/** The address of a line (1-based row), as invocation.address gives it and the engine indexes it. */
export function lineAddress(row: number): string {
  return cellAddress(PREVIEW_SHEET, row - 1, 0);
}

/** The values a constant line holds: a JSON matrix (a frozen line), a number, or text, as Excel reads a typed constant. */
export function constantValues(text: string): unknown[][] {
  if (text.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed) && parsed.every(Array.isArray)) return parsed as unknown[][];
    } catch {
      // Expected: not a matrix, the line is text.
    }
  }
  return [[text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : text]];
}

interface Line {
  readonly text: string;
  readonly view: ResultView;
  evaluation: Evaluation;
  outcome: Outcome;
}

interface LinesHost {
  readonly standIn: CustomFunctionsStandIn;
  readonly metadata: ReadonlyMap<string, FunctionMetadata>;
  readonly results: HTMLElement;
  /** What a constant line shows when it is a frozen line still as frozen (formats kept); else undefined. */
  readonly frozen: (row: number, text: string) => Outcome | undefined;
  /** The entity a line Convert to Index linked shows, once the load service answers; else undefined. */
  readonly linked: (row: number, text: string) => Promise<Outcome> | undefined;
}

const INERT: Readonly<Evaluation> = { cancel: () => undefined };

/**
 * The page's lines as cells A1, A2, …: an INDEX formula is evaluated with its own address (so the engine
 * indexes what it reads), `=A1.Field` follows its line, anything else is a constant (a frozen line's values).
 */
export class PreviewLines {
  #lines: Line[] = [];
  #sheet = new PreviewSheet(0);

  constructor(private readonly host: LinesHost) {}

  /** Takes the lines anew and evaluates every one (the Evaluate button). */
  load(texts: readonly string[]): void {
    this.#lines.forEach((line) => line.evaluation.cancel());
    this.host.results.replaceChildren();
    this.#sheet = new PreviewSheet(texts.length, (entity, id, args, show, row) =>
      this.#callMethod(entity, id, args, show, row),
    );
    this.#lines = texts.map((text, index) => this.#line(text, index));
    this.#lines.forEach((line, index) => {
      this.host.results.append(line.view.root);
      void this.#start(index + 1);
    });
  }

  /** Replaces one line (freezing writes its values there) and shows it; the other lines are left as they are. */
  write(row: number, text: string): void {
    const old = this.#lines[row - 1];
    if (old === undefined) return;
    old.evaluation.cancel();
    const line = this.#line(text, row - 1);
    old.view.root.replaceWith(line.view.root);
    this.#lines[row - 1] = line;
    void this.#start(row);
  }

  #line(text: string, index: number): Line {
    // The Stop button of a streaming formula cancels it, as deleting its cell would.
    const stream = this.host.metadata.get(idOf(text))?.options?.stream === true;
    const line: Line = {
      text,
      view: new ResultView(index, text, stream ? () => line.evaluation.cancel() : undefined),
      evaluation: INERT,
      outcome: { state: "busy" },
    };
    return line;
  }

  /** A reference method as Excel calls it: its function with the entity first, at the calling line's address. */
  #callMethod(entity: unknown, id: string, args: string, show: (outcome: Outcome) => void, row: number): () => void {
    const context = { ...this.host, address: lineAddress(row), callingObject: entity };
    const evaluation = evaluateFormula(`=INDEX.${id}(${args})`, context, show);
    return () => evaluation.cancel();
  }

  texts(): string[] {
    return this.#lines.map((line) => line.text);
  }

  outcome(row: number): Outcome | undefined {
    return this.#lines[row - 1]?.outcome;
  }

  /** Rows (1-based) whose checkbox is ticked. */
  checkedRows(): number[] {
    return this.#lines.flatMap((line, index) => (line.view.select.checked ? [index + 1] : []));
  }

  /** Re-evaluates the given rows, as Range.calculate would; resolves once each shows a settled outcome. */
  recalculate(rows: readonly number[]): Promise<void> {
    return Promise.all(rows.map((row) => this.#start(row))).then(() => undefined);
  }

  /** Evaluates (or shows) one line; resolves at its first settled outcome. */
  #start(row: number): Promise<void> {
    const line = this.#lines[row - 1];
    if (line === undefined) return Promise.resolve();
    line.evaluation.cancel();
    return new Promise((settled) => {
      const show = (outcome: Outcome) => {
        line.outcome = outcome;
        line.view.show(outcome);
        this.#sheet.set(row, outcome);
        if (outcome.state !== "busy") settled();
      };
      const reference = parseCellReference(line.text);
      const constant = !isFormulaLine(line.text);
      const frozen = constant ? this.host.frozen(row, line.text) : undefined;
      const linked = constant && frozen === undefined ? this.host.linked(row, line.text) : undefined;
      line.view.markFrozen(frozen !== undefined);
      line.view.markLinked(linked !== undefined);
      line.evaluation = INERT;
      if (reference !== undefined) {
        this.#sheet.follow(reference, row, (outcome) => line.view.show(outcome));
        settled();
      } else if (linked !== undefined) {
        show({ state: "busy" });
        void linked.then(show);
      } else if (constant) show(frozen ?? outcomeOfValue(constantValues(line.text)));
      else line.evaluation = evaluateFormula(line.text, { ...this.host, address: lineAddress(row) }, show);
    });
  }
}

/** A formula line starts with "=" (or, as the preview always allowed, with INDEX.); any other line is a constant. */
function isFormulaLine(text: string): boolean {
  return /^(=|INDEX\.)/i.test(text.trim());
}

/** A line holding an INDEX formula (the office layer's rule), "=" or not: what Freeze and Refresh scope act on. */
export function isIndexLine(text: string | undefined): boolean {
  const trimmed = (text ?? "").trim();
  return isFormulaLine(trimmed) && isIndexFormula(trimmed.startsWith("=") ? trimmed : `=${trimmed}`);
}

function idOf(line: string): string {
  const match = /^=?\s*INDEX\.([A-Za-z]+)/i.exec(line);
  return match?.[1]?.toUpperCase() ?? "";
}
