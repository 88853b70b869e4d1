import { callTool, mcpClient, textOf } from "./support/mcp-client";
import {
  RESTATED_DAY as RESTATED,
  RESTATED_SYMBOL as SYMBOL,
  restateThroughDesk,
  restatingDesk,
} from "./support/restated-day";

/**
 * get_corrections, the MCP tool of INDEX.CORRECTIONS' row: through a gateway (memory store, fake clock) in front of
 * the reference service, a range is served, the service restates a day, the range is served again; the tool gives
 * what GET /gateway/corrections lists, and a bad `since` is an error result saying what to give.
 */
const desk = restatingDesk(beforeAll, afterAll);

const ask = (path: string) => fetch(`${desk().desked.gateway.url}${path}`, { headers: { "x-api-key": desk().token } });

test("get_corrections gives the archive's list, as GET /gateway/corrections does", async () => {
  await restateThroughDesk(desk());

  const listed = (await (await ask(`/gateway/corrections?since=2025-06-01&symbol=${SYMBOL}`)).json()) as {
    corrections: unknown[];
  };
  expect(listed.corrections).toHaveLength(1);
  const client = await mcpClient(desk().desked.gateway.url, desk().token);
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
