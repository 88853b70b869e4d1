import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { DirectSource, IndexDataClient } from "../../src/client";
import { MemoryStorage } from "../../src/settings";
import { excelDataTypeActions } from "../../src/office/data-type-actions";
import { createIndexDomainControl, type IndexDomainControl } from "../../src/office/data-type/domain";
import type { FakeWorkbook } from "../support/office-fake/fake-workbook";
import { FakeOfficeHost } from "../support/office-fake/office-host";
import {
  linkedIndexCell,
  linkedWrite,
  selectionBook,
  textCell,
  textWrite,
  type SelectionCells,
} from "./data-type-cells";

/**
 * Convert to Index and Convert to text on the Office fake: the values written are compared with the
 * shapes Microsoft documents for a linked entity (Excel.LinkedEntityCellValue, serviceId 268436224), written out
 * here; no real Excel runs. The catalogue comes from the reference service.
 */
let service: RunningReferenceService;
beforeAll(async () => {
  service = await startReferenceService({ flavor: "newer", rateLimits: { anonymous: 100_000 } });
});
afterAll(() => service.close());

const number = (value: number) => ({ type: "Double", basicValue: value, basicType: "Double" });
const EMPTY = { type: "Empty", basicValue: "" };

/** The Index domain as the add-in registers it, less its refresh modes. */
const INDEX_DOMAIN = {
  dataProvider: "Index Data",
  id: "index",
  name: "Index",
  loadFunctionId: "ENTITYSERVICE",
} as const;

interface Rig {
  readonly excel: FakeWorkbook;
  readonly domain: IndexDomainControl;
  readonly loadAsked: string[];
  readonly actions: ReturnType<typeof excelDataTypeActions>;
}

async function rig(options: SelectionCells, supported = true): Promise<Rig> {
  const excel = await selectionBook(options);
  const domain = createIndexDomainControl({
    run: excel.run,
    supported: () => supported,
    storage: () => new MemoryStorage(),
  });
  const loadAsked: string[] = [];
  const startup = { afterFormulaInserted: async () => void loadAsked.push("Load") };
  const source = new DirectSource(new IndexDataClient({ baseUrl: service.url }));
  const actions = excelDataTypeActions(
    { userSource: source, startup, indexDomain: domain },
    { run: excel.run, json: () => true },
  );
  return { excel, domain, loadAsked, actions };
}

