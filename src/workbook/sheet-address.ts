/**
 * A1 addresses as Excel writes them ("Sheet1!B2", "'My sheet'!$B$2:$D$9"): parsed to compare the engine's
 * address index (invocation.address) with a scope's ranges, and formatted for cells inside a range.
 */

/** A rectangle of one sheet, zero-based and inclusive. */
export interface SheetRect {
  readonly sheet: string;
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

/** A rectangle of cells on a sheet the context names, zero-based and inclusive. */
export type CellRect = Omit<SheetRect, "sheet">;

function columnIndex(letters: string): number {
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/** A zero-based column's letters: 0 is A, 26 is AA. */
export function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function splitSheet(address: string): [string, string] {
  const bang = address.lastIndexOf("!");
  if (bang < 0) return ["", address];
  const sheet = address
    .slice(0, bang)
    .replace(/^'(.*)'$/, "$1")
    .replace(/''/g, "'");
  return [sheet, address.slice(bang + 1)];
}

function parseCell(text: string): [number, number] | undefined {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(text);
  if (match === null || match[1] === undefined || match[2] === undefined) return undefined;
  return [Number(match[2]) - 1, columnIndex(match[1])];
}

/** "Sheet1!B2:D9" → its rectangle; undefined for whole rows/columns or anything else unparsable. */
export function parseRect(address: string): SheetRect | undefined {
  const [sheet, cells] = splitSheet(address);
  const [from = "", to = from] = cells.split(":");
  const start = parseCell(from);
  const end = parseCell(to);
  if (start === undefined || end === undefined) return undefined;
  return {
    sheet,
    top: Math.min(start[0], end[0]),
    left: Math.min(start[1], end[1]),
    bottom: Math.max(start[0], end[0]),
    right: Math.max(start[1], end[1]),
  };
}

/** The one spelling used to compare addresses: unquoted sheet, no $, upper case. */
export function normalizeAddress(address: string): string {
  const rect = parseRect(address);
  return rect === undefined ? address : cellAddress(rect.sheet, rect.top, rect.left, false);
}

/** "Sheet1!B2" (quoted when the sheet name needs it, unless `quoted` is false). */
export function cellAddress(sheet: string, row: number, column: number, quoted = true): string {
  const needsQuotes = quoted && /[^A-Za-z0-9_.]/.test(sheet);
  const name = needsQuotes ? `'${sheet.replace(/'/g, "''")}'` : sheet;
  return `${name}!${columnLetters(column)}${row + 1}`;
}

/** A rectangle's cells without a sheet, zero-based rows and columns: "B2:D9" (one cell: "B2"), for getRange. */
export function localRange(top: number, left: number, bottom = top, right = left): string {
  const first = `${columnLetters(left)}${top + 1}`;
  return top === bottom && left === right ? first : `${first}:${columnLetters(right)}${bottom + 1}`;
}

/** A rectangle's cells as getRange takes them: "B2:D9". */
export function rectRange(rect: CellRect): string {
  return localRange(rect.top, rect.left, rect.bottom, rect.right);
}

/** The cell part of an address, e.g. "B2:D9", for worksheet.getRange. */
export function localPart(address: string): string {
  return splitSheet(address)[1].replace(/\$/g, "");
}

export function sheetOf(address: string): string {
  return splitSheet(address)[0];
}

export function contains(rect: SheetRect, address: string): boolean {
  const cell = parseRect(address);
  if (cell === undefined || cell.sheet.toLowerCase() !== rect.sheet.toLowerCase()) return false;
  return cell.top >= rect.top && cell.top <= rect.bottom && cell.left >= rect.left && cell.left <= rect.right;
}

/** Visits each cell of `grid` (a range's loaded values, formulas…, read at `address`) with the cell's own address. */
export function eachCellOf<T>(
  address: string,
  grid: readonly (readonly T[])[],
  visit: (value: T, cell: string, r: number, c: number) => void,
): void {
  const rect = parseRect(address);
  if (rect === undefined) return;
  grid.forEach((row, r) =>
    row.forEach((value, c) => visit(value, cellAddress(rect.sheet, rect.top + r, rect.left + c), r, c)),
  );
}
