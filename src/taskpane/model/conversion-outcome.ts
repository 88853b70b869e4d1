import { type ConvertOutcome, type DataTypeReport } from "../../office";
import type { ActionOutcome } from "../components/ActionResult/ActionResult.types";
import { describeError } from "./errors";

/** A conversion's outcome as the pane shows it: a warning when it left cells untouched or did something else than asked. */
function describeConversion(outcome: ConvertOutcome): ActionOutcome {
  return { intent: outcome.changed === 0 || outcome.notable ? "warning" : "success", text: outcome.message };
}

/** A ribbon button's report (or the pane's own action ending so): the outcome, or the failure in the pane's words. */
export function describeDataTypeReport(report: DataTypeReport): ActionOutcome {
  return "error" in report
    ? { intent: "error", text: describeError(report.error) }
    : describeConversion(report.outcome);
}
