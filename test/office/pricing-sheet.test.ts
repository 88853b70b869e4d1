import { indexSymbolOf } from "../../src/formulas";
import { PRICING_SHEETS_SETTING } from "../../src/office/pricing-sheets/survey";
import { isIndexFormula } from "../../src/office/refresh/scope-ranges";
import { DEFAULT_TEMPLATE } from "../../src/workbook/pricing-sheets/default-template";
import { readBuiltSheets } from "../../src/workbook/pricing-sheets/record";
import type { PricingTemplate } from "../../src/workbook/pricing-sheets/template";
import { restorableFormula } from "../../src/workbook/receipts/receipt-formula";
import { cellMark } from "../support/office-fake/cell-rules";
import { basicValue } from "../support/office-fake/excel-typing";
import { builderOn, listOf, pricingBook, usePricingRig } from "./pricing-support";
import type { FakeWorkbook } from "../support/office-fake/fake-workbook";
import { keyParts } from "../support/office-fake/cell-grid";

/**
 * The sheet builder as the pane calls it, on the workbook fake, its formulas evaluated by the real INDEX functions
 * against the reference service (41 indexes of long symbols beside its 9: a list of 50). A list builds one sheet with
 * one table holding every column of the template, its number formats and its rules (a change up in green, down in
 * red), a frozen header row, and the list's last 90 days in panels that read their symbols from the table's Index
 * column, with charts; a second build updates that sheet in place; every formula is within Excel's limits; a hostile
 * template or an unknown symbol is refused, naming the problem, with nothing written. Expected layouts are read off
 * the template, a fixture.
 */
const rig = usePricingRig();
const SHEET = "Pricing Desk fifty";
const at = (address: string) => `'${SHEET}'!${address}`;
const list = (symbols: readonly string[], name = "Desk fifty") => listOf(symbols, name, "list_fifty01");
const letter = (column: number) => String.fromCharCode(65 + column);

/** Every column of the template below the header: header text, formulas and number formats, row by row. */
function expectColumns(book: FakeWorkbook, symbols: readonly string[]): void {
  expect(book.valuesIn(at("A1:M1"))).toEqual([["Index", ...DEFAULT_TEMPLATE.columns.map((column) => column.header)]]);
  DEFAULT_TEMPLATE.columns.forEach((column, c) => {
    const cells = symbols.map((_, r) => at(`${letter(c + 1)}${r + 2}`));
    expect(cells.map((cell) => book.formulaAt(cell))).toEqual(
      symbols.map((symbol) => column.formula.replace("{symbol}", `"${symbol}"`)),
    );
    expect(cells.map((cell) => book.formatAt(cell))).toEqual(symbols.map(() => column.numberFormat ?? "General"));
  });
  expect(symbols.map((_, r) => indexSymbolOf(book.shown(at(`A${r + 2}`))))).toEqual(symbols);
}

const BAD = { fill: "#FFC7CE", font: "#9C0006" };
const NEUTRAL = { fill: "#FFEB9C", font: "#9C5700" };
const GOOD = { fill: "#C6EFCE", font: "#006100" };

function expectedRules(last: number) {
  const change = (c: string) => [
    { address: `${c}2:${c}${last}`, formula: `=AND(ISNUMBER($${c}2),$${c}2>0)`, ...GOOD },
    { address: `${c}2:${c}${last}`, formula: `=AND(ISNUMBER($${c}2),$${c}2<0)`, ...BAD },
  ];
  return [
    { address: `B2:B${last}`, formula: "=AND(ISNUMBER($C2),$C2<TODAY()-2)", ...BAD },
    { address: `B2:B${last}`, formula: "=LEN($J2)>0", ...NEUTRAL },
    { address: `C2:C${last}`, formula: "=AND(ISNUMBER($C2),$C2<TODAY()-2)", ...BAD },
    ...["D", "E", "F", "G"].flatMap(change),
    { address: `H2:H${last}`, formula: "=AND(ISNUMBER($H2),$H2<50)", ...BAD },
    { address: `I2:I${last}`, formula: '=$I2="STALE"', ...BAD },
    { address: `J2:J${last}`, formula: "=LEN($J2)>0", ...NEUTRAL },
  ];
}

