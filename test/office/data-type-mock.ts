import { OfficeMockObject } from "office-addin-mock";
import { cellAddress, parseRect } from "../../src/workbook/sheet-address";

/**
 * The Office.js a data type action touches, on office-addin-mock: the selection's used range (address, formulas,
 * values, valuesAsJson readable only after load and sync), the ranges written through getCell().getResizedRange(),
 * and workbook.linkedEntityDataDomains. Writes are queued as Office.js queues them and reach `writes` at the next
 * sync; a write never synced is not in `writes`. Domain calls are recorded in `domainCalls`, in order.
 */
export interface Write {
  readonly address: string;
  readonly property: "valuesAsJson" | "formulas" | "values";
  readonly value: unknown;
}

export interface DomainState {
  readonly options: Excel.LinkedEntityDataDomainCreateOptions;
  refreshMode: string;
}

export interface DataTypeMockOptions {
  /** The selection, e.g. "Sheet1!B2:B7"; its used range is the same block (null when every cell is empty). */
  readonly selection: string;
  /** valuesAsJson of each cell of the selection. */
  readonly cells: readonly (readonly unknown[])[];
  /** Formulas where a cell has one; other cells' formulas are their plain values, as Excel reports them. */
  readonly formulas?: readonly (readonly (string | undefined)[])[];
  /** Domains the workbook already has (an earlier runtime added them). */
  readonly domains?: ReadonlyMap<string, DomainState>;
}

export interface DataTypeMock {
  readonly run: <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;
  readonly writes: Write[];
  readonly domainCalls: string[];
  readonly domains: Map<string, DomainState>;
  syncs(): number;
}

type Mock = OfficeMockObject & Record<string, unknown>;

/** What Range.values reports for a valuesAsJson cell. */
function plainOf(json: unknown): unknown {
  const cell = json as { type?: string; basicValue?: unknown; text?: string };
  if (cell.type === "Empty") return "";
  if (cell.type === "LinkedEntity" || cell.type === "Entity") return cell.text ?? "#VALUE!";
  return cell.basicValue ?? "";
}

export function createDataTypeMock(options: DataTypeMockOptions): DataTypeMock {
  const writes: Write[] = [];
  const pending: (() => void)[] = [];
  const domainCalls: string[] = [];
  const domains = new Map(options.domains ?? []);
  const afterSync: (() => void)[] = [];
  const live: Mock[] = [];
  let syncs = 0;
  const rect = parseRect(options.selection);
  if (rect === undefined) throw new Error(`bad selection ${options.selection}`);
  const values = options.cells.map((row) => row.map(plainOf));
  const formulas = options.cells.map((row, r) => row.map((_, c) => options.formulas?.[r]?.[c] ?? values[r]?.[c]));
  const allEmpty = values.every((row) => row.every((value) => value === ""));

  /** A range of the sheet written by the action: assignments are queued until the next sync. */
  const target = (top: number, left: number, rows: number): Mock => {
    const address = `${cellAddress(rect.sheet, top, left)}${rows > 1 ? `:${cellAddress(rect.sheet, top + rows - 1, left).split("!")[1]}` : ""}`;
    const range = { address } as Record<string, unknown>;
    for (const property of ["valuesAsJson", "formulas", "values"] as const) {
      Object.defineProperty(range, property, {
        set: (value: unknown) => pending.push(() => writes.push({ address, property, value: structuredClone(value) })),
      });
    }
    range["getResizedRange"] = (down: number, right: number) => {
      if (right !== 0) throw new Error("the mock writes vertical runs only");
      return target(top, left, rows + down);
    };
    return range as Mock;
  };

  const used = new OfficeMockObject({
    address: options.selection,
    formulas,
    values,
    valuesAsJson: options.cells,
  }) as Mock;
  used["getCell"] = (row: number, column: number) => target(rect.top + row, rect.left + column, 1);
  let usedSynced = false;
  afterSync.push(() => (usedSynced = true));
  Object.defineProperty(used, "isNullObject", {
    get: () => {
      if (!usedSynced) throw new Error("isNullObject read before context.sync()");
      return allEmpty;
    },
  });
  live.push(used);

  const domainObject = (id: string, nullable: boolean): Mock => {
    const state = domains.get(id);
    const data = {
      loadFunctionId: state?.options.loadFunctionId ?? "",
      periodicRefreshInterval: state?.options.periodicRefreshInterval ?? 0,
      supportedRefreshModes: state?.options.supportedRefreshModes ?? [],
    };
    const domain = new OfficeMockObject(data) as Mock;
    live.push(domain);
    let synced = false;
    afterSync.push(() => (synced = true));
    Object.defineProperty(domain, "isNullObject", {
      get: () => {
        if (!synced) throw new Error("isNullObject read before context.sync()");
        return nullable && state === undefined;
      },
    });
    domain["delete"] = () => pending.push(() => (domainCalls.push(`delete ${id}`), domains.delete(id)));
    Object.defineProperty(domain, "refreshMode", {
      set: (mode: string) =>
        pending.push(() => {
          domainCalls.push(`refreshMode ${mode}`);
          const found = domains.get(id);
          if (found === undefined) throw new Error(`no domain ${id}`);
          found.refreshMode = mode;
        }),
    });
    return domain;
  };

  const data = {
    workbook: {
      getSelectedRange: () => ({ getUsedRangeOrNullObject: (valuesOnly: boolean) => (valuesOnly ? used : undefined) }),
      linkedEntityDataDomains: {
        add: (created: Excel.LinkedEntityDataDomainCreateOptions) =>
          pending.push(() => {
            domainCalls.push(`add ${created.id}`);
            if (domains.has(created.id)) throw new Error(`a domain ${created.id} exists already`);
            domains.set(created.id, {
              options: structuredClone(created),
              refreshMode: String(created.supportedRefreshModes?.[0] ?? "Manual"),
            });
          }),
        getItemOrNullObject: (id: string) => domainObject(id, true),
        getItem: (id: string) => domainObject(id, false),
      },
    },
  };
  const context = new OfficeMockObject(data) as Mock;
  const mockSync = context.sync.bind(context);
  context.sync = async () => {
    syncs += 1;
    pending.splice(0).forEach((apply) => apply());
    await mockSync();
    await Promise.all(live.map((mock) => mock.sync()));
    afterSync.splice(0).forEach((mark) => mark());
  };
  return {
    run: (batch) => batch(context as unknown as Excel.RequestContext),
    writes,
    domainCalls,
    domains,
    syncs: () => syncs,
  };
}

/** What Excel shows in valuesAsJson for a cell converted to the Index data type: a linked entity of the index domain. */
export const linkedIndexCell = (symbol: string) => ({
  type: "LinkedEntity",
  id: { entityId: symbol, domainId: "index", serviceId: 268436224, culture: "en-US" },
  text: symbol,
  basicValue: "#VALUE!",
  basicType: "Error",
});

/** valuesAsJson of a plain text cell. */
export const textCell = (value: string) => ({ type: "String", basicValue: value, basicType: "String" });

/** A synced write of Convert to Index: the linked entity of each symbol, down one column from `address`. */
export const linkedWrite = (address: string, ...symbols: string[]): Write => ({
  address,
  property: "valuesAsJson",
  value: symbols.map((symbol) => [linkedIndexCell(symbol)]),
});

/** A synced write of Convert to text: each symbol as plain text, down one column from `address`. */
export const textWrite = (address: string, ...symbols: string[]): Write => ({
  address,
  property: "valuesAsJson",
  value: symbols.map((symbol) => [{ type: "String", basicValue: symbol }]),
});
