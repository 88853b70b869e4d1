import { keyParts } from "./cell-grid";
import type { FakeWorkbook } from "./fake-workbook";

/**
 * What the workbook fake's Excel does beyond its cells: the ExcelApi version the host has (an API that came later is
 * missing), full calculations (Application.calculate), AutoComplete's function list (CustomFunctionManager) and the
 * user activating another sheet (WorksheetCollection.onActivated).
 */
export type ActivationHandler = (event: Excel.WorksheetActivatedEventArgs) => Promise<unknown>;

/** Whether requirement-set version `have` is at least `need` ("1.20" is above "1.3"). */
export function atLeast(have: string, need: string): boolean {
  const [haveMajor = 0, haveMinor = 0] = have.split(".").map(Number);
  const [needMajor = 0, needMinor = 0] = need.split(".").map(Number);
  return haveMajor !== needMajor ? haveMajor > needMajor : haveMinor >= needMinor;
}

/** What the application records as it applies it. */
type Recorded = "calculations" | "functionVisibility";

export class ExcelApplication {
  /** Each calculation applied, by its type ("Full"), in order. */
  readonly calculations: string[] = [];
  /** Each CustomFunctionManager.setVisibility applied, in order (Excel keeps none of it in the file). */
  readonly functionVisibility: Excel.CustomFunctionVisibilityOptions[] = [];
  /** The handlers registered with worksheets.onActivated. */
  readonly activationHandlers: ActivationHandler[] = [];
  private readonly waiting: { readonly record: Recorded; readonly count: number; readonly reached: () => void }[] = [];

  constructor(
    private readonly book: FakeWorkbook,
    /** The host's ExcelApi requirement set. */
    readonly excelApi: string,
  ) {}

  /** Whether the host has ExcelApi `version`. */
  has(version: string): boolean {
    return atLeast(this.excelApi, version);
  }

  /**
   * Application.calculate: "Full" and "FullRebuild" evaluate every formula again, custom functions too (how a refresh
   * reaches INDEX cells whose arguments did not change); "Recalculate" only the dirty ones, and the fake's cells are
   * never dirty (each is evaluated when written).
   */
  calculate(type: string): void {
    if (type === "Full" || type === "FullRebuild")
      for (const [name, sheet] of this.book.sheets)
        for (const key of [...sheet.cells.keys()]) this.book.calc(name, ...keyParts(key));
    this.calculations.push(type);
    this.recorded();
  }

  /** CustomFunctionManager.setVisibility: AutoComplete shows and hides these functions from now on. */
  setVisibility(options: Excel.CustomFunctionVisibilityOptions): void {
    this.functionVisibility.push(options);
    this.recorded();
  }

  /**
   * Resolves once `record` holds `count` entries: a test waits this way for what the add-in does in the background
   * (a refresh's calculation, the function list set after a settings change).
   */
  until(record: Recorded, count: number): Promise<void> {
    if (this[record].length >= count) return Promise.resolve();
    return new Promise((reached) => this.waiting.push({ record, count, reached }));
  }

  private recorded(): void {
    for (const waiter of this.waiting.filter(({ record, count }) => this[record].length >= count)) {
      this.waiting.splice(this.waiting.indexOf(waiter), 1);
      waiter.reached();
    }
  }

  /** The user clicks another sheet's tab: it becomes the active one, and each onActivated handler runs. */
  async activate(sheet: string): Promise<void> {
    const { id } = this.book.sheet(sheet);
    this.book.active = sheet;
    const event = { type: "WorksheetActivated", worksheetId: id } as Excel.WorksheetActivatedEventArgs;
    await Promise.all(this.activationHandlers.map((handler) => handler(event)));
  }
}
