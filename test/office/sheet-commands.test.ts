import { sheetCommands } from "../../src/commands/sheet-commands";
import { appContext } from "../../src/office/app-context/app-context";
import { excelSheetActions, type SheetActions } from "../../src/office/sheet-actions";
import { RECEIPT_SHEET } from "../../src/office/refresh/scope-ranges";
import { DESK_A, DESK_B, actionsBook, useDeskRig } from "./sheet-support";
import { FakeWorkbook } from "../support/office-fake/fake-workbook";

/** The ribbon's Freeze for sharing and Refresh sheet, through the office adapters, on the workbook fake. */
const A = DESK_A;
const B = DESK_B;

const rig = useDeskRig();

/** Sheet1: A's fix in B2 and B3, B's volatility in B4; Sheet2: B's forward curve. */
function desk(): Promise<FakeWorkbook> {
  return actionsBook(rig, { C1: `=INDEX.FORWARD("${B}")` });
}

function actionsOn(book: FakeWorkbook): SheetActions {
  return excelSheetActions(appContext(), (batch) => batch(book.context));
}

function event() {
  return { completed: jest.fn() };
}

/** Presses a ribbon button on `book`: the command runs, the workbook settles, and the event was completed once. */
async function press(book: FakeWorkbook, command: "freezeForSharing" | "refreshSheet"): Promise<void> {
  const done = event();
  await sheetCommands(() => actionsOn(book))[command](done);
  await book.settled();
  expect(done.completed).toHaveBeenCalledTimes(1);
}

test("Freeze for sharing with one cell selected freezes the active sheet and shows the receipt", async () => {
  const book = await desk();
  book.selection = "Sheet1!A1";
  await press(book, "freezeForSharing");
  expect(["Sheet1!B2", "Sheet1!B3", "Sheet1!B4"].map((cell) => book.formulaAt(cell))).toEqual([
    undefined,
    undefined,
    undefined,
  ]);
  expect(book.formulaAt("Sheet2!C1")).toBe(`=INDEX.FORWARD("${B}")`);
  expect(book.visibility(RECEIPT_SHEET)).toBe("Visible");
});

test("Freeze for sharing with a block selected freezes that block only", async () => {
  const book = await desk();
  book.selection = "Sheet1!B2:B3";
  await press(book, "freezeForSharing");
  expect(book.formulaAt("Sheet1!B2")).toBeUndefined();
  expect(book.formulaAt("Sheet1!B3")).toBeUndefined();
  expect(book.formulaAt("Sheet1!B4")).toBe(`=INDEX.VOL("${B}",30)`);
});

test("Refresh sheet asks once per distinct resource of the active sheet, nothing of the other sheet", async () => {
  const book = await desk();
  rig.service.resetRequestLog();
  await press(book, "refreshSheet");
  expect(rig.service.requests.map((r) => r.path).sort()).toEqual(
    [`/api/v1/index/${A}/latest`, `/api/v1/index/${B}/volatility?windowDays=30`].sort(),
  );
});

test("a ribbon command whose workbook call fails still completes the event", async () => {
  const failing = (): SheetActions => {
    const fail = () => Promise.reject(new Error("the workbook is in cell-edit mode"));
    return {
      freeze: fail,
      restore: fail,
      checkFrozen: fail,
      planRefresh: fail,
      runRefresh: fail,
      selectedCellCount: fail,
    };
  };
  const commands = sheetCommands(failing);
  const freeze = event();
  const refresh = event();
  await commands.freezeForSharing(freeze);
  await commands.refreshSheet(refresh);
  expect(freeze.completed).toHaveBeenCalledTimes(1);
  expect(refresh.completed).toHaveBeenCalledTimes(1);
});
