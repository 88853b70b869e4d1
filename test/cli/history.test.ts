import { DirectSource } from "../../src/client/direct-source";
import type { History } from "@index-data/wire/resources/history";
import { isoToSerial } from "../../src/formulas/dates";
import { indexHistory } from "../../src/formulas/index-functions/history";
import { FLAGSHIP, FLAVORS, useReferenceService, type Harness } from "../contract/reference";
import { runCli, type CliRun } from "./run-cli";

// A Wednesday; the service and the CLI share this "today".
const NOW = new Date("2026-03-18T15:30:00.000Z");

/** `index-data history FLAGSHIP …args` against the reference service, on the shared "today". */
function history(ref: Harness, ...args: string[]): Promise<CliRun> {
  return runCli(["history", FLAGSHIP, ...args, "--base-url", ref.service.url], NOW);
}

function lastQuery(ref: Harness): URLSearchParams {
  const entry = ref.service.requests.at(-1);
  expect(entry?.path).toMatch(/\/history\?/);
  return new URL(entry?.path ?? "", "http://x").searchParams;
}

describe.each(FLAVORS)("index-data history --granularity weekly (%s description)", (flavor) => {
  const ref = useReferenceService(flavor, { now: () => NOW });

  it('gives exactly the rows INDEX.HISTORY(...,"weekly") gives', async () => {
    const run = await history(ref, "2026-01-05", "2026-03-01", "--granularity", "weekly", "--json");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(lastQuery(ref).get("granularity")).toBe("weekly");
    const cli = JSON.parse(run.stdout) as History;
    const env = { source: new DirectSource(ref.client), caps: { formattedNumbers: false }, now: () => NOW };
    const spill = (await indexHistory(env, [FLAGSHIP, "2026-01-05", "2026-03-01", "weekly"])) as unknown[][];
    expect(Array.isArray(spill)).toBe(true);
    // Eight ISO weeks, Monday 2026-01-05 to Sunday 2026-03-01: at most one row each.
    expect(cli.values.length).toBeGreaterThan(4);
    expect(cli.values.length).toBeLessThanOrEqual(8);
    expect(cli.values.map((p) => [isoToSerial(p.date), p.value])).toEqual(spill.map((row) => [row[0], row[1]]));
    expect(cli.granularity).toBe("weekly");
  });

  it("prints weekly rows as CSV the same way", async () => {
    const run = await history(ref, "--start", "2026-02-02", "--end", "2026-02-15", "--granularity", "w", "--csv");
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\r\n");
    expect(lines[0]).toMatch(/^date,value,/);
    // Two ISO weeks, so two rows, each on a Friday (the reference calendar publishes Monday to Friday).
    // As days, the form Excel reads as a date (periods --csv writes the same).
    expect(lines.slice(1, -1).map((line) => line.split(",")[0])).toEqual(["2026-02-06", "2026-02-13"]);
    expect(lines.at(-1)).toBe("");
  });
});

describe("the newer description ignores granularity, so the CLI computes weeks itself", () => {
  const ref = useReferenceService("newer", { now: () => NOW });

  it("gets daily values from the service and prints one row per ISO week", async () => {
    const daily = await ref.client.history(FLAGSHIP, {
      startDate: "2026-02-02",
      endDate: "2026-02-15T23:59:59.999Z",
      granularity: "weekly",
    });
    expect(daily.granularity).toBe("daily");
    expect(daily.values.length).toBeGreaterThan(2);
    const run = await history(ref, "2026-02-02", "2026-02-15", "--granularity", "weekly", "--json");
    const cli = JSON.parse(run.stdout) as History;
    const lastFresh = (from: string, to: string) =>
      daily.values.filter((p) => p.date >= from && p.date < to && (p.publicationMode ?? "FRESH") === "FRESH").at(-1);
    expect(cli.values).toEqual([lastFresh("2026-02-02", "2026-02-09"), lastFresh("2026-02-09", "2026-02-16")]);
  });
});

describe("relative dates", () => {
  const ref = useReferenceService("newer", { now: () => NOW });

  it.each([
    [["--start=-30D", "--end", "today"], "2026-02-16T00:00:00.000Z", "2026-03-18T23:59:59.999Z"],
    [["--start", "-6W", "--end=TODAY"], "2026-02-04T00:00:00.000Z", "2026-03-18T23:59:59.999Z"],
    [["-6M", "-1M"], "2025-09-18T00:00:00.000Z", "2026-02-18T23:59:59.999Z"],
    [["--start", "-1Y"], "2025-03-18T00:00:00.000Z", null],
  ])("history %j asks for the range by the functions' rules", async (dates, start, end) => {
    const run = await history(ref, ...dates);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const query = lastQuery(ref);
    expect(query.get("startDate")).toBe(start);
    expect(query.get("endDate")).toBe(end);
  });

  it("refuses a date it cannot read, and a date given twice, with exit code 2 and no request", async () => {
    const seen = ref.service.requests.length;
    const bad = await history(ref, "--start=yesterday");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'index-data: --start: use an ISO date such as "2024-03-31", or a relative form such as "-30D", "-6W", "-6M", "-1Y" or "today" (got "yesterday")\n',
    );
    const twice = await history(ref, "2026-01-01", "--start", "2026-02-01");
    expect(twice.code).toBe(2);
    expect(twice.stderr).toBe(
      'index-data: the start date is given twice (--start 2026-02-01 and "2026-01-01"); give it once.\n',
    );
    const reversed = await history(ref, "today", "-1M");
    expect(reversed.code).toBe(2);
    expect(reversed.stderr).toBe('index-data: START: must be on or before end (got "today")\n');
    expect(ref.service.requests.length).toBe(seen);
  });
});
