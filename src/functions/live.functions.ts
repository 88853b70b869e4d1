// INDEX.LIVE: a streaming wrapper over the shared runtime's live feed (src/client/engine/live-feed.ts),
// which polls once per symbol however many cells watch it, and never faster than the tier's budget allows.
import { cellErrorFromFailure, isCellError, type ExcelScalar } from "../excel";
import { parseField, parseSymbol, parseWholeNumber } from "../excel/arguments";
import { fieldCell } from "../excel/fields/field-table";
import { LATEST_FIELDS, type LatestField } from "../excel/fields/latest-fields";
import { LATEST_FIELD_NAMES } from "../excel/formulas/latest";
import type { LiveUpdate } from "../client/engine/live-feed";
import { getContext } from "../office/context";
import { hostCapabilities, notReady, toRuntimeError } from "./runtime";

/** Seconds between checks when the formula does not say; the budget's floor may lengthen it. */
const DEFAULT_SECONDS = 30;

interface LiveRequest {
  readonly symbol: string;
  readonly field: LatestField;
  readonly seconds: number;
}

function parseLive(symbol: unknown, field: unknown, seconds: unknown): LiveRequest {
  return {
    symbol: parseSymbol(symbol),
    field: parseField(field, "field", LATEST_FIELD_NAMES, "value"),
    seconds: parseWholeNumber(seconds, "seconds", { min: 1, max: 86_400, default: DEFAULT_SECONDS }),
  };
}

/** What the cell shows for an update, or undefined to keep showing what it has. */
function cellFor(update: LiveUpdate, request: LiveRequest, hasValue: boolean): ExcelScalar | undefined {
  if (update.ok) return fieldCell(LATEST_FIELDS, request.field, update.fix, hostCapabilities());
  // A passing failure must not wipe a value the trader is watching; the next good poll updates it.
  return hasValue ? undefined : cellErrorFromFailure(update.error, { symbol: request.symbol, what: "live value" });
}

/**
 * The latest value of an index, live: the cell updates by itself when a new fix is published.
 * @customfunction LIVE LIVE
 * @param symbol Index symbol, e.g. "RTM-NWE-A-1x3" (see INDEX.LIST).
 * @param [field] Which figure to watch: "value" (default), "asOf", "confidence", "status" or any other field of INDEX.LATEST.
 * @param [seconds] How often to check for a new fix, in seconds. Default 30. The add-in checks less often when your rate limit requires it (many live symbols, anonymous tier).
 * @param invocation
 * @streaming
 */
export function live(symbol: string, field: string, seconds: number, invocation: CustomFunctions.StreamingInvocation<number | string | boolean | Excel.FormattedNumberCellValue>): void {
  let request: LiveRequest;
  try {
    request = parseLive(symbol, field, seconds);
  } catch (error) {
    invocation.setResult(toRuntimeError(cellErrorFromFailure(error, { what: "live value" })));
    return;
  }
  let shown: string | undefined;
  try {
    invocation.onCanceled = getContext().live.watch(request.symbol, request.seconds * 1000, (update) => {
      const cell = cellFor(update, request, shown !== undefined && !shown.startsWith("error:"));
      if (cell === undefined) return;
      const identity = isCellError(cell) ? `error:${cell.message}` : JSON.stringify(cell);
      if (identity === shown) return; // push only on change
      shown = identity;
      invocation.setResult(isCellError(cell) ? toRuntimeError(cell) : cell);
    });
  } catch (error) {
    invocation.setResult(toRuntimeError(notReady(error)));
  }
}
