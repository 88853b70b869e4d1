import { DirectSource } from "../../src/client/direct-source";
import { serialToIso } from "../../src/formulas/dates";
import { indexPeriods } from "../../src/formulas/index-functions/periods";
import { FLAGSHIP, FLAVORS, useReferenceService } from "../contract/reference";
import { runCli } from "./run-cli";

const NOW = new Date("2026-03-18T15:30:00.000Z");

describe.each(FLAVORS)("index-data periods (%s description)", (flavor) => {
  const ref = useReferenceService(flavor, { now: () => NOW });

  it("prints INDEX.PERIODS's table as CSV, from one daily history request", async () => {
    ref.service.resetRequestLog();
    const argv = [
      "periods",
      FLAGSHIP,
      "2026-01-01",
      "2026-03-15",
      "--period",
      "monthly",
      "--stats",
      "avg,Observed,carried",
      "--csv",
    ];
    const run = await runCli([...argv, "--base-url", ref.service.url], NOW);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(ref.service.requests.map((r) => decodeURIComponent(r.path))).toEqual([
      `/api/v1/index/${FLAGSHIP}/history?startDate=2026-01-01T00:00:00.000Z&endDate=2026-03-15T23:59:59.999Z`,
    ]);

    const env = { source: new DirectSource(ref.client), caps: { formattedNumbers: false }, now: () => NOW };
    const spill = (await indexPeriods(env, [
      FLAGSHIP,
      "2026-01-01",
      "2026-03-15",
      "monthly",
      "avg,Observed,carried",
      true,
    ])) as unknown[][];
    const expected = spill.map((row, index) =>
      // Dates as days (as Excel reads them) and numbers to 12 significant digits (no float noise).
      (index === 0
        ? row
        : row.map((cell, column) =>
            column < 2 ? serialToIso(cell as number).slice(0, 10) : String(Number(Number(cell).toPrecision(12))),
          )
      ).join(","),
    );
    expect(run.stdout).toBe(`${expected.join("\r\n")}\r\n`);
    expect(run.stdout.split("\r\n")[0]).toBe("period start,period end,avg,Observed,carried");
    // March is cut at the range's end.
    expect(run.stdout).toContain("2026-03-01,2026-03-15,");
  });

  it("a bad --period or --stats is a usage error (exit 2) naming what is allowed, without a request", async () => {
    ref.service.resetRequestLog();
    const period = await runCli(["periods", FLAGSHIP, "--period", "daily", "--base-url", ref.service.url], NOW);
    expect(period.code).toBe(2);
    expect(period.stderr).toBe(
      'index-data: --period: use one of "weekly", "monthly", "quarterly", "yearly" (got "daily")\n',
    );
    const stats = await runCli(["periods", FLAGSHIP, "--stats", "avg,median", "--base-url", ref.service.url], NOW);
    expect(stats.code).toBe(2);
    expect(stats.stderr).toMatch(/^index-data: --stats: unknown stat "median"; use any of avg, low, high/);
    const missing = await runCli(["periods", "--base-url", ref.service.url], NOW);
    expect(missing.stderr).toMatch(/^index-data: "periods" needs a symbol/);
    expect(ref.service.requests).toEqual([]);
  });
});
