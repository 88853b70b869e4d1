import { OfficeMockObject } from "office-addin-mock";

/**
 * An Excel mock on office-addin-mock: reading a property that was not loaded, or loaded but not synced,
 * yields the mock's error text instead of the value, so the load/sync discipline shows in the results.
 */
export interface ExcelMockOptions {
  /** The spill exists after this many syncs (Infinity: never). @default 2 */
  readonly spillAfterSyncs?: number;
  /** The cell's settled error, e.g. "#N/A" (no spill then). @default undefined (still #BUSY! until spilled) */
  readonly cellError?: string;
  readonly spillRows?: number;
  readonly spillColumns?: number;
}

export interface ChartAdded {
  readonly type: string;
  readonly source: unknown;
  readonly seriesBy: string;
}

export interface ExcelMock {
  /** Pass as `run` to excelWorkbookActions, or use `.context` directly. */
  readonly run: <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;
  /** The value at a dotted path of the mock, e.g. "workbook.activeCell.formulas" (from the context). */
  get(path: string): unknown;
  readonly charts: ChartAdded[];
  readonly positions: unknown[];
  readonly xAxisValues: unknown[];
  syncs(): number;
}

type MockNode = Record<string, unknown> & { sync(): Promise<void> };

function child(node: unknown, key: string): MockNode {
  return (node as Record<string, unknown>)[key] as MockNode;
}

/** Changes what a mock property will read after its next load + sync (office-addin-mock keeps it there). */
function settle(node: MockNode, property: string, value: unknown): void {
  const properties = (node as unknown as { _properties: Map<string, { _valueBeforeLoaded: unknown }> })._properties;
  const entry = properties.get(property);
  if (entry === undefined) throw new Error(`mock has no property ${property}`);
  entry._valueBeforeLoaded = value;
}

/** A navigation method (getCell, getColumn, …): it returns the mock's child `key`, as Excel's returns a child object. */
function returnsChild(key: string): (this: Record<string, unknown>) => unknown {
  return function (this: Record<string, unknown>) {
    return this[key];
  };
}

export function createExcelMock(options: ExcelMockOptions = {}): ExcelMock {
  const { spillAfterSyncs = 2, cellError, spillRows = 40, spillColumns = 2 } = options;
  const charts: ChartAdded[] = [];
  const positions: unknown[] = [];
  const xAxisValues: unknown[] = [];
  let syncs = 0;
  const spilled = () => cellError === undefined && syncs >= spillAfterSyncs;
  const data = {
    context: {
      workbook: {
        activeCell: {
          address: "Sheet1!B2",
          formulas: [[""]],
          values: [["#BUSY!"]],
          valueTypes: [["Error"]],
          worksheet: {
            charts: {
              chart: {
                name: "Chart 1",
                title: { text: "" },
                series: {
                  item: {
                    setXAxisValues(range: unknown) {
                      xAxisValues.push(range);
                    },
                  },
                  getItemAt: returnsChild("item"),
                },
                setPosition(start: unknown) {
                  positions.push(start);
                },
              },
              add(type: string, source: unknown, seriesBy: string) {
                charts.push({ type, source, seriesBy });
                return this.chart;
              },
            },
          },
          spill: {
            address: `Sheet1!B2:${String.fromCharCode(65 + spillColumns)}${spillRows + 1}`,
            rowCount: spillRows,
            columnCount: spillColumns,
            cell: { address: "anchor" },
            column: {
              offset: {
                resized: { address: "labels" },
                getResizedRange: returnsChild("resized"),
              },
              getOffsetRange: returnsChild("offset"),
            },
            getCell: returnsChild("cell"),
            getColumn: returnsChild("column"),
          },
          getSpillingToRangeOrNullObject: returnsChild("spill"),
        },
        getActiveCell: returnsChild("activeCell"),
      },
    },
  };
  const root = new OfficeMockObject(data);
  const context = child(root, "context");
  const cell = child(child(context, "workbook"), "activeCell");
  const mockSync = context.sync.bind(context);
  context.sync = async () => {
    syncs += 1;
    // The custom function settles: on an error, or on its spill (the cell then shows its first value).
    if (cellError !== undefined) settle(cell, "values", [[cellError]]);
    else if (spilled()) {
      settle(cell, "values", [["date"]]);
      settle(cell, "valueTypes", [["String"]]);
    }
    await mockSync();
  };
  let syncsAtLastCall = -1;
  const originalGet = (cell.getSpillingToRangeOrNullObject as () => unknown).bind(cell);
  cell.getSpillingToRangeOrNullObject = () => {
    syncsAtLastCall = syncs;
    return originalGet();
  };
  // Real office.js fills isNullObject at sync; reading it earlier is the bug this guards against.
  Object.defineProperty(child(cell, "spill"), "isNullObject", {
    get() {
      if (syncs === syncsAtLastCall) throw new Error("isNullObject read before context.sync()");
      return !spilled();
    },
  });
  return {
    run: (batch) => batch(context as unknown as Excel.RequestContext),
    get: (path) => path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], context),
    charts,
    positions,
    xAxisValues,
    syncs: () => syncs,
  };
}