describe("registering the Index domain", () => {
  it("happens once per runtime, with on load and manual refresh, however often it is asked for", async () => {
    const { excel, domain, actions } = await rig({ selection: "Sheet1!A1", cells: [[textCell("RTM-NWE-A-1x3")]] });
    await Promise.all([domain.register(), domain.register()]);
    await domain.register();
    await actions.toIndex();
    expect(excel.domainCalls).toEqual(["add index"]);
    expect(excel.domains.get("index")).toEqual({
      options: { ...INDEX_DOMAIN, supportedRefreshModes: ["OnLoad", "Manual"] },
      refreshMode: "OnLoad",
    });
  });

  it("does not happen where Excel lacks ExcelApi 1.19, and the button writes INDEX.CARD formulas instead, saying why", async () => {
    const { excel, domain, actions, loadAsked } = await rig(
      { selection: "Sheet1!A1:A2", cells: [[textCell("RTM-NWE-A-1x3")], [textCell("nope")]] },
      false,
    );
    expect(await domain.register()).toBe(false);
    const outcome = await actions.toIndex();
    expect(excel.domainCalls).toEqual([]);
    expect(excel.writes).toEqual([
      { address: "Sheet1!A1", property: "formulas", value: [['=INDEX.CARD("RTM-NWE-A-1x3")']] },
    ]);
    expect(outcome.message).toBe(
      'Converted 1 cell to =INDEX.CARD formulas. Left 1 cell untouched that holds no known index symbol: A2 "nope". This Excel has no linked data types (they need Microsoft 365 Excel on Windows 2504 or later or on Mac 16.96 or later; Excel on the web has none), so each symbol became =INDEX.CARD(symbol): the same card, refreshed by Refresh.',
    );
    expect(outcome.notable).toBe(true);
    expect(loadAsked).toEqual(["Load"]);
  });

  it("keeps a domain an earlier runtime added with the same options, and replaces one with other options", async () => {
    const same = await rig({
      selection: "Sheet1!A1",
      cells: [[EMPTY]],
      domains: new Map([
        [
          "index",
          {
            options: {
              ...INDEX_DOMAIN,
              supportedRefreshModes: ["OnLoad", "Manual"] as Excel.LinkedEntityDataDomainRefreshMode[],
            },
            refreshMode: "Manual",
          },
        ],
      ]),
    });
    await same.domain.register();
    expect(same.excel.domainCalls).toEqual([]);
    const older = await rig({
      selection: "Sheet1!A1",
      cells: [[EMPTY]],
      domains: new Map([
        [
          "index",
          {
            options: { ...INDEX_DOMAIN, loadFunctionId: "OLDSERVICE" },
            refreshMode: "Manual",
          },
        ],
      ]),
    });
    await older.domain.register();
    expect(older.excel.domainCalls).toEqual(["delete index", "add index"]);
  });

  it("applies a periodic refresh chosen in the pane at once: Periodic first, its interval in seconds, and the mode set", async () => {
    const { excel, domain } = await rig({ selection: "Sheet1!A1", cells: [[EMPTY]] });
    await domain.register();
    await domain.setRefresh(15);
    expect(excel.domains.get("index")).toEqual({
      options: {
        ...INDEX_DOMAIN,
        periodicRefreshInterval: 900,
        supportedRefreshModes: ["Periodic", "OnLoad", "Manual"],
      },
      refreshMode: "Periodic",
    });
    await domain.setRefresh(0);
    expect(excel.domains.get("index")?.refreshMode).toBe("OnLoad");
    expect(excel.domainCalls).toEqual([
      "add index",
      "delete index",
      "add index",
      "refreshMode Periodic",
      "delete index",
      "add index",
      "refreshMode OnLoad",
    ]);
    expect(await domain.refresh()).toBe(0);
    await expect(domain.setRefresh(7 as never)).rejects.toThrow("off or every 5, 15, 60 minutes");
  });

  it("registers through the shared control when Office is ready, and tries again after Excel refused", async () => {
    const excel = await selectionBook({ selection: "Sheet1!A1", cells: [[EMPTY]] });
    excel.failNext("linkedEntityDataDomains.add");
    const domain = createIndexDomainControl({
      run: excel.run,
      supported: () => true,
      storage: () => new MemoryStorage(),
    });
    await expect(domain.register()).rejects.toMatchObject({ code: "GeneralException" });
    await expect(domain.register()).resolves.toBe(true);
    await domain.register();
    expect(excel.domainCalls).toEqual(["add index"]);
  });
});

describe("the shared runtime's domain control", () => {
  afterEach(() => FakeOfficeHost.uninstall());

  /** A fresh runtime (its own module registry) in Office, on an Excel with ExcelApi 1.19 or without. */
  async function runtimeOn(supported: boolean) {
    const excel = await selectionBook({ selection: "Sheet1!A1", cells: [[EMPTY]] });
    new FakeOfficeHost({ workbook: excel, requirements: { ExcelApi: supported ? "1.19" : "1.18" } }).install();
    const runsBefore = excel.runs;
    const runs = () => excel.runs - runsBefore;
    let module: typeof import("../../src/office/data-type/domain") | undefined;
    jest.isolateModules(() => {
      module = jest.requireActual<typeof import("../../src/office/data-type/domain")>(
        "../../src/office/data-type/domain",
      );
    });
    if (module === undefined) throw new Error("not loaded");
    // The one control the shared runtime makes (src/office/app-context/app-context.ts), which the ribbon and the pane both ask.
    const domain = module.officeIndexDomain(() => new MemoryStorage());
    return { excel, runs, indexDomain: () => domain };
  }

  it("adds the domain once in each runtime, however many times the ribbon and the pane ask", async () => {
    for (let runtime = 0; runtime < 2; runtime += 1) {
      const { excel, indexDomain } = await runtimeOn(true);
      await Promise.all([indexDomain().register(), indexDomain().register()]);
      await indexDomain().register();
      expect(excel.domainCalls).toEqual(["add index"]);
    }
  });

  it("adds nothing, and calls no Excel API, where ExcelApi 1.19 is missing", async () => {
    const { excel, runs, indexDomain } = await runtimeOn(false);
    expect(await indexDomain().register()).toBe(false);
    expect([runs(), excel.domainCalls]).toEqual([0, []]);
  });
});

