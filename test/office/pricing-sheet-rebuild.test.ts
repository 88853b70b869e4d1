import { serialToMs } from "../../src/formulas/dates";
import { PRICING_SHEETS_SETTING } from "../../src/office/pricing-sheets/survey";
import { DEFAULT_TEMPLATE } from "../../src/workbook/pricing-sheets/default-template";
import { basicValue } from "../support/office-fake/excel-typing";
import { cellMark } from "../support/office-fake/cell-rules";
import { renameChart, renameTable } from "../support/office-fake/sheet-objects";
import { builderOn, listOf, pricingBook, sheetCells, usePricingRig } from "./pricing-support";
import type { FakeWorkbook } from "../support/office-fake/fake-workbook";

/**
 * Each row of the table of what went wrong when a trader's sheet was built again (issue 47), as the trader meets it,
 * through the builder the pane calls, on a workbook that behaves as Excel does (spills, tables growing over a typed
 * neighbour, protection, sheet names, undo groups). Each test failed on the builder before these fixes.
 */
const rig = usePricingRig();
const SHEET = "Pricing Metals";
const BAD = { fill: "#FFC7CE", font: "#9C0006" };

/** The list's first `n` indexes, built once on a fresh workbook; every formula settled. */
async function built(
  n: number,
  template = DEFAULT_TEMPLATE,
): Promise<{ book: FakeWorkbook; build: ReturnType<typeof builderOn> }> {
  const book = pricingBook(rig);
  const build = builderOn(rig, book);
  const outcome = await build.actions.build(listOf(rig.symbols.slice(0, n)), template);
  expect(outcome).toMatchObject({ built: true });
  await book.settled();
  return { book, build };
}

const NO_PANEL = { ...DEFAULT_TEMPLATE, panel: undefined };

describe("a cell the builder does not own is in the way", () => {
  it("the list grows from 5 to 6 with =AVERAGE(…) in A100, where the new panel would spill: nothing is written, A100 named", async () => {
    const { book, build } = await built(5);
    book.type(`'${SHEET}'!A100`, "=AVERAGE(B2:B6)");
    await book.settled();
    const before = sheetCells(book, SHEET);
    const outcome = await build.actions.build(listOf(rig.symbols.slice(0, 6)), DEFAULT_TEMPLATE);
    expect(outcome.built).toBe(false);
    expect(outcome.message).toMatch(/\bA100\b/);
    expect(outcome.message).toMatch(/Nothing was written/);
    await book.settled();
    expect(sheetCells(book, SHEET)).toEqual(before);
    expect(book.shown(`'${SHEET}'!A8`)).not.toBe("#SPILL!");
  });

  it("a template without a panel, the list grows from 5 to 7, and a desk total two rows under the table: both cells named and kept", async () => {
    const { book, build } = await built(5, NO_PANEL);
    book.type(`'${SHEET}'!A8`, "Desk total");
    book.type(`'${SHEET}'!B8`, "=SUM(B2:B6)");
    await book.settled();
    const outcome = await build.actions.build(listOf(rig.symbols.slice(0, 7)), NO_PANEL);
    expect(outcome.built).toBe(false);
    expect(outcome.message).toMatch(/\bA8\b.*\bB8\b|A8:B8/);
    expect([book.shown(`'${SHEET}'!A8`), book.formulaAt(`'${SHEET}'!B8`)]).toEqual(["Desk total", "=SUM(B2:B6)"]);
  });

  it("a note typed right beside the table (Excel grows the table over it) is the trader's: kept when the sheet is built again", async () => {
    const { book, build } = await built(5);
    book.type(`'${SHEET}'!N3`, "check with the desk");
    expect(book.tablesOn(SHEET)[0]?.rect.right).toBe(13);
    const outcome = await build.actions.build(listOf(rig.symbols.slice(0, 5)), DEFAULT_TEMPLATE);
    expect(outcome.built).toBe(true);
    expect(book.valuesIn(`'${SHEET}'!N1:N3`)).toEqual([["Column1"], [""], ["check with the desk"]]);
  });

  it("a column Excel added to the table over a note is refused, never cleared, when the new layout needs its place", async () => {
    const { book, build } = await built(5);
    book.type(`'${SHEET}'!N3`, "check with the desk");
    const wider = {
      ...DEFAULT_TEMPLATE,
      columns: [...DEFAULT_TEMPLATE.columns, { key: "vol90", header: "Vol 90D", formula: "=INDEX.VOL({symbol},90)" }],
    };
    const outcome = await build.actions.build(listOf(rig.symbols.slice(0, 5)), wider);
    expect(outcome).toMatchObject({
      built: false,
      message: expect.stringContaining("The cells N1 and N3 are in the way"),
    });
    expect(book.valuesIn(`'${SHEET}'!N1:N3`)).toEqual([["Column1"], [""], ["check with the desk"]]);
  });
});

