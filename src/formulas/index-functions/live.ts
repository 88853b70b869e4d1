import type { LiveFeed, LiveUpdate } from "../../engine";
import { subjectOf } from "../../client";
import { parseField, parseSymbol, parseWholeNumber } from "../arguments";
import { isCellError } from "../cell-error";
import type { ExcelCapabilities, ExcelScalar } from "../cells";
import { fieldCell } from "../fields/field-table";
import { LATEST_FIELDS, type LatestField } from "../fields/latest-fields";
import { cellErrorFromFailure } from "../service-errors";
import { LATEST_FIELD_NAMES } from "./latest";

/** Seconds between checks when the formula does not say; the budget's shortest interval may lengthen it. */
const DEFAULT_SECONDS = 30;

/** What INDEX.LIVE runs in: the app context's feed (asked for only once the arguments are good) and the host. */
export interface LiveEnv {
  readonly feed: () => Pick<LiveFeed, "watch">;
  readonly caps: ExcelCapabilities;
}

interface LiveRequest {
  readonly symbol: string;
  readonly field: LatestField;
  readonly seconds: number;
}

/**
 * INDEX.LIVE(symbol, [field], [seconds]): `show` hears the cell each time what it shows changes; returns
 * the function that stops watching. A bad argument is shown at once and nothing is watched.
 */
export function indexLive(
  env: LiveEnv,
  symbol: unknown,
  field: unknown,
  seconds: unknown,
  show: (cell: ExcelScalar) => void,
): () => void {
  let request: LiveRequest;
  try {
    request = {
      symbol: parseSymbol(symbol),
      field: parseField(field, "field", LATEST_FIELD_NAMES, "value"),
      seconds: parseWholeNumber(seconds, "seconds", { min: 1, max: 86_400, default: DEFAULT_SECONDS }),
    };
  } catch (error) {
    show(cellErrorFromFailure(error, { what: "live value" }));
    return () => undefined;
  }
  let shown: string | undefined;
  return env.feed().watch(request.symbol, request.seconds * 1000, (update) => {
    const cell = liveCell(update, request, env.caps, shown !== undefined && !shown.startsWith("error:"));
    if (cell === undefined) return;
    const identity = isCellError(cell) ? `error:${cell.message}` : JSON.stringify(cell);
    if (identity === shown) return; // push only on change
    shown = identity;
    show(cell);
  });
}

/** What the cell shows for an update, or undefined to keep showing what it has. */
function liveCell(
  update: LiveUpdate,
  request: LiveRequest,
  caps: ExcelCapabilities,
  hasValue: boolean,
): ExcelScalar | undefined {
  if (update.ok) return fieldCell(LATEST_FIELDS, request.field, update.fix, caps);
  // A passing failure must not wipe a value the trader is watching; the next good poll updates it.
  return hasValue ? undefined : cellErrorFromFailure(update.error, subjectOf("latest", [request.symbol]));
}
