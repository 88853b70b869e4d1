import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { IndexDataClient } from "../../src/client";
import type { FormulaResult } from "../../src/formulas";
import {
  ChangeDefinition,
  changeGrid as grid,
  GRID_INDEXES,
  GRID_PERIODS,
  TO_DATE_PERIODS,
  type GridCell,
} from "../support/change-definition";
import { serial } from "../support/excel-serial";
import { FakeClock } from "../support/fake-clock";
import { cellsOneByOne, changeCells as cellsOf, engineOn, openCells, type Cell } from "./open-cells";

/*
 * Issue 45's grid: 98 INDEX.CHANGE cells (7 indexes × 7 periods × 2 modes) against a service whose latest fixes are 16
 * days old, over HTTP, the engine and the service's rate window on one fake clock and the service's own limit (60 a
 * minute, anonymous). Its request minimum is 14: a latest fix and one history range per index, the range anchored on
 * the fix's date, whatever order the cells come in. Each cell equals the definition worked out from the service's own
 * answers (test/support/change-definition.ts).
 */
const NOW = Date.parse("2025-06-18T10:30:00Z");
const AGE_DAYS = 16;
/** The service's limit and window: a cell that waited for the budget would have waited a window. */
const WINDOW_MS = 60_000;

let clock: FakeClock;
let service: RunningReferenceService;
let definition: ChangeDefinition;

beforeEach(async () => {
  clock = new FakeClock(NOW);
  service = await startReferenceService({
    now: () => new Date(clock.now()),
    rateLimitClock: clock,
    latestAgeDays: AGE_DAYS,
  });
  definition = new ChangeDefinition(
    new IndexDataClient({ baseUrl: service.url, apiKey: "demo-enterprise-8d3e6b0f5c" }),
  );
});
afterEach(() => service.close());

/** What each cell must show: the definition's change (a percentage formatted) and its base date. */
async function expected(cells: readonly GridCell[]): Promise<FormulaResult[]> {
  return Promise.all(
    cells.map(async ({ symbol, period, mode }) => {
      const { change, baseDate } = await definition.of(symbol, period, mode);
      const shown = mode === "pct" ? { type: "FormattedNumber", basicValue: change, numberFormat: "0.00%" } : change;
      const date = { type: "FormattedNumber", basicValue: serial(baseDate), numberFormat: "yyyy-mm-dd" };
      return [
        [`change ${period}`, "base date"],
        [shown, date],
      ] as FormulaResult;
    }),
  );
}

/** The service's requests since the log was reset, by path without the query, sorted. */
const requested = () => service.requests.map((request) => request.path.split("?")[0] ?? "").sort();
const histories = () => requested().filter((path) => path.endsWith("/history"));

test("98 cells asked one after another cost 14 requests: a latest fix and one range per index", async () => {
  const cells = grid(GRID_PERIODS);
  expect(cells).toHaveLength(98);
  const want = await expected(cells);
  service.resetRequestLog();
  const engine = engineOn(service.url, clock);
  const started = clock.now();
  const results = await cellsOneByOne(engine, clock, cellsOf(cells));
  expect(results).toEqual(want);
  expect(requested()).toEqual(
    GRID_INDEXES.flatMap((symbol) => [`/api/v1/index/${symbol}/history`, `/api/v1/index/${symbol}/latest`]).sort(),
  );
  // No cell waited for the budget (a wait would be a window long): each settled with its answers.
  expect(clock.now() - started).toBeLessThan(WINDOW_MS);
  // The range is anchored on the latest fix's day, 16 days before today: 1Y back and two weeks more.
  const flagshipRange = service.requests.find((request) => request.path.includes("RTM-NWE-A-1x3/history"))?.path;
  expect(decodeURIComponent(flagshipRange ?? "")).toContain("startDate=2024-05-19&endDate=2025-06-02");

  // A recalculation asks nothing; a Refresh asks the latest fixes again, never the past ranges.
  service.resetRequestLog();
  expect(await openCells(engine, clock, cellsOf(cells))).toEqual(want);
  expect(requested()).toEqual([]);
  engine.invalidate();
  expect(await cellsOneByOne(engine, clock, cellsOf(cells))).toEqual(want);
  expect(histories()).toEqual([]);
  expect(requested()).toHaveLength(GRID_INDEXES.length);
  engine.close();
});

test("asked all at once, with the periods to date too: one catalogue and one range per index", async () => {
  const cells = grid([...GRID_PERIODS, ...TO_DATE_PERIODS]);
  const want = await expected(cells);
  service.resetRequestLog();
  const engine = engineOn(service.url, clock);
  expect(await openCells(engine, clock, cellsOf(cells))).toEqual(want);
  expect(requested()).toEqual(
    ["/api/v1/indexes", ...GRID_INDEXES.map((symbol) => `/api/v1/index/${symbol}/history`)].sort(),
  );
  engine.close();
});

test("a cell that comes while its index's range is in flight shares it", async () => {
  const [first, second] = grid(["1D", "1Y"]);
  if (first === undefined || second === undefined) throw new Error("the grid has cells");
  const want = await expected([first, second]);
  const engine = engineOn(service.url, clock);
  service.resetRequestLog();
  const [cell1, cell2] = cellsOf([first, second]) as [Cell, Cell];
  const early = openCells(engine, clock, [cell1]);
  // The second cell comes once the first has its latest fix and has asked its range, before the range answers.
  while (!service.requests.some((request) => request.path.includes("/history"))) await clock.advance(1);
  const late = openCells(engine, clock, [cell2], "B");
  expect([...(await early), ...(await late)]).toEqual(want);
  expect(histories()).toHaveLength(1);
  engine.close();
});