/** The sheet's conditional formats as addresses and marks, in the template's order (the first of a column wins). */
function rulesOf(book: FakeWorkbook) {
  const local = (r: { top: number; left: number; bottom: number; right: number }) =>
    `${letter(r.left)}${r.top + 1}:${letter(r.right)}${r.bottom + 1}`;
  return book
    .sheet(SHEET)
    .rules.map(({ rect, formula, fill, font }) => ({ address: local(rect), formula, fill, font }))
    .sort((a, b) => a.address.localeCompare(b.address) || 0);
}

const panelFormula = (from: number, to: number) => `=INDEX.PANEL($A$${from}:$A$${to},"-90D",TODAY(),"previous")`;

describe("a list of 50", () => {
  it("builds one sheet: a table of every column, format and rule, a frozen header, panels reading the Index column, charts", async () => {
    const fifty = rig.symbols;
    expect(fifty).toHaveLength(50);
    const book = pricingBook(rig);
    const { actions, calls } = builderOn(rig, book);
    expect(await actions.build(list(fifty), DEFAULT_TEMPLATE)).toEqual({
      built: true,
      message:
        'Built the sheet "Pricing Desk fifty": 50 indexes in a table of 13 columns, and under it the list\'s last days in 3 panels with charts.',
    });
    expect(calls).toEqual([{ mergeUndoGroup: true }]);
    expect([[...book.sheets.keys()], book.active]).toEqual([["Sheet1", SHEET], SHEET]);
    const [table] = book.tablesOn(SHEET);
    expect(book.tables.map((t) => [t.name, t.rect, t.style])).toEqual([
      ["IndexPricing_list_fifty01", { top: 0, left: 0, bottom: 50, right: 12 }, "TableStyleMedium2"],
    ]);
    expectColumns(book, fifty);
    expect(rulesOf(book)).toEqual(expectedRules(51).sort((a, b) => a.address.localeCompare(b.address) || 0));
    expect(book.sheet(SHEET).frozenRows).toBe(1);
    expect(["A53", "W53", "AS53"].map((cell) => book.formulaAt(at(cell)))).toEqual([
      panelFormula(2, 21),
      panelFormula(22, 41),
      panelFormula(42, 51),
    ]);
    await book.settled();
    // Each panel read its symbols from the Index column's Index values, and spills: its header names them.
    const blocks = [fifty.slice(0, 20), fifty.slice(20, 40), fifty.slice(40)];
    for (const [b, column] of [0, 22, 44].entries()) {
      expect(book.spillRange(SHEET, 52, column)).toBeDefined();
      const header = book.spillValues(at(`${columnName(column)}53`))[0]?.slice(1);
      expect(header).toEqual(blocks[b]);
    }
    const charts = book.sheet(SHEET).charts;
    expect(charts.map((c) => [c.name, c.source, c.title, c.position])).toEqual([
      [
        "IndexPricing_list_fifty01_chart1",
        { top: 52, left: 0, bottom: 143, right: 20 },
        "Desk fifty: last 90 days (1 of 3)",
        ["O1", "V18"],
      ],
      [
        "IndexPricing_list_fifty01_chart2",
        { top: 52, left: 22, bottom: 143, right: 42 },
        "Desk fifty: last 90 days (2 of 3)",
        ["O20", "V37"],
      ],
      [
        "IndexPricing_list_fifty01_chart3",
        { top: 52, left: 44, bottom: 143, right: 54 },
        "Desk fifty: last 90 days (3 of 3)",
        ["O39", "V56"],
      ],
    ]);
    const record = readBuiltSheets(book.settings.get(PRICING_SHEETS_SETTING));
    expect(record).toEqual({
      readable: true,
      sheets: [
        {
          listId: "list_fifty01",
          sheetId: book.sheet(SHEET).id,
          tableId: table?.id,
          origin: { row: 0, column: 0 },
          symbols: fifty,
          template: DEFAULT_TEMPLATE,
          charts: charts.map((c) => c.id),
          rules: expect.arrayContaining(book.sheet(SHEET).rules.map((r) => r.id)),
        },
      ],
    });
  });

  it("writes only formulas of the add-in's own, each one restore takes, each within Excel's limits", async () => {
    const book = pricingBook(rig);
    await builderOn(rig, book).actions.build(list(rig.symbols.slice(0, 30), "Desk thirty"), DEFAULT_TEMPLATE);
    const written = Object.values(book.liveFormulas());
    expect(written).toHaveLength(30 * 12 + 2);
    for (const formula of written) {
      expect(isIndexFormula(formula)).toBe(true);
      expect({ formula, verdict: restorableFormula(formula) }).toEqual({ formula, verdict: { ok: true } });
      // Excel's limits, counted here: 8,192 characters a formula, 255 a text constant.
      const longest = Math.max(
        0,
        ...[...formula.matchAll(/"((?:[^"]|"")*)"/g)].map(([, text = ""]) => text.replace(/""/g, '"').length),
      );
      expect({ formula, length: formula.length <= 8_192, longest: longest <= 255 }).toEqual({
        formula,
        length: true,
        longest: true,
      });
    }
  });

  it("updates the same sheet in place on a second build, whatever it is called now, leaving nothing behind", async () => {
    const book = pricingBook(rig);
    const { actions } = builderOn(rig, book);
    await actions.build(list(rig.symbols), DEFAULT_TEMPLATE);
    await book.settled();
    const [table] = book.tables;
    const charts = book.sheet(SHEET).charts.map((chart) => chart.id);
    book.renameSheet(SHEET, "My prices");
    const thirty = [...rig.symbols].reverse().slice(0, 30);
    const outcome = await actions.build(list(thirty, "Desk thirty"), DEFAULT_TEMPLATE);
    expect(outcome.message).toBe(
      'Updated the sheet "My prices" in place: 30 indexes in a table of 13 columns, and under it the list\'s last days in 2 panels with charts.',
    );
    expect([...book.sheets.keys()]).toEqual(["Sheet1", "My prices"]);
    expect(book.tables.map((t) => [t.id, t.name, t.rect])).toEqual([
      [table?.id, table?.name, { top: 0, left: 0, bottom: 30, right: 12 }],
    ]);
    expect(book.sheet("My prices").charts.map((chart) => [chart.id, chart.source])).toEqual([
      [charts[0], { top: 32, left: 0, bottom: 123, right: 20 }],
      [charts[1], { top: 32, left: 22, bottom: 123, right: 32 }],
    ]);
    // Nothing of the first build is left: its rows 32 to 51 and its third panel are empty, their formats General.
    const cells = [...book.cells("My prices")].filter(([, cell]) => cell.formula !== undefined || cell.value !== "");
    expect(
      cells
        .map(([key]) => key)
        .filter((key) => keyParts(key)[0] > 30)
        .sort(),
    ).toEqual(["32,0", "32,22"]);
    expect(book.formatAt("'My prices'!B51")).toBe("General");
    expect(book.sheet("My prices").rules).toHaveLength(expectedRules(31).length);
  });

  it("writes the symbols as text where Excel has no linked data types, and says so", async () => {
    const book = pricingBook(rig);
    const outcome = await builderOn(rig, book, { entities: false }).actions.build(
      list(rig.symbols.slice(0, 3)),
      DEFAULT_TEMPLATE,
    );
    expect(outcome.message).toMatch(
      /The Index column holds symbols: Index values need Excel with linked data types\.$/,
    );
    expect(book.valuesIn(at("A2:A4"))).toEqual(rig.symbols.slice(0, 3).map((s) => [s]));
  });
});

