import { getContext } from "../../src/office/context";
import { describePlan, planRefresh, runRefresh, type RefreshScope } from "../../src/office/refresh-scope";
import { DESK_A, DESK_B, deskBook, useDeskRig } from "./desk-support";
import { FakeWorkbook } from "./workbook-fake";

const A = DESK_A;
const B = DESK_B;

const rig = useDeskRig();

/**
 * Sheet1: two cells on A's fix (one resource), B's volatility; Sheet2: A's fix again and B's forward curve.
 * Distinct resources: selection B2:B3 → 1, Sheet1 → 2, workbook → 3.
 */
function desk(): Promise<FakeWorkbook> {
  return deskBook(rig, { A1: `=INDEX.LATEST("${A}","status")`, C1: `=INDEX.FORWARD("${B}")` });
}

async function refresh(book: FakeWorkbook, scope: RefreshScope) {
  const context = getContext();
  const plan = await planRefresh(book.context, await context.engine(), scope);
  rig.service.resetRequestLog();
  book.calculated.length = 0;
  await runRefresh(book.context, context, plan);
  await book.settled();
  return { plan, requests: rig.service.requests.map((r) => r.path), calculated: [...book.calculated] };
}

test.each([
  ["selection", ["Sheet1!B2", "Sheet1!B3"], [`/api/v1/index/${A}/latest`]],
  ["sheet", ["Sheet1!B2", "Sheet1!B3", "Sheet1!B4"], [`/api/v1/index/${A}/latest`, `/api/v1/index/${B}/volatility?windowDays=30`]],
  [
    "workbook",
    ["Sheet1!B2", "Sheet1!B3", "Sheet1!B4", "Sheet2!A1", "Sheet2!C1"],
    [`/api/v1/index/${A}/latest`, `/api/v1/index/${B}/volatility?windowDays=30`, `/api/v1/index/${B}/forward`],
  ],
] as const)("refreshing the %s asks once per distinct resource and recalculates its cells", async (scope, cells, paths) => {
  const book = await desk();
  book.selection = "Sheet1!B2:B3";
  const { plan, requests, calculated } = await refresh(book, scope);
  expect([...plan.addresses].sort()).toEqual([...cells].sort());
  expect(plan.keys).toHaveLength(paths.length);
  expect([...requests].sort()).toEqual([...paths].sort());
  expect([...calculated].sort()).toEqual([...cells].sort());
});

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
  const plan = await planRefresh(book.context, await getContext().engine(), "sheet");
  expect([...plan.addresses].sort()).toEqual(["Sheet1!B2", "Sheet1!B3"]);
  expect(plan.keys).toEqual([`latest|${A}`]);
});
