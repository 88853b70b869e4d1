import { cellAddress, parseRect } from "../../src/workbook/sheet-address";
import { basicValue } from "../support/office-fake/excel-typing";
import { FakeWorkbook, type FakeDomain, type RangeWrite } from "../support/office-fake/fake-workbook";

/**
 * The cells the data type suites start from, on the Office fake, and the values Microsoft documents for them
 * (written out here): a selection whose cells are given as valuesAsJson reads them, a formula where a cell has one.
 */
export interface SelectionCells {
  /** The selection, e.g. "Sheet1!B2:B7". */
  readonly selection: string;
  /** valuesAsJson of each cell of the selection (what a formula cell shows, where it has one). */
  readonly cells: readonly (readonly unknown[])[];
  /** Formulas where a cell has one. */
  readonly formulas?: readonly (readonly (string | undefined)[])[];
  /** Domains the workbook already has (an earlier runtime added them). */
  readonly domains?: ReadonlyMap<string, FakeDomain>;
}

/** A workbook holding `given.cells` at the selection; each formula there shows the value given for its cell. */
export async function selectionBook(given: SelectionCells): Promise<FakeWorkbook> {
  const at = parseRect(given.selection);
  if (at === undefined) throw new Error(`bad selection ${given.selection}`);
  const shows = (address: string) => {
    const cell = parseRect(address);
    const json = cell && given.cells[cell.top - at.top]?.[cell.left - at.left];
    return [[basicValue(json)]];
  };
  const sheets = at.sheet === "Sheet1" ? ["Sheet1"] : ["Sheet1", at.sheet];
  const book = new FakeWorkbook(async (_formula, address) => shows(address), sheets);
  given.cells.forEach((row, r) =>
    row.forEach((json, c) => {
      const formula = given.formulas?.[r]?.[c];
      if (formula !== undefined) book.type(cellAddress(at.sheet, at.top + r, at.left + c), formula);
      else if ((json as { type?: string }).type !== "Empty") book.writeJson(at.sheet, at.top + r, at.left + c, json);
    }),
  );
  for (const [id, domain] of given.domains ?? []) book.domains.set(id, structuredClone(domain));
  book.selection = given.selection;
  await book.settled();
  return book;
}

/** What Excel shows in valuesAsJson for a cell converted to the Index data type: a linked entity of the index domain. */
export const linkedIndexCell = (symbol: string) => ({
  type: "LinkedEntity",
  id: { entityId: symbol, domainId: "index", serviceId: 268436224, culture: "en-US" },
  text: symbol,
  basicValue: "#VALUE!",
  basicType: "Error",
});

/** valuesAsJson of a plain text cell. */
export const textCell = (value: string) => ({ type: "String", basicValue: value, basicType: "String" });

/** A synced write of Convert to Index: the linked entity of each symbol, down one column from `address`. */
export const linkedWrite = (address: string, ...symbols: string[]): RangeWrite => ({
  address,
  property: "valuesAsJson",
  value: symbols.map((symbol) => [linkedIndexCell(symbol)]),
});

/** A synced write of Convert to text: each symbol as plain text, down one column from `address`. */
export const textWrite = (address: string, ...symbols: string[]): RangeWrite => ({
  address,
  property: "valuesAsJson",
  value: symbols.map((symbol) => [{ type: "String", basicValue: symbol }]),
});