function columnName(column: number): string {
  let name = "";
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

describe("red and green changes", () => {
  it("each change cell of the default sheet is green when up, red when down, unmarked when flat or not a number", async () => {
    const book = pricingBook(rig);
    await builderOn(rig, book).actions.build(list(rig.symbols.slice(0, 9)), DEFAULT_TEMPLATE);
    await book.settled();
    const seen = new Set<string>();
    for (const column of ["D", "E", "F", "G"]) {
      for (let row = 2; row <= 10; row += 1) {
        const value = basicValue(book.shown(at(`${column}${row}`)));
        const expected = typeof value !== "number" || value === 0 ? {} : value > 0 ? GOOD : BAD;
        seen.add(JSON.stringify(expected));
        expect({ cell: `${column}${row}`, mark: cellMark(book, at(`${column}${row}`), new Date()) }).toEqual({
          cell: `${column}${row}`,
          mark: expected,
        });
      }
    }
    // The reference service's indexes both rose and fell over these periods: both colours were seen.
    expect([...seen]).toEqual(expect.arrayContaining([JSON.stringify(GOOD), JSON.stringify(BAD)]));
  });
});

describe("refused before anything is written", () => {
  const withColumn = (patch: Partial<PricingTemplate["columns"][number]>): PricingTemplate => ({
    ...DEFAULT_TEMPLATE,
    columns: [
      { ...(DEFAULT_TEMPLATE.columns[0] as PricingTemplate["columns"][number]), ...patch },
      ...DEFAULT_TEMPLATE.columns.slice(1),
    ],
  });

  it.each([
    [
      { formula: '=WEBSERVICE("http://example.com/steal")' },
      "columns[0].formula: it calls WEBSERVICE, which is not an INDEX function",
    ],
    [{ formula: "=INDEX.NOPE({symbol})" }, "columns[0].formula: INDEX.NOPE is not a function of this add-in"],
    [{ formula: "=INDEX.LATEST(A1)" }, "columns[0].formula: it refers to a cell; write {symbol} for the row's index"],
    [{ formula: "=INDEX.LATEST({other})" }, "columns[0].formula: only {symbol} may stand for the row's index"],
    [
      { numberFormat: '"6.2160";"6.2160";"6.2160"' },
      "columns[0].numberFormat: its first (positive) section is text only, so it would show that text instead of the value",
    ],
    [
      { header: "Latest\u202E" },
      "columns[0].header: must be visible text: it holds U+202E (right-to-left override), an invisible character that reorders or hides text",
    ],
  ])("a template with %o", async (patch, problem) => {
    const book = pricingBook(rig);
    const { actions, calls } = builderOn(rig, book);
    expect(await actions.build(list(rig.symbols), withColumn(patch))).toEqual({
      built: false,
      message: `The template cannot be used: ${problem}. Nothing was written.`,
    });
    expect({ calls, changes: book.changes, sheets: book.sheets.size, settings: book.settings.size }).toEqual({
      calls: [],
      changes: 0,
      sheets: 1,
      settings: 0,
    });
  });

  it("a list naming a symbol the service does not list, or in the wrong case", async () => {
    const book = pricingBook(rig);
    const { actions, calls } = builderOn(rig, book);
    const outcome = await actions.build(list(["RTM-NWE-A-1x3", "RTM-NOPE-1x3", "rtm-nwe-b-1x3"]), DEFAULT_TEMPLATE);
    expect(outcome).toEqual({
      built: false,
      message:
        '"RTM-NOPE-1x3", "rtm-nwe-b-1x3" (did you mean "RTM-NWE-B-1x3"?) are not indexes of this service: check the symbols (INDEX.LIST() shows every index). Nothing was written.',
    });
    expect({ calls, changes: book.changes, settings: book.settings.size }).toEqual({
      calls: [],
      changes: 0,
      settings: 0,
    });
  });
});
