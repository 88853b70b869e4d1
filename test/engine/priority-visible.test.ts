import { DiagnosticsRecorder } from "@index-data/wire/diagnostics";
import {
  readVisibleCells,
  reportVisibleCells,
  watchVisibleCells,
  type IsVisible,
} from "../../src/office/app-context/visible-range";
import { FakeWorkbook, type FakeWorkbookOptions } from "../support/office-fake/fake-workbook";

/** A workbook whose active sheet is `sheet`, `used` its cells holding a value (none: an empty sheet). */
function bookWith(sheet: string, used: readonly string[], options: FakeWorkbookOptions = {}): FakeWorkbook {
  const book = new FakeWorkbook(() => Promise.reject(new Error("no formulas here")), [sheet, "Other"], options);
  book.active = sheet;
  used.forEach((cell) => book.type(`'${sheet}'!${cell}`, 1));
  return book;
}

describe("the visible set the office layer reports to the engine", () => {
  test("the active sheet's visible used cells: hidden rows and other sheets are not visible", async () => {
    // B2:C3 used, row 3 hidden: the visible view holds row 2 only.
    const book = bookWith("Desk", ["B2", "C2", "B3", "C3"]);
    book.hideRows("Desk", 2);
    const isVisible = await readVisibleCells(book.context);
    expect(isVisible("Desk!B2")).toBe(true);
    expect(isVisible("Desk!$C$2")).toBe(true);
    expect(isVisible("desk!c2")).toBe(true);
    expect(isVisible("Desk!B3")).toBe(false);
    expect(isVisible("Desk!D2")).toBe(false);
    expect(isVisible("Other!B2")).toBe(false);
  });

  test("a host without getVisibleView (before ExcelApi 1.3): the whole active sheet counts as visible", async () => {
    const book = bookWith("My sheet", ["A1", "B2"], { excelApi: "1.2" });
    const isVisible = await readVisibleCells(book.context);
    expect(isVisible("'My sheet'!Z900")).toBe(true);
    expect(isVisible("Other!A1")).toBe(false);
  });

  test("a used range too big to list: the whole active sheet, no cell addresses read", async () => {
    // A1:AD5000, 150,000 cells: a view read would leave ZZ4000, outside it, out.
    const book = bookWith("Big", ["A1", "AD5000"]);
    const isVisible = await readVisibleCells(book.context);
    expect(isVisible("Big!ZZ4000")).toBe(true);
    expect(isVisible("Other!A1")).toBe(false);
  });

  test("an empty sheet (the used range is a null object): the whole active sheet", async () => {
    const isVisible = await readVisibleCells(bookWith("Empty", []).context);
    expect(isVisible("Empty!Q77")).toBe(true);
    expect(isVisible("Other!A1")).toBe(false);
  });

  test("reporting never throws: a host that refuses leaves the last hint in place", async () => {
    const reports: IsVisible[] = [];
    const refusing = () => Promise.reject(new Error("no workbook"));
    await reportVisibleCells(refusing, (v) => reports.push(v));
    expect(reports).toEqual([]);
  });

  test("watching reports now and again when the user activates another worksheet", async () => {
    const book = bookWith("Desk", ["A1"]);
    const reports: IsVisible[] = [];
    await watchVisibleCells(book.run, (v) => reports.push(v));
    expect(reports).toHaveLength(1);
    expect(book.application.activationHandlers).toHaveLength(1);
    await book.application.activate("Other");
    expect(reports).toHaveLength(2);
    expect([reports[0]?.("Desk!A1"), reports[1]?.("Desk!A1"), reports[1]?.("Other!A1")]).toEqual([true, false, true]);
  });

  test("a host without activation events (before ExcelApi 1.7) reports once and notes why", async () => {
    const book = bookWith("Desk", ["A1"], { excelApi: "1.6" });
    const reports: IsVisible[] = [];
    const diagnostics = new DiagnosticsRecorder();
    await watchVisibleCells(book.run, (v) => reports.push(v), diagnostics);
    expect(reports).toHaveLength(1);
    expect(book.application.activationHandlers).toEqual([]);
    expect(diagnostics.recent()).toEqual([expect.objectContaining({ where: "worksheet activation events" })]);
  });
});
