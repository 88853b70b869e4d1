import { DEMO_KEYS, startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { makeDesk } from "./support/desk";
import { startDeskGateway, type DeskGateway } from "./support/desk-gateway";
import { callTool, mcpClient, textOf } from "./support/mcp-client";

/**
 * get_corrections, the MCP tool of INDEX.CORRECTIONS' row: through a gateway (memory store, fake clock) in front of
 * the reference service, a range is served, the service restates a day, the range is served again; the tool gives
 * what GET /gateway/corrections lists, and a bad `since` is an error result saying what to give.
 */
const SYMBOL = "RTM-NWE-A-1x3";
const TODAY = new Date("2025-06-18T10:00:00.000Z");
const RESTATED = "2025-06-16";
const RANGE = `/api/v1/index/${SYMBOL}/history?startDate=2025-06-09`;
const desk = makeDesk(["alice"]);
const token = desk.tokens["alice"] ?? "";

let service: RunningReferenceService;
let desked: DeskGateway;

beforeAll(async () => {
  service = await startReferenceService({ testFaults: true, now: () => TODAY });
  desked = await startDeskGateway(desk, service.url, { upstreamKey: DEMO_KEYS.apiKey }, TODAY.getTime());
});
afterAll(async () => {
  await desked?.gateway.close();
  await service?.close();
});

const ask = (path: string) => fetch(`${desked.gateway.url}${path}`, { headers: { "x-api-key": token } });

async function dayServed(): Promise<{ value: number; status: string }> {
  const response = await ask(RANGE);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { values: Array<{ date: string; value: number; status: string }> };
  const point = body.values.find((value) => value.date.startsWith(RESTATED));
  if (point === undefined) throw new Error(`no ${RESTATED} served`);
  return point;
}

test("get_corrections gives the archive's list, as GET /gateway/corrections does", async () => {
  const first = await dayServed();
  service.faults.restate({ symbol: SYMBOL, date: RESTATED, valuePercent: 1.5, status: "REVISED" });
  await desked.clock.advance(31_000);
  service.resetRequestLog();
  const now = await dayServed();
  // The fault happened: the service was asked again and answered the day restated.
  expect(service.requests.map((request) => request.path)).toEqual([RANGE]);
  expect(now.status).toBe("REVISED");
  expect(now.value).not.toBe(first.value);
  await desked.gateway.corrections.settled();

  const listed = (await (await ask(`/gateway/corrections?since=2025-06-01&symbol=${SYMBOL}`)).json()) as {
    corrections: unknown[];
  };
  expect(listed.corrections).toHaveLength(1);
  const client = await mcpClient(desked.gateway.url, token);
  try {
    const result = await callTool(client, "get_corrections", { symbol: SYMBOL, since: "2025-06-01" });
    expect(result.isError).not.toBe(true);
    expect(result.structuredContent).toEqual({ since: "2025-06-01", corrections: listed.corrections });
    expect(textOf(result)).toContain(RESTATED);
    const none = await callTool(client, "get_corrections", { symbol: "RTM-NWE-B-1x3", since: "2025-06-01" });
    expect(none.structuredContent).toEqual({ since: "2025-06-01", corrections: [] });
    const bad = await callTool(client, "get_corrections", { since: "last week" });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/since: give an ISO date/);
  } finally {
    await client.close();
  }
});