describe("the ExcelApi 1.19 check", () => {
  afterEach(() => FakeOfficeHost.uninstall());

  it.each([
    ["supported", { ExcelApi: "1.19" }, true],
    ["a later version", { ExcelApi: "1.20" }, true],
    ["missing", { ExcelApi: "1.18" }, false],
    ["not ready", "not ready", false],
  ] as const)("reads Office.context.requirements (%s)", async (_name, requirements, expected) => {
    const office = new FakeOfficeHost({ requirements }).install();
    const { linkedDataTypesSupported } = await import("../../src/office/data-type/domain");
    expect(linkedDataTypesSupported()).toBe(expected);
    expect(office.asked).toEqual(["ExcelApi 1.19"]);
  });
});

describe("Convert to Index", () => {
  it("writes exactly the linked entities of the known symbols of a mixed selection, and nothing else", async () => {
    const { excel, actions, loadAsked } = await rig({
      selection: "Sheet1!B2:B8",
      cells: [
        [textCell("RTM-NWE-A-1x3")],
        [textCell("rtm-ind-b-2x4")],
        [textCell("RTM-NOPE-1x3")],
        [EMPTY],
        [number(42)],
        [textCell("RTM-USG.B-2x4")],
        [textCell("=1+1")],
      ],
      formulas: [[undefined], [undefined], [undefined], [undefined], [undefined], [undefined], ["=1+1"]],
    });
    const outcome = await actions.toIndex();
    expect(excel.writes).toEqual([
      linkedWrite("Sheet1!B2:B3", "RTM-NWE-A-1x3", "RTM-IND-B-2x4"),
      linkedWrite("Sheet1!B7", "RTM-USG.B-2x4"),
    ]);
    expect(outcome).toEqual({
      changed: 3,
      notable: true,
      message:
        'Converted 3 cells to Index entities. Symbols are case-sensitive, so B3 "rtm-ind-b-2x4" became RTM-IND-B-2x4. Left 3 cells untouched that hold no known index symbol: B4 "RTM-NOPE-1x3", B6 42, B8 a formula.',
    });
    expect(loadAsked).toEqual(["Load"]);
  });

  it("converts a block column by column, leaves cells already linked alone, and says so", async () => {
    const { excel, actions } = await rig({
      selection: "Sheet2!C3:D4",
      cells: [
        [textCell("RTM-NWE-A-1x3"), linkedIndexCell("RTM-IND-B-2x4")],
        [textCell(" RTM-IND-B-2x4 "), textCell("RTM-NWE-A-1x3")],
      ],
    });
    const outcome = await actions.toIndex();
    expect(excel.writes).toEqual([
      linkedWrite("Sheet2!C3:C4", "RTM-NWE-A-1x3", "RTM-IND-B-2x4"),
      linkedWrite("Sheet2!D4", "RTM-NWE-A-1x3"),
    ]);
    expect(outcome.message).toBe("Converted 3 cells to Index entities. 1 cell already held an Index entity.");
    expect(outcome.notable).toBe(false);
  });

  it("converts 3,000 cells in one batch: one sync to read, one write, one sync to write", async () => {
    const symbols = ["RTM-NWE-A-1x3", "RTM-IND-B-2x4", "RTM-USG.B-2x4"];
    const { excel, actions, domain } = await rig({
      selection: "Sheet1!A1:A3000",
      cells: Array.from({ length: 3000 }, (_, i) => [textCell(symbols[i % 3] ?? "")]),
    });
    await domain.register();
    const before = excel.syncs;
    const outcome = await actions.toIndex();
    expect(excel.syncs - before).toBe(2);
    expect(excel.writes).toHaveLength(1);
    expect(excel.writes[0]?.address).toBe("Sheet1!A1:A3000");
    expect((excel.writes[0]?.value as unknown[][])[2999]).toEqual([linkedIndexCell("RTM-USG.B-2x4")]);
    expect(outcome.changed).toBe(3000);
  });

  it("writes nothing, and says so, when no selected cell holds a known symbol or the selection is empty", async () => {
    const some = await rig({ selection: "Sheet1!A1:A2", cells: [[textCell("hello")], [EMPTY]] });
    expect((await some.actions.toIndex()).message).toBe(
      'No selected cell holds a known index symbol; nothing was converted. Left 1 cell untouched that holds no known index symbol: A1 "hello".',
    );
    const none = await rig({ selection: "Sheet1!A1:A2", cells: [[EMPTY], [EMPTY]] });
    expect(await none.actions.toIndex()).toEqual({
      changed: 0,
      notable: true,
      message: "No selected cell holds a known index symbol; nothing was converted.",
    });
    expect([...some.excel.writes, ...none.excel.writes]).toEqual([]);
  });

  it("writes nothing when the catalogue cannot be read, and rejects with the service's failure", async () => {
    const excel = await selectionBook({ selection: "Sheet1!A1", cells: [[textCell("RTM-NWE-A-1x3")]] });
    const domain = createIndexDomainControl({
      run: excel.run,
      supported: () => true,
      storage: () => new MemoryStorage(),
    });
    const down = new DirectSource(new IndexDataClient({ baseUrl: "http://127.0.0.1:9", timeoutMs: 500 }));
    const actions = excelDataTypeActions(
      { userSource: down, startup: { afterFormulaInserted: async () => undefined }, indexDomain: domain },
      { run: excel.run, json: () => true },
    );
    await expect(actions.toIndex()).rejects.toMatchObject({ name: "NetworkError" });
    expect(excel.writes).toEqual([]);
  });
});

