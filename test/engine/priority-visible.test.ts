import { OfficeMockObject } from "office-addin-mock";
import {
  readVisibleCells,
  reportVisibleCells,
  watchVisibleCells,
  type IsVisible,
} from "../../src/office/app-context/visible-range";

interface SheetShape {
  readonly name: string;
  /** The used range's size; undefined: an empty sheet (a null object). */
  readonly used?: { rowCount: number; columnCount: number };
  /** RangeView.cellAddresses of the used range (hidden rows left out); undefined: a host without getVisibleView. */
  readonly view?: string[][];
}

/** A context whose active worksheet is `shape`; `activated` collects the onActivated handlers registered. */
function contextFor(shape: SheetShape, activated: Array<() => Promise<unknown>> = []) {
  const used = { rowCount: shape.used?.rowCount ?? 0, columnCount: shape.used?.columnCount ?? 0 };
  const view = { cellAddresses: shape.view ?? [] };
  const root = new OfficeMockObject({
    workbook: {
      worksheets: {
        active: {
          name: shape.name,
          used: {
            ...used,
            view,
            getVisibleView(this: { view: unknown }) {
              if (shape.view === undefined) throw new Error("ApiNotFound");
              return this.view;
            },
          },
          getUsedRangeOrNullObject(this: { used: unknown }) {
            return this.used;
          },
        },
        getActiveWorksheet(this: { active: unknown }) {
          return this.active;
        },
        onActivated: {
          add(handler: () => Promise<unknown>) {
            activated.push(handler);
          },
        },
      },
    },
  });
  const context = root as unknown as Excel.RequestContext;
  // Office.js sets isNullObject at the sync, loaded or not: a plain value here, not a property that needs a load.
  const usedRange = context.workbook.worksheets.getActiveWorksheet().getUsedRangeOrNullObject();
  Object.defineProperty(usedRange, "isNullObject", { value: shape.used === undefined });
  const run = <T>(batch: (c: Excel.RequestContext) => Promise<T>) => batch(context);
  return { context, run };
}

describe("the visible set the office layer reports to the engine", () => {
  test("the active sheet's visible used cells: hidden rows and other sheets are not visible", async () => {
    // B2:C3 used, row 3 hidden: the visible view holds row 2 only.
    const { context } = contextFor({
      name: "Desk",
      used: { rowCount: 2, columnCount: 2 },
      view: [["Desk!B2", "Desk!C2"]],
    });
    const isVisible = await readVisibleCells(context);
    expect(isVisible("Desk!B2")).toBe(true);
    expect(isVisible("Desk!$C$2")).toBe(true);
    expect(isVisible("desk!c2")).toBe(true);
    expect(isVisible("Desk!B3")).toBe(false);
    expect(isVisible("Other!B2")).toBe(false);
  });

  test("a host without getVisibleView: the whole active sheet counts as visible", async () => {
    const { context } = contextFor({ name: "My sheet", used: { rowCount: 2, columnCount: 2 } });
    const isVisible = await readVisibleCells(context);
    expect(isVisible("'My sheet'!Z900")).toBe(true);
    expect(isVisible("Sheet1!A1")).toBe(false);
  });

  test("a used range too big to list: the whole active sheet, no cell addresses read", async () => {
    const { context } = contextFor({ name: "Big", used: { rowCount: 5000, columnCount: 30 }, view: [["Big!A1"]] });
    const isVisible = await readVisibleCells(context);
    expect(isVisible("Big!ZZ4000")).toBe(true);
    expect(isVisible("Small!A1")).toBe(false);
  });

  test("an empty sheet (the used range is a null object): the whole active sheet", async () => {
    const { context } = contextFor({ name: "Empty", view: [["Empty!A1"]] });
    const isVisible = await readVisibleCells(context);
    expect(isVisible("Empty!Q77")).toBe(true);
    expect(isVisible("Desk!A1")).toBe(false);
  });

  test("reporting never throws: a host that refuses leaves the last hint in place", async () => {
    const reports: IsVisible[] = [];
    const refusing = () => Promise.reject(new Error("no workbook"));
    await reportVisibleCells(refusing, (v) => reports.push(v));
    expect(reports).toEqual([]);
  });

  test("watching reports now and again when another worksheet is activated", async () => {
    const activated: Array<() => Promise<unknown>> = [];
    const { run } = contextFor({ name: "Desk", used: { rowCount: 1, columnCount: 1 }, view: [["Desk!A1"]] }, activated);
    const reports: IsVisible[] = [];
    await watchVisibleCells(run, (v) => reports.push(v));
    expect(reports).toHaveLength(1);
    expect(activated).toHaveLength(1);
    await activated[0]?.();
    expect(reports).toHaveLength(2);
    expect(reports[1]?.("Desk!A1")).toBe(true);
  });
});
