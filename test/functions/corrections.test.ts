import { systemClock, type Clock } from "@index-data/wire/time";
import { DEMO_KEYS, startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { RequestEngine } from "../../src/engine/request-engine";
import type { EngineOptions } from "../../src/engine/engine-options";
import type { ClientOptions } from "../../src/client/options";
import type { FormulaEnv } from "../../src/formulas/evaluate";
import { msToSerial } from "../../src/formulas/dates";
import { indexCorrections } from "../../src/formulas/index-functions/corrections";
import { indexHistory } from "../../src/formulas/index-functions/history";
import { MemoryStorage } from "../../src/settings/storage";
import { makeDesk } from "../gateway/support/desk";
import { startDeskGateway, type DeskGateway } from "../gateway/support/desk-gateway";
import { asError, asSpill, FLAGSHIP } from "./support";

/**
 * INDEX.CORRECTIONS against the reference service over HTTP: INDEX.HISTORY shows a range, the service restates a day,
 * and the corrections spill that day with the value the workbook saw and the one the service says now. Without a
 * gateway the workbook's own last-known values (kept across a reopen) are compared with one fresh read; behind a
 * desk gateway, the desk's archive answers.
 */

/** Wednesday 18 June 2025 at the service; the range below ends before it, so it is past history (cached 12 h). */
const TODAY = new Date("2025-06-18T10:00:00.000Z");
const START = "2025-06-09";
const END = "2025-06-17";
const RESTATED = "2025-06-16";
const HISTORY_PATH = `/api/v1/index/${FLAGSHIP}/history`;
/** When the workbook first read the range, and when it looked for corrections (the engine's clock): within the range's 12 h. */
const SEEN_AT = Date.parse("2026-12-01T09:00:00.000Z");
const LOOKED_AT = Date.parse("2026-12-01T11:30:00.000Z");

/** The engine's clock: its time is the test's, its timers real (nothing here waits on the budget). */
function clockAt(at: { ms: number }): Clock {
  return { now: () => at.ms, setTimer: systemClock.setTimer, clearTimer: systemClock.clearTimer };
}

let service: RunningReferenceService;
const engines: RequestEngine[] = [];
const at = { ms: SEEN_AT };

beforeAll(async () => {
  service = await startReferenceService({ testFaults: true, now: () => TODAY, rateLimits: { anonymous: 100_000 } });
});
afterEach(() => {
  for (const engine of engines.splice(0)) engine.close();
  service.faults.reset();
  at.ms = SEEN_AT;
});
afterAll(() => service.close());

function engineOn(baseUrl: string, options: EngineOptions = {}, client: Partial<ClientOptions> = {}): RequestEngine {
  const engine = new RequestEngine({ baseUrl, ...client }, { batchWindowMs: 5, clock: clockAt(at), ...options });
  engines.push(engine);
  return engine;
}

function envOf(engine: RequestEngine): FormulaEnv {
  return { source: engine, caps: { formattedNumbers: false }, now: () => TODAY };
}

const serialOf = (day: string) => msToSerial(Date.parse(day));

/** The range as INDEX.HISTORY shows it, with status: [date, value, status] rows. */
async function historyShown(env: FormulaEnv): Promise<unknown[][]> {
  return asSpill(await indexHistory(env, [FLAGSHIP, START, END, undefined, undefined, undefined, "status"]));
}

function rowOn(rows: unknown[][], day: string): unknown[] {
  const row = rows.find((r) => r[0] === serialOf(day));
  if (row === undefined) throw new Error(`no ${day} in ${JSON.stringify(rows)}`);
  return row;
}

/** The path of the fresh read from `day` on. */
const freshRead = (day: string) => `${HISTORY_PATH}?startDate=${encodeURIComponent(`${day}T00:00:00.000Z`)}`;

/** The history requests the service answered since its log was reset, with their status. */
function historyAnswers(): Array<{ path: string; status: number }> {
  return service.requests
    .filter((request) => request.path.startsWith(HISTORY_PATH))
    .map(({ path, status }) => ({ path, status }));
}

describe("INDEX.CORRECTIONS without a gateway: what this workbook saw against one fresh read", () => {
  test("a restated day spills with the value seen and the value now, also after a reopen", async () => {
    const storage = new MemoryStorage();
    const first = engineOn(service.url, { storage });
    const [, seenValue, seenStatus] = rowOn(await historyShown(envOf(first)), RESTATED);
    await first.flush();
    first.close();

    service.faults.restate({ symbol: FLAGSHIP, date: RESTATED, valuePercent: 1.5, status: "REVISED" });
    at.ms = LOOKED_AT;
    service.resetRequestLog();
    const reopened = engineOn(service.url, { storage });
    const env = envOf(reopened);
    const spill = asSpill(await indexCorrections(env, FLAGSHIP, START, undefined));

    // The fault happened: one fresh read of the history from `since` on, answered with the day restated.
    expect(historyAnswers()).toEqual([{ path: freshRead("2025-06-09"), status: 200 }]);
    const restated = rowOn(await historyShown(envOf(engineOn(service.url))), RESTATED);
    expect(restated[2]).toBe("REVISED");
    expect(restated[1]).not.toBe(seenValue);

    expect(spill).toEqual([
      ["date", "was", "was status", "now", "now status", "seen changed"],
      [serialOf(RESTATED), seenValue, seenStatus, restated[1], "REVISED", msToSerial(LOOKED_AT)],
    ]);
    // The sheet's history still shows what it was served: the fresh read neither answered nor replaced the cache.
    expect(rowOn(await historyShown(env), RESTATED)).toEqual([serialOf(RESTATED), seenValue, seenStatus]);
    // And it was not kept as what the workbook saw: asked again, the correction is still there.
    expect(asSpill(await indexCorrections(env, FLAGSHIP, START, false))).toEqual([spill[1]]);
  });

  test("nothing restated says so in words, and a day before `since` is not read again", async () => {
    const engine = engineOn(service.url);
    const env = envOf(engine);
    await historyShown(env);
    service.faults.restate({ symbol: FLAGSHIP, date: "2025-06-10", value: 2.5 });
    service.resetRequestLog();
    const none = asError(await indexCorrections(env, FLAGSHIP, "2025-06-12", undefined));
    expect(historyAnswers()).toEqual([{ path: freshRead("2025-06-12"), status: 200 }]);
    expect(none.code).toBe("#N/A");
    expect(none.message).toBe(`no corrections: ${FLAGSHIP} published nothing differently since 2025-06-12`);
  });

  test("several symbols put the symbol first; bad input is refused with what to give, before any request", async () => {
    const engine = engineOn(service.url);
    const env = envOf(engine);
    await historyShown(env);
    service.faults.restate({ symbol: FLAGSHIP, date: RESTATED, status: "REVISED" });
    const spill = asSpill(await indexCorrections(env, [[FLAGSHIP], ["RTM-NWE-B-1x3"]], START, true));
    expect(spill[0]).toEqual(["symbol", "date", "was", "was status", "now", "now status", "seen changed"]);
    expect(spill.slice(1).map((row) => row.slice(0, 2))).toEqual([[FLAGSHIP, serialOf(RESTATED)]]);

    service.resetRequestLog();
    const badSince = asError(await indexCorrections(env, FLAGSHIP, "last week", undefined));
    expect(badSince.code).toBe("#VALUE!");
    expect(badSince.message).toMatch(/^since: use a date .* \(got "last week"\)$/);
    const noSymbol = asError(await indexCorrections(env, "", START, undefined));
    expect(noSymbol.message).toMatch(/^symbols: give 1 to 20 index symbols/);
    const badFlag = asError(await indexCorrections(env, FLAGSHIP, START, "maybe"));
    expect(badFlag.message).toMatch(/^headers: /);
    expect(service.requests).toEqual([]);
  });
});

describe("INDEX.CORRECTIONS behind a desk gateway: the desk's archive", () => {
  const desk = makeDesk(["ana"]);
  let desked: DeskGateway | undefined;
  afterEach(() => desked?.gateway.close());

  test("the day the desk saw restated spills as the archive lists it", async () => {
    desked = await startDeskGateway(desk, service.url, { upstreamKey: DEMO_KEYS.apiKey }, TODAY.getTime());
    const gatewayUrl = desked.gateway.url;
    const asTrader = { apiKey: desk.tokens.ana ?? "", gateway: true };
    // The range runs to today, so the gateway asks the service again once its 30 s are up.
    const env = envOf(engineOn(gatewayUrl, {}, asTrader));
    const seen = rowOn(
      asSpill(await indexHistory(env, [FLAGSHIP, START, undefined, undefined, undefined, undefined, "status"])),
      RESTATED,
    );
    service.faults.restate({ symbol: FLAGSHIP, date: RESTATED, valuePercent: 1.5, status: "REVISED" });
    await desked.clock.advance(31_000);
    service.resetRequestLog();
    const again = envOf(engineOn(gatewayUrl, {}, asTrader));
    const restated = rowOn(
      asSpill(await indexHistory(again, [FLAGSHIP, START, undefined, undefined, undefined, undefined, "status"])),
      RESTATED,
    );
    // The fault happened: the service was asked again through the gateway and answered the day restated.
    expect(historyAnswers().map((answer) => answer.status)).toEqual([200]);
    expect(restated[2]).toBe("REVISED");
    await desked.gateway.corrections.settled();

    service.resetRequestLog();
    const spill = asSpill(await indexCorrections(again, FLAGSHIP, "2025-06-01", false));
    const seenChanged = msToSerial(TODAY.getTime() + 31_000);
    expect(spill).toEqual([[serialOf(RESTATED), seen[1], seen[2], restated[1], "REVISED", seenChanged]]);
    // The archive answered: the service was not asked.
    expect(service.requests).toEqual([]);
  });
});
