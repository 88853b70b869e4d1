import { IndexDataClient } from "../../src/client/client";
import type { HistoryPoint } from "@index-data/wire/resources/history";
import type { FormulaEnv } from "../../src/formulas/evaluate";
import { indexHistory } from "../../src/formulas/index-functions/history";
import { indexPanel } from "../../src/formulas/index-functions/panel";
import { indexPeriods } from "../../src/formulas/index-functions/periods";
import { engineFor, sent, startService, stopAll, SYMBOLS } from "../engine/helpers";
import { serial } from "../support/excel-serial";

/*
 * One sheet of INDEX.PERIODS cells (and a HISTORY and a PANEL cell on the same symbols and range) evaluated
 * together through the request engine against the reference service: the engine merges them into one history
 * request per symbol, and each cell equals what a plain reading of the service's daily values gives.
 */

afterEach(stopAll);

const [A, B] = SYMBOLS;
const START = "2025-01-01";
const END = "2025-03-31";

/** The test's own reading of the rule: the newer description marks carried days; the older one does not. */
const isFresh = (p: HistoryPoint) =>
  (p.publicationMode ?? "FRESH") === "FRESH" && (p.carriedForwardFrom ?? null) === null;
const inMonth = (month: string) => (p: HistoryPoint) => p.date.startsWith(month);
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

async function sheet(env: FormulaEnv) {
  return Promise.all([
    indexPeriods(env, [A, START, END]),
    indexPeriods(env, [A, START, END, "monthly", "last,carried,change", true]),
    indexPeriods(env, [A, START, END, "quarterly", "low,high,observed"]),
    indexPeriods(env, [A, START, END, "weekly", "last"]),
    indexHistory(env, [A, START, END]),
    indexPanel(env, `${A},${B}`, START, END, null, false, "monthly", "avg"),
  ]);
}

describe.each(["newer", "older"] as const)(
  "a sheet of INDEX.PERIODS cells against the %s reference service",
  (flavor) => {
    test("one history request per symbol; every cell matches the service's daily values", async () => {
      const service = await startService({ flavor });
      const engine = engineFor(service);
      const env: FormulaEnv = { source: engine, caps: { formattedNumbers: false } };
      const [monthly, withHeader, quarterly, weekly, history, panel] = await sheet(env);

      expect(sent(service, `/api/v1/index/${A}/history`)).toEqual([
        `/api/v1/index/${A}/history?startDate=${START}&endDate=${END}`,
      ]);
      expect(sent(service, `/api/v1/index/${B}/history`)).toHaveLength(1);
      expect(sent(service)).toHaveLength(2);

      const raw = (await new IndexDataClient({ baseUrl: service.url }).history(A, { startDate: START, endDate: END }))
        .values;
      const months = ["2025-01", "2025-02", "2025-03"].map((month) => raw.filter(inMonth(month)));
      const fresh = months.map((days) => days.filter(isFresh));
      const carriedDays = months.map((days) => days.length - days.filter(isFresh).length);
      if (flavor === "newer") expect(carriedDays.some((n) => n > 0)).toBe(true);
      else expect(carriedDays).toEqual([0, 0, 0]);

      expect(monthly).toEqual([
        [serial("2025-01-01"), serial("2025-01-31"), mean(fresh[0]!.map((p) => p.value)), fresh[0]!.length],
        [serial("2025-02-01"), serial("2025-02-28"), mean(fresh[1]!.map((p) => p.value)), fresh[1]!.length],
        [serial("2025-03-01"), serial("2025-03-31"), mean(fresh[2]!.map((p) => p.value)), fresh[2]!.length],
      ]);
      const lasts = fresh.map((days) => days.at(-1)!.value);
      expect(withHeader).toEqual([
        ["period start", "period end", "last", "carried", "change"],
        [serial("2025-01-01"), serial("2025-01-31"), lasts[0], carriedDays[0], ""],
        [serial("2025-02-01"), serial("2025-02-28"), lasts[1], carriedDays[1], lasts[1]! - lasts[0]!],
        [serial("2025-03-01"), serial("2025-03-31"), lasts[2], carriedDays[2], lasts[2]! - lasts[1]!],
      ]);
      const quarter = fresh.flat().map((p) => p.value);
      expect(quarterly).toEqual([
        [serial("2025-01-01"), serial("2025-03-31"), Math.min(...quarter), Math.max(...quarter), quarter.length],
      ]);

      // The range starts on a Wednesday: the first ISO week (Mon Dec 30 – Sun Jan 5) is cut at Jan 1.
      expect(Array.isArray(weekly) && weekly[0]?.slice(0, 2)).toEqual([serial("2025-01-01"), serial("2025-01-05")]);
      expect(Array.isArray(history) && history).toHaveLength(raw.length);
      expect(Array.isArray(panel) && panel.map((row) => row[2])).toEqual((monthly as unknown[][]).map((row) => row[2]));
    });
  },
);
