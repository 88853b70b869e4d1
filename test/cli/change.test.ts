import { FLAGSHIP, FLAVORS, useReferenceService } from "../contract/reference";
import { runCli } from "./run-cli";

/**
 * `index-data change`: INDEX.CHANGE at the terminal, in both descriptions (its values equal the cell's:
 * test/gateway/mcp-change.test.ts). Two requests, the latest fix and the one range anchored on it; a bad period or
 * mode is refused before any.
 */
const NOW = new Date("2026-03-18T15:30:00.000Z");

describe.each(FLAVORS)("index-data change (%s description)", (flavor) => {
  const ref = useReferenceService(flavor, { now: () => NOW, latestAgeDays: { [FLAGSHIP]: 4 } });

  it("prints the change with its base and the latest fix, from a fix and one range anchored on its date", async () => {
    ref.service.resetRequestLog();
    const argv = ["change", FLAGSHIP, "--period", "mtd", "--mode", "abs", "--csv", "--base-url", ref.service.url];
    const run = await runCli(argv, NOW);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(ref.service.requests.map((request) => decodeURIComponent(request.path))).toEqual([
      `/api/v1/index/${FLAGSHIP}/latest`,
      `/api/v1/index/${FLAGSHIP}/history?startDate=2025-02-28&endDate=2026-03-14`,
    ]);
    const latest = await ref.client.latest(FLAGSHIP);
    // The last day of February is the MTD base of a fix of 14 March.
    const base = (await ref.client.history(FLAGSHIP, { startDate: "2026-02-28", endDate: "2026-02-28" })).values[0];
    const change = Number((latest.value - (base?.value ?? Number.NaN)).toPrecision(12));
    expect(run.stdout).toBe(
      `symbol,period,mode,change,baseDate,base,latestDate,latest\r\n${FLAGSHIP},MTD,abs,${change},2026-02-28,${base?.value},2026-03-14,${latest.value}\r\n`,
    );
  });

  it.each([
    [
      ["--period", "2D"],
      '--period: use one of "1d", "1w", "1m", "3m", "6m", "1y", "wtd", "mtd", "qtd", "ytd" (got "2D")',
    ],
    [["--mode", "bps"], '--mode: use one of "pct", "abs" (got "bps")'],
    [
      ["extra"],
      '"change" takes only <symbol>; unexpected "extra". Give the period as --period P and the mode as --mode pct|abs. See index-data --help.',
    ],
  ])("%j is a usage error (exit 2) saying what to give, before any request", async (given, message) => {
    ref.service.resetRequestLog();
    const run = await runCli(["change", FLAGSHIP, ...given, "--base-url", ref.service.url], NOW);
    expect(run).toEqual({ code: 2, stdout: "", stderr: `index-data: ${message}\n` });
    expect(ref.service.requests).toEqual([]);
  });
});
