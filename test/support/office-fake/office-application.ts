import { OfficeMockObject } from "office-addin-mock";
import { cellAddress, type SheetRect } from "../../../src/workbook/sheet-address";
import { officeError } from "./excel-rules";
import type { ActivationHandler } from "./excel-application";
import type { FakeWorkbook } from "./fake-workbook";
import type { FakeContext, OfficeObject } from "./office-context";

/**
 * The Office.js side of the workbook fake's application (excel-application.ts): workbook.application.calculate,
 * worksheets.onActivated (ExcelApi 1.7), Range.getVisibleView (ExcelApi 1.3), and the `Excel` global an add-in calls
 * (Excel.run, with or without run options, and the static CustomFunctionManager.setVisibility, ExcelApi 1.20). Each
 * is queued to the next sync, as Office.js queues it; an API the host's ExcelApi lacks fails there with ApiNotFound.
 */

/** Fails at the sync where the host lacks ExcelApi `version`, as Excel answers a newer Office.js. */
function needs(book: FakeWorkbook, version: string): void {
  if (!book.application.has(version)) throw officeError("ApiNotFound", `ExcelApi ${version}`);
}

/** workbook.application: calculate(type), applied at the sync. */
export function applicationObject(owner: FakeContext): OfficeObject {
  const object = new OfficeMockObject({ calculationMode: "Automatic" }) as OfficeObject;
  object.calculate = (type: string) => owner.queue(() => owner.book.application.calculate(String(type)), "no change");
  return object;
}

/** worksheets.onActivated: a handler added runs each time the user activates a sheet (see ExcelApplication.activate). */
export function activationEvents(owner: FakeContext): { add(handler: ActivationHandler): void } {
  return {
    add: (handler) =>
      owner.queue(() => {
        needs(owner.book, "1.7");
        owner.book.application.activationHandlers.push(handler);
      }, "no change"),
  };
}

/** range.getVisibleView(): the range's cells less its hidden rows; cellAddresses name the sheet. */
export function visibleView(owner: FakeContext, rect: () => SheetRect | undefined): OfficeObject {
  const object = new OfficeMockObject({ cellAddresses: [], rowCount: 0, columnCount: 0 }) as OfficeObject;
  const rows = (found: SheetRect) => {
    const hidden = owner.book.sheet(found.sheet).hiddenRows;
    const shown: number[] = [];
    for (let row = found.top; row <= found.bottom; row += 1) if (!hidden.has(row)) shown.push(row);
    return shown;
  };
  owner.register(
    object,
    false,
    () => {
      needs(owner.book, "1.3");
      return rect();
    },
    (found) => ({
      cellAddresses: () =>
        rows(found).map((row) =>
          Array.from({ length: found.right - found.left + 1 }, (_, c) => cellAddress(found.sheet, row, found.left + c)),
        ),
      rowCount: () => rows(found).length,
      columnCount: () => found.right - found.left + 1,
    }),
  );
  return object;
}

type Batch<T> = (context: Excel.RequestContext) => Promise<T>;

/** The `Excel` global over `book`, as an add-in calls it. */
export function excelGlobal(book: FakeWorkbook) {
  return {
    run: <T>(first: Excel.RunOptions | Batch<T>, second?: Batch<T>): Promise<T> =>
      typeof first === "function" ? book.run(first) : book.run(second as Batch<T>, first),
    CalculationType: { recalculate: "Recalculate", full: "Full", fullRebuild: "FullRebuild" },
    CustomFunctionManager: {
      setVisibility: (options: Excel.CustomFunctionVisibilityOptions) => {
        const context = book.running;
        if (context === undefined) throw new Error("CustomFunctionManager.setVisibility called outside Excel.run");
        const applied = structuredClone(options);
        context.queue(() => {
          needs(book, "1.20");
          book.application.setVisibility(applied);
        }, "no change");
      },
    },
  };
}
