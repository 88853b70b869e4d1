import { OfficeMockObject } from "office-addin-mock";
import { parseRect, type SheetRect } from "../../src/workbook/sheet-address";

/**
 * The Office.js the sheet builder and the watch lists touch, on office-addin-mock, over a small workbook kept in
 * memory: sheets (with their ids) holding cells, Excel tables, charts, conditional formats and frozen rows, and the
 * add-in's workbook settings. What is read (a setting's value, the sheets' names and ids, a table or chart looked up
 * by name) is an office-addin-mock object, readable only after load() and sync(); every write and method call is
 * queued as Office.js queues it and reaches the workbook at the next sync, in order. Excel's own refusals that a
 * wrong build would meet are kept: two tables on one cell, two tables or two sheets of one name, two charts of one
 * name on a sheet.
 */
export interface BookCell {
  formula?: string;
  value?: unknown;
  json?: unknown;
  format?: string;
}

export interface BookTable {
  name: string;
  readonly address: string;
  readonly headers: boolean;
  style?: string;
}

export interface BookChart {
  name: string;
  readonly type: string;
  readonly source: string;
  readonly seriesBy: string;
  title: string;
  position?: readonly [string, string | undefined];
}

export interface BookRule {
  readonly address: string;
  readonly type: string;
  formula?: string;
  fill?: string;
  font?: string;
}

export interface BookSheet {
  readonly id: string;
  name: string;
  readonly cells: Map<string, BookCell>;
  readonly tables: BookTable[];
  readonly charts: BookChart[];
  readonly rules: BookRule[];
  frozenRows: number;
}

type Mock = OfficeMockObject & Record<string, unknown>;

function overlaps(a: SheetRect, b: SheetRect): boolean {
  return a.top <= b.bottom && b.top <= a.bottom && a.left <= b.right && b.left <= a.right;
}

function rectOf(address: string): SheetRect {
  const rect = parseRect(address);
  if (rect === undefined) throw new Error(`InvalidArgument: bad address ${address}`);
  return rect;
}

export class PricingBook {
  readonly sheets: BookSheet[] = [
    { id: "{sheet-1}", name: "Sheet1", cells: new Map(), tables: [], charts: [], rules: [], frozenRows: 0 },
  ];
  readonly settings = new Map<string, unknown>();
  active = "Sheet1";
  /** Syncs, and the writes and calls they applied. */
  syncs = 0;
  applied = 0;
  private nextSheet = 2;
  private readonly pending: (() => void)[] = [];
  private readonly live: { mock: Mock; refresh(): void }[] = [];

  sheet(name: string): BookSheet {
    const found = this.sheets.find((sheet) => sheet.name === name);
    if (found === undefined) throw new Error(`no sheet ${name}`);
    return found;
  }

  /** What a cell holds, by its local address on `sheet`. */
  cell(sheet: BookSheet, address: string): BookCell | undefined {
    const rect = rectOf(address);
    return sheet.cells.get(`${rect.top},${rect.left}`);
  }

  /** Each cell's property of a rectangle, row by row. */
  grid(sheet: BookSheet, address: string, read: (cell: BookCell | undefined) => unknown): unknown[][] {
    const rect = rectOf(address);
    return Array.from({ length: rect.bottom - rect.top + 1 }, (_, r) =>
      Array.from({ length: rect.right - rect.left + 1 }, (_, c) =>
        read(sheet.cells.get(`${rect.top + r},${rect.left + c}`)),
      ),
    );
  }

  /** `run` for the code under test: each batch on a fresh context over this workbook. */
  readonly run = <T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> => batch(this.context());

  private queue(apply: () => void): void {
    this.pending.push(() => {
      this.applied += 1;
      apply();
    });
  }

  private async sync(): Promise<void> {
    this.syncs += 1;
    this.pending.splice(0).forEach((apply) => apply());
    for (let i = 0; i < this.live.length; i += 1) this.live[i]?.refresh();
    await Promise.all(this.live.map(({ mock }) => mock.sync()));
    await new Promise((resolve) => setImmediate(resolve));
  }

  /** A mock whose loaded properties take `state()` at each sync, and whose isNullObject is known only after one. */
  private readable(data: Record<string, unknown>, state: () => Record<string, unknown> | undefined): Mock {
    const mock = new OfficeMockObject(data) as Mock;
    let synced: { found: boolean } | undefined;
    const properties = (mock as unknown as { _properties: Map<string, { _valueBeforeLoaded: unknown }> })._properties;
    this.live.push({
      mock,
      refresh: () => {
        const current = state();
        synced = { found: current !== undefined };
        for (const [name, value] of Object.entries(current ?? {})) {
          const property = properties.get(name);
          if (property !== undefined) property._valueBeforeLoaded = structuredClone(value);
        }
      },
    });
    Object.defineProperty(mock, "isNullObject", {
      get: () => {
        if (synced === undefined) throw new Error("isNullObject read before context.sync()");
        return !synced.found;
      },
    });
    return mock;
  }

