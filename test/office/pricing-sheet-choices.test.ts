import { indexSymbolOf } from "../../src/formulas";
import { PRICING_SHEETS_SETTING } from "../../src/office/pricing-sheets/survey";
import { DEFAULT_TEMPLATE, STARTER_TEMPLATES } from "../../src/workbook/pricing-sheets/default-template";
import { readBuiltSheets } from "../../src/workbook/pricing-sheets/record";
import { builderOn, listOf, pricingBook, sheetCells, usePricingRig } from "./pricing-support";
import type { FakeWorkbook } from "../support/office-fake/fake-workbook";

/**
 * What the builder does when it cannot simply write, and the trader's choices, through the builder the pane calls on
 * the workbook fake: Excel failing part-way takes everything back (in the same undo step where Excel has undo groups,
 * by the copy of the cells where it has not) and says what failed; a cell in the way offers to move the sheet's area;
 * a protected sheet offers a new sheet; "Rebuild all" builds every list's sheet from the template it was built with;
 * a deleted list's sheet is deleted with it, or kept as the trader's own.
 */
const rig = usePricingRig();
const SHEET = "Pricing Metals";
const metals = (n: number) => listOf(rig.symbols.slice(0, n));

/** Everything a trader could see of a sheet: cells, its tables, charts, conditional formats and frozen rows. */
function sheetState(book: FakeWorkbook, name: string) {
  const sheet = book.sheet(name);
  return {
    cells: sheetCells(book, name),
    tables: book.tablesOn(name).map(({ id, name: table, rect, style }) => ({ id, table, rect, style })),
    charts: sheet.charts.map((chart) => ({ ...chart })),
    rules: sheet.rules.map((rule) => ({ ...rule })),
    frozen: sheet.frozenRows,
  };
}

async function builtMetals(n: number, options: { undoGroups?: boolean } = {}) {
  const book = pricingBook(rig, options);
  const build = builderOn(rig, book, options);
  expect(await build.actions.build(metals(n), DEFAULT_TEMPLATE)).toMatchObject({ built: true });
  await book.settled();
  return { book, actions: build.actions };
}

describe("never half-written", () => {
  it.each([
    ["with undo groups (ExcelApi 1.20)", true],
    ["without them", false],
  ])(
    "Excel refusing a chart part-way through a rebuild: everything is back as it was, %s, and the pane says so",
    async (_how, undoGroups) => {
      const { book, actions } = await builtMetals(5, { undoGroups });
      const before = sheetState(book, SHEET);
      const record = book.settings.get(PRICING_SHEETS_SETTING);
      const steps = book.undoSteps;
      book.failNext("charts.add");
      const outcome = await actions.build(metals(21), DEFAULT_TEMPLATE);
      expect(outcome).toEqual({
        built: false,
        message:
          "The sheet could not be built: Excel refused a step (There was an internal error while processing the request). Everything the build had written was taken back; the sheet is as it was.",
      });
      await book.settled();
      expect(sheetState(book, SHEET)).toEqual(before);
      expect(book.settings.get(PRICING_SHEETS_SETTING)).toBe(record);
      // In an undo group the attempt and its taking back are one step; elsewhere each sync is one.
      if (undoGroups) expect(book.undoSteps).toBe(steps + 1);
      else expect(book.undoSteps).toBeGreaterThan(steps + 1);
    },
  );

  it("a first build Excel fails part-way leaves no sheet behind, and no record", async () => {
    const book = pricingBook(rig);
    book.failNext("conditionalFormats.add");
    const outcome = await builderOn(rig, book).actions.build(metals(3), DEFAULT_TEMPLATE);
    expect(outcome.built).toBe(false);
    expect([[...book.sheets.keys()], book.tables, book.settings.has(PRICING_SHEETS_SETTING)]).toEqual([
      ["Sheet1"],
      [],
      false,
    ]);
  });
});

