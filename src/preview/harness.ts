import { ArgumentMismatch, buildArguments, type FunctionMetadata } from "./coerce";
import { FormulaSyntaxError, parseFormula, type FormulaValue } from "./formula";
import { outcomeOfRejection, outcomeOfValue, type Outcome } from "./outcome";
import type { CustomFunctionsStandIn } from "./custom-functions-stand-in";

interface HarnessContext {
  readonly standIn: CustomFunctionsStandIn;
  /** functions.json, by function id. */
  readonly metadata: ReadonlyMap<string, FunctionMetadata>;
  readonly now?: () => Date;
  /** The cell the formula stands in (invocation.address); refresh by scope and freezing index by it. */
  readonly address?: string;
  /** The entity a reference method (`=A1.History(…)`) is called on: Excel passes it as the first argument. */
  readonly callingObject?: unknown;
}

export interface Evaluation {
  /** Cancels a streaming formula (its onCanceled runs), as deleting the cell would. */
  cancel(): void;
}

/** The invocation a streaming or cancelable function gets: results flow back through `setResult`. */
interface StandInInvocation {
  address: string;
  onCanceled?: () => void;
  setResult(value: unknown): void;
}

/**
 * Evaluates one formula the way the custom functions runtime would: parse, look up the registered
 * function, coerce arguments from its metadata, invoke, and report every outcome (streaming ones repeatedly).
 */
export function evaluateFormula(text: string, context: HarnessContext, report: (outcome: Outcome) => void): Evaluation {
  const inert: Evaluation = { cancel: () => undefined };
  let parsed;
  try {
    parsed = parseFormula(text, context.now?.() ?? new Date());
  } catch (error) {
    report({
      state: "error",
      code: "#NAME?",
      message: error instanceof FormulaSyntaxError ? error.message : String(error),
      raw: false,
    });
    return inert;
  }
  const metadata = context.metadata.get(parsed.id);
  const fn = context.standIn.functions.get(parsed.id);
  if (metadata === undefined || fn === undefined) {
    report({
      state: "error",
      code: "#NAME?",
      message: `INDEX.${parsed.id} is not a function of this add-in`,
      raw: false,
    });
    return inert;
  }
  let cancelled = false;
  const invocation: StandInInvocation = {
    address: context.address ?? "Preview!A1",
    setResult: (value) => {
      if (!cancelled) report(outcomeOfValue(value));
    },
  };
  try {
    const given =
      context.callingObject === undefined ? parsed.args : [context.callingObject as FormulaValue, ...parsed.args];
    const args = buildArguments(metadata, given, invocation);
    report({ state: "busy" });
    const returned = fn(...args);
    if (!metadata.options?.stream) {
      Promise.resolve(returned).then(
        (value) => report(outcomeOfValue(value)),
        (reason: unknown) => report(outcomeOfRejection(reason)),
      );
    }
  } catch (error) {
    report(
      error instanceof ArgumentMismatch
        ? { state: "error", code: "#VALUE!", message: error.message, raw: false }
        : outcomeOfRejection(error),
    );
  }
  return {
    cancel: () => {
      if (cancelled) return;
      cancelled = true;
      invocation.onCanceled?.();
    },
  };
}
