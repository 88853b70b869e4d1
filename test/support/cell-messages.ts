import { isCellError, type ExcelScalar } from "../../src/formulas";
import { PARAMETERS, type IndexFunctionName } from "./index-functions";

/*
 * What makes an error cell's message clear, for suites that cannot know the exact wording in advance
 * (random arguments): a #VALUE! names one of the function's own parameters, and an #N/A is one of the
 * few things that can be missing. The exact wordings are pinned by the tests of each function.
 */

/** The #N/A messages: an unknown index, an index without data, or something this service does not publish. */
const NOT_AVAILABLE: readonly RegExp[] = [
  /^unknown index '.*': check the symbol \(INDEX\.LIST\(\) shows every index; symbols are case-sensitive\)$/s,
  /^no data: '.*' has no (latest fix|latest value|history|volatility|forward curve|capacity metrics) yet$/s,
  /^no data: ('.*' has no|none of .* has) values in this date range$/s,
  /^'.*' is not published by this service$/s,
  /^this service publishes no methodology document; only "version" is known \(from the latest fixes\)$/,
  /^no \d+M tenor on the forward curve of '.*' \(it has .*\)$/s,
  /^the (1D|1W|1M|3M|6M|YTD|1Y) base of '.*' \(\d{4}-\d\d-\d\d\) is 0: no percentage change$/s,
  /^the latest fix of '.*' has no readable date$/s,
];

/** Fails unless `cell` is a value, or an error a person at the sheet can act on. */
export function expectClearCell(name: IndexFunctionName, cell: ExcelScalar): void {
  if (!isCellError(cell)) return;
  const { code, message } = cell;
  const clear =
    code === "#VALUE!"
      ? PARAMETERS[name].some((parameter) => message.startsWith(`${parameter}: `))
      : code === "#N/A" && NOT_AVAILABLE.some((form) => form.test(message));
  expect({ name, code, message, clear }).toEqual({ name, code, message, clear: true });
}
