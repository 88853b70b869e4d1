import { DEMO_KEYS, startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { serialToIso } from "../../src/formulas/dates";
import { runCli } from "../cli/run-cli";
import { changeCells, engineOn, openCells } from "../engine/open-cells";
import { changeGrid, GRID_INDEXES, GRID_PERIODS, TO_DATE_PERIODS, type GridCell } from "../support/change-definition";
import { FakeClock } from "../support/fake-clock";
import { INDEX_FUNCTIONS as INDEX } from "../support/index-functions";
import { makeDesk } from "./support/desk";
import { startDeskGateway, type DeskGateway } from "./support/desk-gateway";
import { callTool, mcpClient } from "./support/mcp-client";

/*
 * The change everywhere INDEX.CHANGE is: get_change (the gateway's MCP tool) and `index-data change` (the CLI) give
 * what the cell gives, for 7 indexes × 7 periods × 2 modes and the periods to date, against a service where some
 * latest fixes are days old; and each reads what the cell reads: a latest fix and the one range anchored on it.
 */
const NOW = Date.parse("2025-06-18T10:30:00Z");
const AGES = { "RTM-NWE-A-1x3": 16, "RTM-MED-A-1x3": 3, "RTM-SEA-A-1x3": 1 };
const desk = makeDesk(["alice"]);

let service: RunningReferenceService;
let desked: DeskGateway;

beforeAll(async () => {
  service = await startReferenceService({
    now: () => new Date(NOW),
    latestAgeDays: AGES,
    rateLimits: { anonymous: 1_000_000 },
  });
  desked = await startDeskGateway(desk, service.url, { upstreamKey: DEMO_KEYS.apiKey }, NOW);
});
afterAll(async () => {
  await desked?.gateway.close();
  await service?.close();
});

interface Measured {
  readonly change: number | null;
  readonly baseDate: string | null;
}

const GRID = changeGrid([...GRID_PERIODS, ...TO_DATE_PERIODS]);
const key = ({ symbol, period, mode }: GridCell) => `${symbol} ${period} ${mode}`;

/** The history ranges asked since the log was reset: the path with its query in one order (the gateway sorts it). */
const rangesAsked = () =>
  service.requests
    .filter((request) => request.path.includes("/history"))
    .map((request) => {
      const url = new URL(request.path, "http://service");
      return `${url.pathname}?startDate=${url.searchParams.get("startDate")}&endDate=${url.searchParams.get("endDate")}`;
    });

/** Each cell's change and base date, as INDEX.CHANGE with headers spills them. */
async function cells(): Promise<Map<string, Measured>> {
  const clock = new FakeClock(NOW);
  const engine = engineOn(service.url, clock);
  type Spill = [unknown, [{ basicValue: number } | number, { basicValue: number }]];
  const results = (await openCells(engine, clock, changeCells(GRID))) as Spill[];
  engine.close();
  return new Map(
    GRID.map((cell, i) => {
      const [, [shown, date]] = results[i] as Spill;
      const change = typeof shown === "number" ? shown : shown.basicValue;
      return [key(cell), { change, baseDate: serialToIso(date.basicValue).slice(0, 10) }];
    }),
  );
}

test("get_change and index-data change equal INDEX.CHANGE for 7 indexes × 10 periods × 2 modes", async () => {
  service.resetRequestLog();
  const fromCells = await cells();
  const cellRanges = new Set(rangesAsked());
  expect(cellRanges.size).toBe(GRID_INDEXES.length);

  service.resetRequestLog();
  const client = await mcpClient(desked.gateway.url, desk.tokens["alice"] ?? "");
  const fromTool = new Map<string, Measured>();
  for (const cell of GRID) {
    const result = await callTool(client, "get_change", { symbol: cell.symbol, period: cell.period, mode: cell.mode });
    expect(result.isError).toBeFalsy();
    const content = result.structuredContent as { change: number | null; base: { date: string } | null };
    fromTool.set(key(cell), { change: content.change, baseDate: content.base?.date ?? null });
  }
  await client.close();
  // The gateway asked the service what the cells asked: a latest fix and the same one range per index, once each.
  expect(new Set(rangesAsked())).toEqual(cellRanges);
  expect(service.requests).toHaveLength(2 * GRID_INDEXES.length);

  service.resetRequestLog();
  const fromCli = new Map<string, Measured>();
  for (const cell of GRID) {
    const argv = ["change", cell.symbol, "--period", cell.period, "--mode", cell.mode, "--json"];
    const run = await runCli([...argv, "--base-url", service.url], new Date(NOW));
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    const printed = JSON.parse(run.stdout) as { change: number | null; baseDate: string | null };
    fromCli.set(key(cell), { change: printed.change, baseDate: printed.baseDate });
  }
  // Without a cache, each run asks a latest fix and that same range: two requests.
  expect(new Set(rangesAsked())).toEqual(cellRanges);
  expect(service.requests).toHaveLength(2 * GRID.length);

  expect([...fromCells.values()].every((cell) => typeof cell.change === "number")).toBe(true);
  expect(fromTool).toEqual(fromCells);
  expect(fromCli).toEqual(fromCells);
});

test("where there is no base, all three say so in the same words", async () => {
  const young = "RTM-IND-B-2x4";
  const clock = new FakeClock(NOW);
  const engine = engineOn(service.url, clock);
  const [cell] = await openCells(engine, clock, [(env) => INDEX.CHANGE(env, [young, "1M", "pct", false])]);
  engine.close();
  const client = await mcpClient(desked.gateway.url, desk.tokens["alice"] ?? "");
  const tool = await callTool(client, "get_change", { symbol: young, period: "1M" });
  await client.close();
  const cli = await runCli(["change", young, "--period", "1M", "--json", "--base-url", service.url], new Date(NOW));
  expect(cell).toMatch(/^no 1M base on 2025-05-18: history starts 2025-05-2\d$/);
  expect(tool.structuredContent).toMatchObject({ change: null, base: null, reason: cell });
  expect(JSON.parse(cli.stdout)).toMatchObject({ change: null, baseDate: null, note: cell });
});
