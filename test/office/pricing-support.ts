import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { DirectSource, IndexDataClient } from "../../src/client";
import { excelPricingSheetActions, type PricingSheetActions } from "../../src/office/pricing-sheet-actions";
import { appContext } from "../../src/office/app-context/app-context";
import type { WatchList } from "../../src/workbook/pricing-sheets/watch-list";
import { extraIndex } from "../support/extra-indexes";
import { NO_STARTUP } from "../support/startup";
import { lateFields, whenReady } from "../support/late-fields";
import { wrapperEvaluator } from "./sheet-support";
import { FakeWorkbook, type Evaluate, type FakeWorkbookOptions } from "../support/office-fake/fake-workbook";

/**
 * What the pricing sheet suites share: the reference service with 41 indexes of long symbols beside its own 9 (a list of 50), the
 * shared runtime pointed at it so the sheet's INDEX formulas evaluate through the real functions, the catalogue the
 * builder checks a list against, and the builder as the pane calls it, over a workbook fake. Read its fields inside
 * tests, after beforeAll ran.
 */
export interface PricingRig {
  readonly service: RunningReferenceService;
  readonly source: DirectSource;
  /** Every symbol of the catalogue, in its order (50). */
  readonly symbols: readonly string[];
  readonly evaluate: Evaluate;
  /** A workbook with one empty sheet, its formulas evaluated by the real functions; each test's settle after it. */
  book(options?: FakeWorkbookOptions): FakeWorkbook;
}

/** How long the rig's own reads may take on a machine other jobs keep busy. */
const RIG_WAIT_MS = 60_000;

export function usePricingRig(): PricingRig {
  const books: FakeWorkbook[] = [];
  let state:
    { service: RunningReferenceService; source: DirectSource; symbols: string[]; evaluate: Evaluate } | undefined;
  beforeAll(async () => {
    // Long symbols, as some desks' are: a panel naming 20 of them in one text constant would break Excel's limit.
    const extra = Array.from({ length: 41 }, (_, i) =>
      extraIndex(`XT-${String(i).padStart(2, "0")}-NORTH-WEST-EUROPE-ROTTERDAM-1x3`),
    );
    const service = await startReferenceService({ extraIndexes: extra, rateLimits: { anonymous: 100_000 } });
    // A busy machine can keep a local answer waiting past the client's 10 s default: that would time the suite, not
    // the builder, so the rig's client waits as long as the hook does.
    const source = new DirectSource(new IndexDataClient({ baseUrl: service.url, timeoutMs: RIG_WAIT_MS }));
    const symbols = (await source.listIndexes()).data.map((entry) => entry.symbol);
    const evaluate = await wrapperEvaluator();
    await appContext().settings.save({ baseUrl: service.url });
    state = { service, source, symbols, evaluate };
  }, 2 * RIG_WAIT_MS);
  // A build leaves its formulas evaluating: each test's end waits for them, so none asks a closed service.
  afterEach(async () => {
    await Promise.all(books.splice(0).map((book) => book.settled()));
  });
  afterAll(async () => {
    await state?.service.close();
  });
  const ready = whenReady("the pricing rig", () => state);
  return Object.assign(lateFields(ready, ["service", "source", "symbols", "evaluate"]), {
    book(options: FakeWorkbookOptions = {}) {
      const book = new FakeWorkbook(ready().evaluate, ["Sheet1"], options);
      books.push(book);
      return book;
    },
  });
}

export interface BuilderOptions {
  /** Excel links data types: the Index column holds Index values. @default true */
  readonly entities?: boolean;
  /** The host has ExcelApi 1.20. @default true */
  readonly undoGroups?: boolean;
  /** The host resizes tables (ExcelApi 1.13). @default true */
  readonly tableResize?: boolean;
}

/** The builder as the pane has it, over `book`, recording each Excel.run's options. */
export function builderOn(rig: PricingRig, book: FakeWorkbook, options: BuilderOptions = {}) {
  const calls: (Excel.RunOptions | undefined)[] = [];
  const actions: PricingSheetActions = excelPricingSheetActions(
    {
      userSource: rig.source,
      indexDomain: { register: () => Promise.resolve(options.entities ?? true) },
      ...NO_STARTUP,
    },
    {
      run: (batch, runOptions) => {
        calls.push(runOptions);
        return book.run(batch, runOptions);
      },
      undoGroups: () => options.undoGroups ?? true,
      tableResize: () => options.tableResize ?? true,
    },
  );
  return { actions, calls };
}

/** A workbook with one empty sheet, its formulas evaluated by the real functions. */
export function pricingBook(rig: PricingRig, options: FakeWorkbookOptions = {}): FakeWorkbook {
  return rig.book(options);
}

export const listOf = (symbols: readonly string[], name = "Metals", id = "list_metals01"): WatchList => ({
  id,
  name,
  symbols,
});

/** Every cell of a sheet as the tests compare it: formula, or value (a data type as its JSON), and format. */
export function sheetCells(book: FakeWorkbook, sheet: string): Record<string, unknown> {
  const cells: Record<string, unknown> = {};
  for (const [key, cell] of book.cells(sheet)) cells[key] = { ...cell, spill: undefined };
  return cells;
}