describe("Convert to text", () => {
  it("turns Index entities, frozen ones and INDEX.CARD formulas Convert wrote back into their symbols, nothing else", async () => {
    const frozen = {
      type: "Entity",
      text: "RTM-USG.B-2x4 1.2000",
      properties: {
        "Index data type": {
          type: "String",
          basicValue: "RTM-USG.B-2x4",
          propertyMetadata: {
            excludeFrom: { cardView: true, autoComplete: true, dotNotation: true, calcCompare: true },
          },
        },
      },
    };
    const { excel, actions } = await rig({
      selection: "Sheet1!A1:A5",
      cells: [
        [{ ...linkedIndexCell("RTM-NWE-A-1x3"), text: "RTM-NWE-A-1x3 1.6508" }],
        [textCell("RTM-IND-B-2x4")],
        [frozen],
        [number(1.6508)],
        [number(1.6508)],
      ],
      formulas: [
        [undefined],
        [undefined],
        [undefined],
        ['=INDEX.CARD("RTM-MED-A-1x3")'],
        ['=INDEX.LATEST("RTM-MED-A-1x3")'],
      ],
    });
    const outcome = await actions.toText();
    expect(excel.writes).toEqual([
      textWrite("Sheet1!A1", "RTM-NWE-A-1x3"),
      textWrite("Sheet1!A3:A4", "RTM-USG.B-2x4", "RTM-MED-A-1x3"),
    ]);
    expect(outcome).toEqual({ changed: 3, notable: false, message: "Converted 3 cells back to the symbol as text." });
  });
});
