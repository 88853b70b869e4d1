import { dataTypeCommands } from "../../src/commands/data-type-commands";
import { DirectSource, IndexDataClient } from "../../src/client";
import { MemoryStorage } from "../../src/settings";
import { excelDataTypeActions, type DataTypeActions } from "../../src/office/data-type-actions";
import { createIndexDomainControl } from "../../src/office/data-type/domain";
import { DataTypeReports, type DataTypeReport } from "../../src/office/data-type/report";
import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { selectionBook } from "./data-type-cells";

/** The Data tab's Convert to Index and Convert to text, through the office adapters, on the Office fake. */
let service: RunningReferenceService;
beforeAll(async () => {
  service = await startReferenceService({ flavor: "newer", rateLimits: { anonymous: 100_000 } });
});
afterAll(() => service.close());

const text = (value: string) => ({ type: "String", basicValue: value, basicType: "String" });

async function actionsOn(cells: unknown[][], supported = true) {
  const excel = await selectionBook({ selection: "Sheet1!A1:A2", cells });
  const domain = createIndexDomainControl({
    run: excel.run,
    supported: () => supported,
    storage: () => new MemoryStorage(),
  });
  const userSource = new DirectSource(new IndexDataClient({ baseUrl: service.url }));
  const actions = excelDataTypeActions(
    { userSource, startup: { afterFormulaInserted: async () => undefined }, indexDomain: domain },
    { run: excel.run, json: () => true },
  );
  return { excel, actions };
}

const event = () => ({ completed: jest.fn() });

test("Convert to Index of clean symbols converts, completes the event, and has nothing to report", async () => {
  const { excel, actions } = await actionsOn([[text("RTM-NWE-A-1x3")], [text("RTM-IND-B-2x4")]]);
  const reports: DataTypeReport[] = [];
  const done = event();
  await dataTypeCommands(
    () => actions,
    (report) => reports.push(report),
  ).convertToIndex(done);
  expect(done.completed).toHaveBeenCalledTimes(1);
  expect(excel.writes).toHaveLength(1);
  expect(reports).toEqual([]);
});

test("Convert to Index with a cell left untouched reports the outcome for the pane to say", async () => {
  const { actions } = await actionsOn([[text("RTM-NWE-A-1x3")], [text("hello")]]);
  const reports: DataTypeReport[] = [];
  await dataTypeCommands(
    () => actions,
    (report) => reports.push(report),
  ).convertToIndex(event());
  expect(reports).toEqual([
    {
      action: "toIndex",
      outcome: {
        changed: 1,
        notable: true,
        message:
          'Converted 1 cell to Index entities. Left 1 cell untouched that holds no known index symbol: A2 "hello".',
      },
    },
  ]);
});

test("a failing action still completes the event, and its failure is reported", async () => {
  const failing = (): DataTypeActions => {
    const fail = () => Promise.reject(new Error("the workbook is in cell-edit mode"));
    return { mode: () => "entities", toIndex: fail, toText: fail, refresh: () => Promise.resolve(0), setRefresh: fail };
  };
  const reports: DataTypeReport[] = [];
  const commands = dataTypeCommands(failing, (report) => reports.push(report));
  const [toIndex, toText] = [event(), event()];
  await commands.convertToIndex(toIndex);
  await commands.convertToText(toText);
  expect(toIndex.completed).toHaveBeenCalledTimes(1);
  expect(toText.completed).toHaveBeenCalledTimes(1);
  expect(reports.map((report) => [report.action, "error" in report ? (report.error as Error).message : ""])).toEqual([
    ["toIndex", "the workbook is in cell-edit mode"],
    ["toText", "the workbook is in cell-edit mode"],
  ]);
});

test("a report waits for a pane that is not listening yet, and goes straight to one that is", () => {
  const board = new DataTypeReports();
  const first: DataTypeReport = { action: "toText", outcome: { changed: 0, notable: true, message: "nothing" } };
  board.publish(first);
  expect(board.take()).toBe(first);
  expect(board.take()).toBeUndefined();
  const heard: DataTypeReport[] = [];
  const stop = board.subscribe((report) => heard.push(report));
  board.publish(first);
  expect(heard).toEqual([first]);
  expect(board.take()).toBeUndefined();
  stop();
});
