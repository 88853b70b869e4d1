import { FakeWorkbook } from "./fake-workbook";

/**
 * How the custom functions of an insert test answer. Excel runs them asynchronously: right after the add-in writes a
 * formula its cell shows #BUSY!, and the answer arrives while the add-in waits between looks. Here it arrives at the
 * add-in's `atSync`th context.sync (the write is the first): a table of `rows` × `columns` with its header first, or
 * the error `error`.
 */
export interface Answer {
  /** @default 2 (the first look after the write); Infinity: never */
  readonly atSync?: number;
  /** @default 40 */
  readonly rows?: number;
  /** @default 2 */
  readonly columns?: number;
  /** An error code such as "#N/A", answered instead of a table. */
  readonly error?: string;
}

function table(rows: number, columns: number): unknown[][] {
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c) => (r === 0 ? `header ${c + 1}` : 45_000 + r * columns + c)),
  );
}

/** An empty workbook whose active cell is Sheet1!B2 (as the user left it), every formula answering `answer`. */
export function insertWorkbook(answer: Answer = {}): FakeWorkbook {
  const { atSync = 2, rows = 40, columns = 2, error } = answer;
  const result = error === undefined ? table(rows, columns) : [[{ type: "Error", basicValue: error }]];
  const book: FakeWorkbook = new FakeWorkbook(async () => {
    await book.untilSync(atSync);
    return result;
  });
  book.selection = "Sheet1!B2";
  return book;
}
