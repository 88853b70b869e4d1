// INDEX.LIVE: a streaming wrapper over the shared runtime's live feed (src/client/engine/live-feed.ts),
// which polls once per symbol however many cells watch it, and never faster than the tier's budget allows.
import { indexLatest, indexLive } from "../excel";
import { streamResult } from "./runtime";

/**
 * The latest value of an index, live: the cell updates by itself when a new fix is published.
 * @customfunction LIVE LIVE
 * @param symbol Index symbol, e.g. "RTM-NWE-A-1x3" (see INDEX.LIST).
 * @param [field] Which figure to watch: "value" (default), "asOf", "confidence", "status" or any other field of INDEX.LATEST.
 * @param [seconds] How often to check for a new fix, in seconds. Default 30. The add-in checks less often when your rate limit requires it (many live symbols, anonymous tier).
 * @param invocation
 * @streaming
 */
export function live(
  symbol: string,
  field: string,
  seconds: number,
  invocation: CustomFunctions.StreamingInvocation<number | string | boolean | Excel.FormattedNumberCellValue>,
): void {
  streamResult(
    invocation,
    (env, show) => indexLive(env, symbol, field, seconds, show),
    (env) => indexLatest(env, symbol, field),
  );
}
