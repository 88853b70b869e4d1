import { FakeWorkbook } from "./fake-workbook";
import { FakeOfficeHost } from "./office-host";

/**
 * The fake's Excel application and Office host behave as Excel and Office do where the add-in relies on them: a full
 * calculation evaluates every formula again (and is no undo step), a visible view leaves hidden rows out, an API newer
 * than the host's ExcelApi fails its sync with ApiNotFound, a refused undo group fails its sync with
 * UndoNotSupported, and requirement sets compare by version.
 */
async function counting(): Promise<{ book: FakeWorkbook; evaluated: string[] }> {
  const evaluated: string[] = [];
  const book = new FakeWorkbook(async (formula) => (evaluated.push(formula), [[evaluated.length]]));
  book.type("Sheet1!A1", "=ONE()");
  book.type("Sheet1!A2", "=TWO()");
  await book.settled();
  return { book, evaluated };
}

afterEach(() => FakeOfficeHost.uninstall());

describe("the application", () => {
  it("evaluates every formula again on a full calculation, none on a recalculation, and keeps no undo step", async () => {
    const { book, evaluated } = await counting();
    await book.run(async (context) => {
      context.workbook.application.calculate("Recalculate");
      await context.sync();
    });
    expect(evaluated).toEqual(["=ONE()", "=TWO()"]);
    await book.run(async (context) => {
      context.workbook.application.calculate("Full");
      await context.sync();
    });
    await book.settled();
    expect(evaluated).toEqual(["=ONE()", "=TWO()", "=ONE()", "=TWO()"]);
    expect(book.shown("Sheet1!A2")).toBe(4);
    expect([book.application.calculations, book.undoSteps]).toEqual([["Recalculate", "Full"], 0]);
  });

  it("shows a range's visible view without its hidden rows, which move with rows inserted above", async () => {
    const { book } = await counting();
    book.hideRows("Sheet1", 0);
    book.insertRows("Sheet1", 0, 1);
    const context = book.context;
    const view = context.workbook.worksheets.getItem("Sheet1").getRange("A1:A3").getVisibleView();
    view.load("cellAddresses,rowCount");
    await context.sync();
    expect([view.cellAddresses, view.rowCount]).toEqual([[["Sheet1!A1"], ["Sheet1!A3"]], 2]);
  });

  it("fails the sync of an API newer than the host's ExcelApi with ApiNotFound", async () => {
    const book = new FakeWorkbook(async () => [[1]], ["Sheet1"], { excelApi: "1.2" });
    const context = book.context;
    context.workbook.worksheets.getItem("Sheet1").getRange("A1").getVisibleView().load("cellAddresses");
    await expect(context.sync()).rejects.toMatchObject({ code: "ApiNotFound" });
  });

  it("refuses every undo group once told to, at its first sync; a run without one goes through", async () => {
    const { book } = await counting();
    book.refuseUndoGroups();
    const write = (context: Excel.RequestContext) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("B1").values = [["x"]];
      return context.sync();
    };
    await expect(book.run(write, { mergeUndoGroup: true })).rejects.toMatchObject({ code: "UndoNotSupported" });
    expect(book.shown("Sheet1!B1")).toBe("");
    await book.run(write);
    expect(book.shown("Sheet1!B1")).toBe("x");
  });
});

describe("the Office host", () => {
  it("answers requirement sets by version, records each ask, and cannot say before it is ready", () => {
    const office = new FakeOfficeHost({ requirements: { ExcelApi: "1.20" } }).install();
    const requirements = Office.context.requirements;
    expect(["1.3", "1.20", "1.21"].map((version) => requirements.isSetSupported("ExcelApi", version))).toEqual([
      true,
      true,
      false,
    ]);
    expect(requirements.isSetSupported("NestedAppAuth", "1.1")).toBe(false);
    expect(office.asked).toEqual(["ExcelApi 1.3", "ExcelApi 1.20", "ExcelApi 1.21", "NestedAppAuth 1.1"]);
    new FakeOfficeHost({ requirements: "not ready" }).install();
    expect(() => Office.context.requirements.isSetSupported("ExcelApi", "1.1")).toThrow("not ready");
  });

  it("puts Excel over its workbook in place, and takes every global away again", async () => {
    const { book } = await counting();
    new FakeOfficeHost({ workbook: book, addin: false }).install();
    await Excel.run({ mergeUndoGroup: true }, async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("C1").values = [[5]];
      await context.sync();
    });
    expect([book.shown("Sheet1!C1"), book.undoSteps, "addin" in Office]).toEqual([5, 1, false]);
    FakeOfficeHost.uninstall();
    expect([typeof Excel, typeof Office, typeof OfficeRuntime]).toEqual(["undefined", "undefined", "undefined"]);
  });
});
