import { appContext } from "../../src/office/app-context/app-context";
import { describePlan, planRefresh, runRefresh, type RefreshScope } from "../../src/office/refresh/scope";
import { DESK_A, DESK_B, actionsBook, useDeskRig } from "./sheet-support";
import { FakeWorkbook } from "../support/office-fake/fake-workbook";

const A = DESK_A;
const B = DESK_B;

const rig = useDeskRig();

/**
 * Sheet1: two cells on A's fix (one resource), B's volatility; Sheet2: A's fix again and B's forward curve.
 * Distinct resources: selection B2:B3 → 1, Sheet1 → 2, workbook → 3.
 */
function desk(): Promise<FakeWorkbook> {
  return actionsBook(rig, { A1: `=INDEX.LATEST("${A}","status")`, C1: `=INDEX.FORWARD("${B}")` });
}

async function refresh(book: FakeWorkbook, scope: RefreshScope) {
  const context = appContext();
  const plan = await planRefresh(book.context, await context.engine(), scope);
  rig.service.resetRequestLog();
  book.calculated.length = 0;
  await runRefresh(book.context, context, plan);
  await book.settled();
  return { plan, requests: rig.service.requests.map((r) => r.path), calculated: [...book.calculated] };
}

test.each([
  ["selection", ["Sheet1!B2", "Sheet1!B3"], [`/api/v1/index/${A}/latest`]],
  [
    "sheet",
    ["Sheet1!B2", "Sheet1!B3", "Sheet1!B4"],
    [`/api/v1/index/${A}/latest`, `/api/v1/index/${B}/volatility?windowDays=30`],
  ],
  [
    "workbook",
    ["Sheet1!B2", "Sheet1!B3", "Sheet1!B4", "Sheet2!A1", "Sheet2!C1"],
    [`/api/v1/index/${A}/latest`, `/api/v1/index/${B}/volatility?windowDays=30`, `/api/v1/index/${B}/forward`],
  ],
] as const)(
  "refreshing the %s asks once per distinct resource and recalculates its cells",
  async (scope, cells, paths) => {
    const book = await desk();
    book.selection = "Sheet1!B2:B3";
    const { plan, requests, calculated } = await refresh(book, scope);
    expect([...plan.addresses].sort()).toEqual([...cells].sort());
    expect(plan.keys).toHaveLength(paths.length);
    expect([...requests].sort()).toEqual([...paths].sort());
    expect([...calculated].sort()).toEqual([...cells].sort());
  },
);

test("stale only refreshes nothing when nothing is stale", async () => {
  const book = await desk();
  const { plan, requests, calculated } = await refresh(book, "stale");
  expect(plan.addresses).toEqual([]);
  expect(describePlan(plan)).toBe("Nothing is stale; nothing to refresh.");
  expect(requests).toEqual([]);
  expect(calculated).toEqual([]);
});

test("a cell whose INDEX formula was removed drops out of the index", async () => {
  const book = await desk();
  book.type("Sheet1!B4", 7);
  const plan = await planRefresh(book.context, await appContext().engine(), "sheet");
  expect([...plan.addresses].sort()).toEqual(["Sheet1!B2", "Sheet1!B3"]);
  expect(plan.keys).toEqual([`latest|${A}`]);
});

/*
 * The sheet changes after its cells were evaluated: the scope is what the sheet's formulas show now, and each
 * cell of it asks the service again, once per resource, wherever it moved. A cell now holding another formula at
 * a cell's old address is refreshed as what it is now.
 */
describe("refresh by scope after the sheet changed", () => {
  test("a row inserted above: Refresh sheet finds the cells where they are now, and asks for their own resources", async () => {
    const book = await desk();
    book.insertRows("Sheet1", 0, 1); // B2:B4 move to B3:B5
    const { plan, requests, calculated } = await refresh(book, "sheet");
    expect([...plan.addresses].sort()).toEqual(["Sheet1!B3", "Sheet1!B4", "Sheet1!B5"]);
    expect([...requests].sort()).toEqual([`/api/v1/index/${A}/latest`, `/api/v1/index/${B}/volatility?windowDays=30`]);
    expect([...calculated].sort()).toEqual(["Sheet1!B3", "Sheet1!B4", "Sheet1!B5"]);
    expect(book.shown("Sheet1!B5")).toEqual(expect.any(Number)); // the volatility, where it moved
  });

  test("a row inserted above: selecting the moved cell refreshes it", async () => {
    const book = await desk();
    book.insertRows("Sheet1", 0, 2);
    book.selection = "Sheet1!B6"; // INDEX.VOL, first at B4
    const { plan, requests, calculated } = await refresh(book, "selection");
    expect(describePlan(plan)).not.toBe("No INDEX cell in this scope.");
    expect(plan.addresses).toEqual(["Sheet1!B6"]);
    expect(requests).toEqual([`/api/v1/index/${B}/volatility?windowDays=30`]);
    expect(calculated).toEqual(["Sheet1!B6"]);
  });

  test("a row deleted: the cells below move up and are refreshed there", async () => {
    const book = await desk();
    book.deleteSheetRows("Sheet1", 1, 1); // B2 goes; B3:B4 move to B2:B3
    const { plan, requests } = await refresh(book, "sheet");
    expect([...plan.addresses].sort()).toEqual(["Sheet1!B2", "Sheet1!B3"]);
    expect([...requests].sort()).toEqual([`/api/v1/index/${A}/latest`, `/api/v1/index/${B}/volatility?windowDays=30`]);
  });

  test("a sheet renamed: the sheet and workbook scopes find every INDEX cell under the new name", async () => {
    const book = await desk();
    book.renameSheet("Sheet1", "Prices");
    const sheet = await refresh(book, "sheet");
    expect([...sheet.plan.addresses].sort()).toEqual(["Prices!B2", "Prices!B3", "Prices!B4"]);
    expect([...sheet.requests].sort()).toEqual([
      `/api/v1/index/${A}/latest`,
      `/api/v1/index/${B}/volatility?windowDays=30`,
    ]);
    const workbook = await refresh(book, "workbook");
    expect(workbook.plan.addresses).toHaveLength(5);
    expect(workbook.requests).toHaveLength(3);
  });
});
