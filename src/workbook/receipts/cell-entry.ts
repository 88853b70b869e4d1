/**
 * How the freeze path writes a constant into a cell so that Excel keeps exactly that constant. One owner, used for
 * frozen cells and every receipt cell.
 *
 * Range.values parses text as if it were typed: a string starting with "=", "+" or "-" becomes a formula (Office.js
 * documents this for Range.values), "@" does on hosts with Lotus-style entry, and text that looks like a number,
 * a date, TRUE or an error code becomes one. Service text must stay text, so every string is written with a
 * leading apostrophe, which Excel consumes and which marks the rest as text on every host and every version
 * (ExcelApi 1.1; the same apostrophe a user types, also used by VBA's `Range.Value = "'1"`). Reading the cell
 * back gives the text without the apostrophe.
 *
 * A text number format ("@") was the alternative and is not used: it replaces the number format the cell had
 * (freezing promises to keep formats), it only governs what is entered after it (two writes whose order every
 * host must honour), and it would turn any formula the user later types into that cell into text as well.
 */

/** The most characters one cell holds; Excel refuses a longer write (and a function result past it is #CALC!). */
export const CELL_TEXT_LIMIT = 32_767;

/** The entry that writes `text` as text, whatever it looks like. The empty string stays an empty cell. */
export function textEntry(text: string): string {
  return text === "" ? "" : `'${text}`;
}

/**
 * The entry that writes back a value read from a cell (Range.values, with its Range.valueTypes): an error code
 * as the error constant ("#N/A" entered is the error), text as text, numbers and booleans as they are.
 */
export function constantEntry(value: unknown, valueType: string | undefined): unknown {
  if (valueType === "Error") return value;
  if (typeof value === "string") return textEntry(value);
  return value;
}

/** `text` cut to fit one cell with its apostrophe, ending in "…" when cut. */
export function withinCell(text: string): string {
  const room = CELL_TEXT_LIMIT - 1;
  return text.length <= room ? text : `${text.slice(0, room - 1)}…`;
}
