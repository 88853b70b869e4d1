import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { isFormattedNumber } from "../../src/formulas";
import { FakeClock } from "../support/fake-clock";
import { INDEX_FUNCTIONS as INDEX } from "../support/index-functions";
import { engineOn, openCells, type Cell } from "./open-cells";

/*
 * INDEX.CHANGE costs no request beyond what the engine already asks: on a sheet that also holds the history (a panel
 * of the last 90 days), every period's change of a symbol comes out of the same history request, and its latest value
 * out of the fix the sheet's confidence cells ask for. Counted at the reference service.
 */
let service: RunningReferenceService;
beforeAll(async () => {
  service = await startReferenceService({ rateLimits: { anonymous: 1_000_000 } });
});
afterAll(() => service.close());

const SYMBOLS = ["RTM-NWE-A-1x3", "RTM-NWE-B-1x3", "RTM-USG.B-2x4"];

const row = (symbol: string): Cell[] => [
  (env) => INDEX.LATEST(env, [symbol]),
  (env) => INDEX.LATEST(env, [symbol, "confidence"]),
  ...["1D", "1W", "1M", "YTD"].map(
    (period): Cell =>
      (env) =>
        INDEX.CHANGE(env, [symbol, period]),
  ),
];

test("a sheet's changes of every period join the history its panel asks: one history request per symbol", async () => {
  const clock = new FakeClock(Date.now());
  const engine = engineOn(service.url, clock);
  service.resetRequestLog();
  const panel: Cell = (env) => INDEX.PANEL(env, [SYMBOLS.join(","), "-90D", "TODAY", "previous"]);
  const results = await openCells(engine, clock, [...SYMBOLS.flatMap(row), panel]);
  engine.close();
  const changes = results.filter((_, i) => i < 18 && i % 6 >= 2);
  expect(changes.every(isFormattedNumber)).toBe(true);
  const paths = service.requests.map((request) => request.path.split("?")[0]).sort();
  expect(paths).toEqual(
    SYMBOLS.flatMap((symbol) => [`/api/v1/index/${symbol}/history`, `/api/v1/index/${symbol}/latest`]).sort(),
  );
});