describe("the trader's choices", () => {
  it("a cell in the way: the build offers to move the sheet's area where nothing is, and builds there, the cell kept", async () => {
    const { book, actions } = await builtMetals(5);
    book.type(`'${SHEET}'!A100`, "=AVERAGE(B2:B6)");
    const blocked = await actions.build(metals(6), DEFAULT_TEMPLATE);
    expect(blocked).toMatchObject({ built: false, choice: { kind: "move", origin: { row: 0, column: 1 }, at: "B1" } });
    expect(blocked.message).toContain("Move the sheet's area to B1, where nothing is in its way");
    const moved = await actions.build(metals(6), DEFAULT_TEMPLATE, { origin: { row: 0, column: 1 } });
    expect(moved).toMatchObject({
      built: true,
      message: expect.stringMatching(/^Updated the sheet "Pricing Metals" in place/),
    });
    await book.settled();
    expect(book.formulaAt(`'${SHEET}'!A100`)).toBe("=AVERAGE(B2:B6)");
    expect(book.tablesOn(SHEET).map((table) => table.rect)).toEqual([{ top: 0, left: 1, bottom: 6, right: 13 }]);
    expect(book.spillRange(SHEET, 8, 1)).toEqual({ top: 8, left: 1, bottom: 99, right: 7 });
    // Column A held the earlier Index column and panel: nothing of them is left, only the trader's A100.
    expect(Object.keys(sheetCells(book, SHEET)).filter((key) => key.endsWith(",0"))).toEqual(["99,0"]);
    // Built again, the sheet stays where it moved.
    await actions.build(metals(6), DEFAULT_TEMPLATE);
    expect(book.tablesOn(SHEET).map((table) => table.rect.left)).toEqual([1]);
  });

  it("a protected sheet: the build offers a new sheet, and builds there, the protected one left as it is", async () => {
    const { book, actions } = await builtMetals(5);
    book.sheet(SHEET).protected = true;
    const before = sheetState(book, SHEET);
    const refused = await actions.build(metals(6), DEFAULT_TEMPLATE);
    expect(refused).toMatchObject({ built: false, choice: { kind: "newSheet" } });
    const built = await actions.build(metals(6), DEFAULT_TEMPLATE, { newSheet: true });
    expect(built).toMatchObject({
      built: true,
      message: expect.stringMatching(/^Built the sheet "Pricing Metals \(2\)"/),
    });
    expect(sheetState(book, SHEET)).toEqual(before);
    expect(await actions.sheetOf("list_metals01")).toBe("Pricing Metals (2)");
  });

  it("Rebuild all builds every list's sheet again from the template it was built with, and says which it could not", async () => {
    const book = pricingBook(rig);
    const { actions } = builderOn(rig, book);
    const fixes = STARTER_TEMPLATES.find((template) => template.name === "Fixes") ?? DEFAULT_TEMPLATE;
    const asia = listOf(rig.symbols.slice(5, 8), "Asia", "list_asia0001");
    await actions.build(metals(4), DEFAULT_TEMPLATE);
    await actions.build(asia, fixes);
    await book.settled();
    book.type("'Pricing Asia'!A6", "desk total");
    const grown = { ...asia, symbols: rig.symbols.slice(5, 10) };
    const never = listOf(rig.symbols.slice(0, 1), "Never built", "list_never001");
    const outcome = await actions.rebuildAll([metals(5), grown, never]);
    expect(outcome.built).toBe(false);
    expect(outcome.message).toMatch(
      /^Rebuilt 1 pricing sheet \("Metals"\), each from the template it was built with\. Not rebuilt: "Asia": Nothing was written\. The cell A6 is in the way/,
    );
    const index = ["A1", "A2", "A3", "A4", "A5", "A6"].map((cell) => book.shown(`'Pricing Metals'!${cell}`));
    expect(index.map((value) => indexSymbolOf(value) ?? value)).toEqual(["Index", ...rig.symbols.slice(0, 5)]);
    expect(book.valuesIn("'Pricing Asia'!B1:H1").flat()).toEqual(fixes.columns.map((column) => column.header));
  });

  it.each([
    [true, 'Deleted its sheet "Pricing Metals" too (a deleted sheet cannot be undone).', ["Sheet1"]],
    [
      false,
      'Its sheet "Pricing Metals" stays, as a sheet of your own: the builder no longer changes it.',
      ["Sheet1", SHEET],
    ],
  ])("a deleted list's sheet, delete it too: %s", async (remove, message, sheets) => {
    const { book, actions } = await builtMetals(2);
    expect(await actions.sheetOf("list_metals01")).toBe(SHEET);
    expect(await actions.release("list_metals01", remove)).toBe(message);
    expect([...book.sheets.keys()]).toEqual(sheets);
    expect(readBuiltSheets(book.settings.get(PRICING_SHEETS_SETTING))).toEqual({ readable: true, sheets: [] });
    expect(await actions.sheetOf("list_metals01")).toBeUndefined();
  });
});