  /** Assignments to `properties` of `target` are queued to `apply` at the next sync. */
  private writes(
    target: Record<string, unknown>,
    properties: readonly string[],
    apply: (p: string, v: unknown) => void,
  ) {
    for (const property of properties) {
      let held: unknown;
      Object.defineProperty(target, property, {
        get: () => held,
        set: (value: unknown) => {
          held = value;
          const written = structuredClone(value);
          this.queue(() => apply(property, written));
        },
      });
    }
  }

  private context(): Excel.RequestContext {
    const context = new OfficeMockObject({ workbook: {} }) as Mock;
    const workbook = context.workbook as Mock;
    workbook.settings = this.settingsMock();
    workbook.worksheets = this.worksheetsMock();
    context.sync = () => this.sync();
    return context as unknown as Excel.RequestContext;
  }

  private settingsMock(): Record<string, unknown> {
    return {
      getItemOrNullObject: (key: string) =>
        this.readable({ key, value: "" }, () =>
          this.settings.has(key) ? { key, value: this.settings.get(key) } : undefined,
        ),
      add: (key: string, value: unknown) => {
        const written = structuredClone(value);
        this.queue(() => this.settings.set(key, written));
      },
    };
  }

  private worksheetsMock(): Record<string, unknown> {
    const collection = new OfficeMockObject({ items: { name: "", id: "" } }) as Mock;
    let items: Mock[] | undefined;
    this.live.push({
      mock: collection,
      refresh: () => {
        items = this.sheets.map((sheet) => {
          const mock = this.sheetMock(() => sheet);
          mock.load("name,id");
          return mock;
        });
      },
    });
    Object.defineProperty(collection, "items", { get: () => items ?? [], set: () => undefined });
    collection.add = (name: string) => {
      let created: BookSheet | undefined;
      this.queue(() => {
        if (this.sheets.some((sheet) => sheet.name.toLowerCase() === name.toLowerCase()))
          throw new Error(`ItemAlreadyExists: a sheet named ${name} exists`);
        created = {
          id: `{sheet-${this.nextSheet++}}`,
          name,
          cells: new Map(),
          tables: [],
          charts: [],
          rules: [],
          frozenRows: 0,
        };
        this.sheets.push(created);
      });
      return this.sheetMock(() => created);
    };
    return collection;
  }

  private sheetMock(resolve: () => BookSheet | undefined): Mock {
    const found = () => {
      const sheet = resolve();
      if (sheet === undefined) throw new Error("the sheet does not exist (yet)");
      return sheet;
    };
    const mock = this.readable({ name: "", id: "" }, () => {
      const sheet = resolve();
      return sheet === undefined ? undefined : { name: sheet.name, id: sheet.id };
    });
    mock.getRange = (address: string) => this.rangeMock(found, address);
    mock.tables = this.tablesMock(found);
    mock.charts = this.chartsMock(found);
    mock.freezePanes = { freezeRows: (rows: number) => this.queue(() => void (found().frozenRows = rows)) };
    mock.activate = () => this.queue(() => void (this.active = found().name));
    return mock;
  }

