import { IndexDataClient } from "../../src/client/client";
import { RequestEngine } from "../../src/engine/request-engine";
import { MemoryStorage } from "../../src/settings/storage";
import { closeLoopbackServers, sendJson, startLoopbackServer } from "./loopback-server";
import { LATEST_FIX } from "./wire-fixtures";

afterEach(closeLoopbackServers);

const SYMBOL = "RTM-NWE-A-1x3";
const FIX = LATEST_FIX;
const COVERAGE = LATEST_FIX.dataCoverage;
const PATH = `/api/v1/index/${SYMBOL}/latest`;

function withFix(change: Record<string, unknown>, coverage: Record<string, unknown> = {}) {
  return { ...FIX, ...change, dataCoverage: { ...COVERAGE, ...coverage } };
}

function impossible(field: string, sent: string): string {
  return `Impossible value for ${field} (${sent}) in the answer to ${PATH}`;
}

describe("figures that cannot be true are refused at the boundary", () => {
  it.each([
    ["value", "1e+308", withFix({ value: 1e308 })],
    ["value", '"NaN"', withFix({ value: "NaN" })],
    ["value", "-2000000000", withFix({ value: -2e9 })],
    ["confidence", "250", withFix({ confidence: 250 })],
    ["confidence", "-1", withFix({ confidence: -1 })],
    ["dataCoverage.totalMassKg", "-5", withFix({}, { totalMassKg: -5 })],
    ["dataCoverage.contributors", "1e+308", withFix({}, { contributors: 1e308 })],
    ["dataCoverage.executedTrades", "2.5", withFix({}, { executedTrades: 2.5 })],
    ["dataCoverage.topContributorShare", "1.5", withFix({}, { topContributorShare: 1.5 })],
  ])("%s sent as %s is an InvalidResponseError naming the field", async (field, shown, body) => {
    const service = await startLoopbackServer((_, response) => sendJson(response, body));
    const outcome = await new IndexDataClient({ baseUrl: service.url })
      .latest(SYMBOL)
      .catch((e: unknown) => e as Error);
    expect(service.requests).toHaveLength(1);
    expect(outcome).toMatchObject({ name: "InvalidResponseError", message: impossible(field, shown) });
  });

  it("a fix at the edges of every range is accepted, and newer-only fields may be absent", async () => {
    const edges = withFix(
      { value: -999_999_999, confidence: 0 },
      { contributors: 0, totalMassKg: 0, topContributorShare: 1 },
    );
    const service = await startLoopbackServer((_, response) => sendJson(response, edges));
    const fix = await new IndexDataClient({ baseUrl: service.url }).latest(SYMBOL);
    expect(service.requests).toHaveLength(1);
    expect(fix).toMatchObject({ value: -999_999_999, confidence: 0, dataCoverage: { topContributorShare: 1 } });
    expect(fix).not.toHaveProperty("derivationMethod");
  });

  it("an impossible value in history, volatility and capacity names its field too", async () => {
    const answers: Record<string, unknown> = {
      history: {
        symbol: SYMBOL,
        startDate: "2025-06-01",
        endDate: "2025-06-02",
        values: [{ date: "2025-06-01", value: 4, confidence: 101, status: "FIRM" }],
      },
      volatility: { symbol: SYMBOL, annualizedVol: -0.2, windowDays: 30, dataPoints: 30 },
      "capacity-metrics": { bookedKg: 10, availableKg: 5, fillRatio: 2, contributors: 3, avgLeadTimeDays: 4 },
    };
    const service = await startLoopbackServer((request, response) =>
      sendJson(response, answers[request.url?.split("/")[5]?.split("?")[0] ?? ""]),
    );
    const client = new IndexDataClient({ baseUrl: service.url });
    const outcomes = await Promise.all(
      [client.history(SYMBOL), client.volatility(SYMBOL), client.capacity(SYMBOL)].map((p) =>
        p.catch((e: unknown) => e as Error),
      ),
    );
    expect(service.requests).toHaveLength(3);
    expect(outcomes.map((e) => (e as Error).message.split(" in the answer")[0])).toEqual([
      "Impossible value for values.0.confidence (101)",
      "Impossible value for annualizedVol (-0.2)",
      "Impossible value for fillRatio (2)",
    ]);
  });

  it("a cell with a last-known value keeps it when the next answer is impossible", async () => {
    const answers = [FIX, withFix({ value: 1e308 })];
    const service = await startLoopbackServer((_, response) =>
      sendJson(response, answers.shift() ?? withFix({ value: 1e308 })),
    );
    const engine = new RequestEngine(
      { baseUrl: service.url },
      { storage: new MemoryStorage(), batchWindowMs: 1, ttls: { latest: 1 } },
    );
    const fresh = await engine.latest(SYMBOL);
    engine.invalidate();
    const again = await engine.latest(SYMBOL);
    expect(service.requests).toHaveLength(2);
    const { data, meta } = again;
    expect({ data, meta }).toEqual({
      data: fresh.data,
      meta: { producedAt: fresh.meta.producedAt, servedStale: true },
    });
    engine.close();
  });
});