describe("what the builder made is found by its id", () => {
  it("a table the trader renamed is updated in place, keeping its name, and the sheet is whole", async () => {
    const { book, build } = await built(5);
    const [table] = book.tablesOn(SHEET);
    if (table === undefined) throw new Error("no table was built");
    renameTable(book, table, "DeskPrices");
    const outcome = await build.actions.build(listOf(rig.symbols.slice(0, 6)), DEFAULT_TEMPLATE);
    expect(outcome).toMatchObject({
      built: true,
      message: expect.stringMatching(/^Updated the sheet "Pricing Metals" in place/),
    });
    expect(book.tablesOn(SHEET).map((t) => [t.id, t.name, t.rect])).toEqual([
      [table.id, "DeskPrices", { top: 0, left: 0, bottom: 6, right: 12 }],
    ]);
    expect(book.sheet(SHEET).rules.filter((rule) => rule.rect.bottom === 6)).toHaveLength(
      book.sheet(SHEET).rules.length,
    );
    expect(book.sheet(SHEET).charts).toHaveLength(1);
    expect(book.formatAt(`'${SHEET}'!B7`)).toBe("0.0000");
  });

  it("where Excel cannot resize a table (before ExcelApi 1.13) the trader's table is made again, keeping its name", async () => {
    const book = pricingBook(rig);
    const { actions } = builderOn(rig, book, { tableResize: false });
    await actions.build(listOf(rig.symbols.slice(0, 5)), DEFAULT_TEMPLATE);
    const [table] = book.tablesOn(SHEET);
    if (table === undefined) throw new Error("no table was built");
    renameTable(book, table, "DeskPrices");
    expect(await actions.build(listOf(rig.symbols.slice(0, 6)), DEFAULT_TEMPLATE)).toMatchObject({ built: true });
    expect(book.tablesOn(SHEET).map((t) => [t.name, t.rect])).toEqual([
      ["DeskPrices", { top: 0, left: 0, bottom: 6, right: 12 }],
    ]);
    expect(book.valuesIn(`'${SHEET}'!A1:C1`)).toEqual([["Index", "Latest", "As of"]]);
  });

  it("a chart the trader renamed is updated in place, not stacked under a second one", async () => {
    const { book, build } = await built(5);
    const sheet = book.sheet(SHEET);
    const [chart] = sheet.charts;
    if (chart === undefined) throw new Error("no chart was built");
    renameChart(sheet, chart, "Desk chart");
    await build.actions.build(listOf(rig.symbols.slice(0, 6)), DEFAULT_TEMPLATE);
    expect(sheet.charts.map((c) => [c.id, c.name, c.source])).toEqual([
      [chart.id, "Desk chart", { top: 8, left: 0, bottom: 99, right: 6 }],
    ]);
  });

  it("a record this version cannot read is replaced cleanly: a new sheet, whole, with a table name unique in the workbook", async () => {
    const { book, build } = await built(5);
    const before = sheetCells(book, SHEET);
    book.settings.set(PRICING_SHEETS_SETTING, '{"version":9,"sheets":"from a later version"}');
    const outcome = await build.actions.build(listOf(rig.symbols.slice(0, 5)), DEFAULT_TEMPLATE);
    expect(outcome.built).toBe(true);
    const names = book.tables.map((table) => table.name);
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(2);
    expect(book.tablesOn(`${SHEET} (2)`)).toHaveLength(1);
    expect(book.sheet(`${SHEET} (2)`).charts).toHaveLength(1);
    expect(sheetCells(book, SHEET)).toEqual(before);
  });
});

describe("Excel's own refusals and limits", () => {
  it("a protected sheet: nothing is written, and the pane says it is protected and what to do", async () => {
    const { book, build } = await built(5);
    const before = sheetCells(book, SHEET);
    book.sheet(SHEET).protected = true;
    const outcome = await build.actions.build(listOf(rig.symbols.slice(0, 6)), DEFAULT_TEMPLATE);
    expect(outcome.built).toBe(false);
    expect(outcome.message).toContain("the sheet is protected: unprotect it or build on a new sheet");
    expect(sheetCells(book, SHEET)).toEqual(before);
  });

  it('a list named "Antwerp-Rotterdam desk\'s list" gets a sheet name Excel takes: no apostrophe at its end', async () => {
    const book = pricingBook(rig);
    const list = listOf(rig.symbols.slice(0, 2), "Antwerp-Rotterdam desk's list");
    expect(await builderOn(rig, book).actions.build(list, DEFAULT_TEMPLATE)).toMatchObject({ built: true });
    expect([...book.sheets.keys()]).toEqual(["Sheet1", "Pricing Antwerp-Rotterdam desk"]);
  });

  it("a list name with an emoji where the 31-character cut falls gets whole characters, never half an emoji", async () => {
    const book = pricingBook(rig);
    const list = listOf(rig.symbols.slice(0, 2), `${"x".repeat(22)}\u{1F4C8} desk`);
    expect(await builderOn(rig, book).actions.build(list, DEFAULT_TEMPLATE)).toMatchObject({ built: true });
    expect([...book.sheets.keys()][1]).toBe(`Pricing ${"x".repeat(22)}`);
  });

  it("a fix exactly 3 days old is marked stale, as the docs say (3 days or more); 2 days old is not", async () => {
    const { book } = await built(1);
    const asOf = basicValue(book.shown(`'${SHEET}'!C2`)) as number;
    expect(typeof asOf).toBe("number");
    const day = (days: number) => new Date(serialToMs(asOf + days));
    expect(cellMark(book, `'${SHEET}'!C2`, day(3))).toEqual(BAD);
    expect(cellMark(book, `'${SHEET}'!B2`, day(3))).toEqual(BAD);
    expect(cellMark(book, `'${SHEET}'!C2`, day(2))).toEqual({});
  });

  it("without ExcelApi 1.20 the message says the build cannot be undone in one step", async () => {
    const book = pricingBook(rig, { undoGroups: false });
    const { actions, calls } = builderOn(rig, book, { undoGroups: false });
    const outcome = await actions.build(listOf(rig.symbols.slice(0, 2)), DEFAULT_TEMPLATE);
    expect(calls).toEqual([undefined]);
    expect(outcome).toMatchObject({ built: true, message: expect.stringContaining("cannot be undone in one step") });
  });
});