  private rangeMock(sheet: () => BookSheet, address: string): Record<string, unknown> {
    const rect = rectOf(address);
    const range: Record<string, unknown> = { address };
    this.writes(range, ["values", "valuesAsJson", "formulas", "numberFormat"], (property, value) => {
      const rows = value as unknown[][];
      if (rows.length !== rect.bottom - rect.top + 1 || rows.some((row) => row.length !== rect.right - rect.left + 1))
        throw new Error(`InvalidArgument: ${property} of ${address} does not match its size`);
      rows.forEach((row, r) =>
        row.forEach((item, c) => {
          const key = `${rect.top + r},${rect.left + c}`;
          const cell = sheet().cells.get(key) ?? {};
          if (property === "numberFormat") cell.format = String(item);
          else if (property === "valuesAsJson")
            Object.assign(cell, { json: item, formula: undefined, value: undefined });
          else if (property === "formulas")
            Object.assign(cell, { formula: String(item), value: undefined, json: undefined });
          // Excel consumes a leading apostrophe: the rest is the cell's text, whatever it looks like.
          else {
            const text = typeof item === "string" && item.startsWith("'") ? item.slice(1) : item;
            Object.assign(cell, { value: text, formula: undefined, json: undefined });
          }
          sheet().cells.set(key, cell);
        }),
      );
    });
    range.clear = (applyTo = "All") =>
      this.queue(() => {
        if (applyTo !== "All") throw new Error("the mock clears all only");
        for (const key of [...sheet().cells.keys()]) {
          const [r, c] = key.split(",").map(Number) as [number, number];
          if (r >= rect.top && r <= rect.bottom && c >= rect.left && c <= rect.right) sheet().cells.delete(key);
        }
      });
    range.conditionalFormats = {
      add: (type: string) => {
        const rule: BookRule = { address, type };
        this.queue(() => sheet().rules.push(rule));
        const fill: Record<string, unknown> = {};
        const font: Record<string, unknown> = {};
        const ruleOf: Record<string, unknown> = {};
        this.writes(ruleOf, ["formula"], (_, value) => void (rule.formula = String(value)));
        this.writes(fill, ["color"], (_, value) => void (rule.fill = String(value)));
        this.writes(font, ["color"], (_, value) => void (rule.font = String(value)));
        return { custom: { rule: ruleOf, format: { fill, font } } };
      },
      clearAll: () =>
        this.queue(() => {
          const kept = sheet().rules.filter((rule) => !overlaps(rectOf(rule.address), rect));
          sheet().rules.splice(0, sheet().rules.length, ...kept);
        }),
    };
    return range;
  }

  /** A table or chart: looked up by name (a null object until a sync finds it), or just added; delete() removes it. */
  private namedItem<T extends { name: string }>(find: () => T | undefined, nullable: boolean, items: () => T[]): Mock {
    const mock = nullable
      ? this.readable({ name: "" }, () => {
          const item = find();
          return item === undefined ? undefined : { name: item.name };
        })
      : (new OfficeMockObject({}) as Mock);
    mock.delete = () =>
      this.queue(() => {
        const item = find();
        if (item !== undefined) items().splice(items().indexOf(item), 1);
      });
    return mock;
  }

  private tablesMock(sheet: () => BookSheet): Record<string, unknown> {
    const tableMock = (find: () => BookTable | undefined, nullable: boolean): Mock => {
      const mock = this.namedItem(find, nullable, () => sheet().tables);
      this.writes(mock, ["name", "style"], (property, value) => {
        const table = find();
        if (table === undefined) throw new Error("no such table");
        if (property === "name" && this.sheets.some((s) => s.tables.some((t) => t !== table && t.name === value)))
          throw new Error(`InvalidArgument: a table named ${String(value)} exists`);
        Object.assign(table, { [property]: value });
      });
      mock.getRange = () => this.rangeMock(sheet, find()?.address ?? "A1");
      return mock;
    };
    return {
      add: (address: string, headers: boolean) => {
        const table: BookTable = { name: "", address, headers };
        this.queue(() => {
          table.name = `Table${sheet().tables.length + 1}`;
          if (sheet().tables.some((t) => overlaps(rectOf(t.address), rectOf(address))))
            throw new Error(`InvalidArgument: a table already stands on ${address}`);
          sheet().tables.push(table);
        });
        return tableMock(() => table, false);
      },
      getItemOrNullObject: (name: string) => tableMock(() => sheet().tables.find((t) => t.name === name), true),
    };
  }

  private chartsMock(sheet: () => BookSheet): Record<string, unknown> {
    const chartMock = (find: () => BookChart | undefined, nullable: boolean): Mock => {
      const mock = this.namedItem(find, nullable, () => sheet().charts);
      this.writes(mock, ["name"], (_, value) => {
        const chart = find();
        if (chart === undefined) throw new Error("no such chart");
        if (sheet().charts.some((c) => c !== chart && c.name === value))
          throw new Error(`InvalidArgument: a chart named ${String(value)} exists`);
        chart.name = String(value);
      });
      const title: Record<string, unknown> = {};
      this.writes(title, ["text"], (_, value) => void ((find() as BookChart).title = String(value)));
      mock.title = title;
      mock.setPosition = (from: string, to?: string) =>
        this.queue(() => void ((find() as BookChart).position = [from, to]));
      return mock;
    };
    return {
      add: (type: string, source: { address?: string }, seriesBy: string) => {
        const chart: BookChart = {
          name: "",
          type,
          source: String(source.address),
          seriesBy,
          title: "",
        };
        this.queue(() => {
          chart.name = `Chart ${sheet().charts.length + 1}`;
          sheet().charts.push(chart);
        });
        return chartMock(() => chart, false);
      },
      getItemOrNullObject: (name: string) => chartMock(() => sheet().charts.find((c) => c.name === name), true),
    };
  }
}
