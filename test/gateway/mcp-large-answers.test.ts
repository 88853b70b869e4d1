import { MCP_ANSWER_BYTES } from "../../gateway/src/mcp/answer-room";
import { makeDesk } from "./support/desk";
import { startDeskGateway, type DeskGateway } from "./support/desk-gateway";
import { serviceError, startHostileUpstream, type HostileUpstream } from "./support/hostile-upstream";
import { longCatalogue, longHistory } from "./support/long-answers";
import { callTool, mcpClient, textOf } from "./support/mcp-client";

/**
 * One cap on every answer of /mcp (100 KB): a tool result, a document read, a batch's answer as a whole. An upstream
 * with a catalogue of 15,000 entries (18 MB) and a history of 20,000 weekly points (sizes that once held a gateway for a minute) behind the
 * gateway: every answer fits, none is an error, and each says how to ask for the rest.
 */
const desk = makeDesk(["alice", "bob"]);
const token = desk.tokens["alice"] ?? "";
const ENTRIES = 15_000;
const POINTS = 20_000;
const catalogue = longCatalogue(ENTRIES);
const history = longHistory("LONG-0", POINTS);

let upstream: HostileUpstream;
let rig: DeskGateway;
beforeAll(async () => {
  upstream = await startHostileUpstream((path) => {
    if (path === "/api/v1/indexes") return { status: 200, body: catalogue };
    if (path.startsWith("/api/v1/index/LONG-0/history")) return { status: 200, body: history };
    return { status: 404, body: serviceError(404, "NOT_FOUND", "No such index.") };
  });
  rig = await startDeskGateway(desk, upstream.url);
});
afterAll(async () => {
  await rig?.gateway.close();
  await upstream?.close();
});

type Message = { id: number; result?: Record<string, unknown>; error?: { code: number; message: string } };

/** A POST of `body` as a 2025-03-26 client sends it (the revision that still batched). */
async function post(body: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(`${rig.gateway.url}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-03-26",
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

const read = (id: number, uri: string) => ({ jsonrpc: "2.0", id, method: "resources/read", params: { uri } });
const toolCall = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});

interface Page {
  document: string;
  from: number;
  total: number;
  items: Array<{ symbol: string }>;
  next: string | null;
}
const pageOf = (message: Message): Page =>
  JSON.parse((message.result?.["contents"] as Array<{ text: string }>)[0]?.text ?? "null") as Page;

test("a batch of 31 reads of an 18 MB catalogue: each read a page of it, none an error, the answer within 100 KB", async () => {
  const { status, text } = await post(Array.from({ length: 31 }, (_, i) => read(i + 1, "index-data://catalogue")));
  // The upstream's catalogue is that large one: 15,000 entries, 18 MB, read once.
  expect(upstream.seen.filter((path) => path === "/api/v1/indexes")).toHaveLength(1);
  expect(catalogue.length).toBeGreaterThan(17_000_000);
  expect(status).toBe(200);
  expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MCP_ANSWER_BYTES);
  const messages = JSON.parse(text) as Message[];
  expect(messages.map((message) => message.id)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
  expect(messages.filter((message) => message.error !== undefined)).toEqual([]);
  for (const page of messages.map(pageOf)) {
    expect(page).toMatchObject({ document: "catalogue", from: 0, total: ENTRIES });
    expect(page.items[0]?.symbol).toBe("LONG-0");
    expect(page.next).toBe(`index-data://catalogue?from=${page.items.length}`);
  }
});

test("read alone, a catalogue page fills 100 KB, and its next page starts where it ended", async () => {
  const client = await mcpClient(rig.gateway.url, token);
  const textOf = (read: { contents: unknown[] }) => (read.contents[0] as { text: string }).text;
  const firstPage = JSON.parse(textOf(await client.readResource({ uri: "index-data://catalogue" }))) as Page;
  expect(firstPage.items.length).toBeGreaterThan(50);
  const second = await client.readResource({ uri: firstPage.next ?? "" });
  const secondPage = JSON.parse(textOf(second)) as Page;
  expect(secondPage.from).toBe(firstPage.items.length);
  expect(secondPage.items[0]?.symbol).toBe(`LONG-${firstPage.items.length}`);
  expect(Buffer.byteLength(JSON.stringify(second))).toBeLessThanOrEqual(MCP_ANSWER_BYTES);
  await client.close();
});

test("search_indexes pages a large catalogue: the first page and its cursor, then every match once, in order", async () => {
  const client = await mcpClient(rig.gateway.url, token);
  const first = await callTool(client, "search_indexes");
  const content = first.structuredContent as {
    indexes: Array<{ symbol: string }>;
    matched: number;
    nextCursor: string;
  };
  expect(first.isError).not.toBe(true);
  expect(content.matched).toBe(ENTRIES);
  expect(content.nextCursor).toBe(String(content.indexes.length));
  expect(textOf(first)).toContain(`cursor="${content.nextCursor}"`);
  expect(Buffer.byteLength(JSON.stringify(first))).toBeLessThanOrEqual(MCP_ANSWER_BYTES);
  // Every MED entry (a third of the catalogue), page after page.
  const found: string[] = [];
  let cursor: string | null = "";
  while (cursor !== null) {
    const page = await callTool(client, "search_indexes", { query: "MED", cursor });
    const rows = page.structuredContent as { indexes: Array<{ symbol: string }>; nextCursor: string | null };
    found.push(...rows.indexes.map((entry) => entry.symbol));
    cursor = rows.nextCursor;
  }
  expect(found).toEqual(Array.from({ length: ENTRIES }, (_, i) => `LONG-${i}`).filter((_, i) => i % 3 === 2));
  const bad = await callTool(client, "search_indexes", { cursor: "999999" });
  expect(bad.isError).toBe(true);
  expect(textOf(bad)).toMatch(/^cursor: give the nextCursor of the page before/);
  await client.close();
});

test("get_period_stats over 20,000 weekly points: the newest periods that fit, and how to ask for the earlier ones", async () => {
  const client = await mcpClient(rig.gateway.url, token);
  const weekly = await callTool(client, "get_period_stats", { symbol: "LONG-0", period: "weekly" });
  expect(weekly.isError).not.toBe(true);
  const content = weekly.structuredContent as {
    periods: Array<{ start: string; end: string; stats: { last: number | null } }>;
    available: number;
    truncated: boolean;
    rest: string;
  };
  expect(content.available).toBe(POINTS);
  expect(content.truncated).toBe(true);
  expect(content.periods.length).toBeGreaterThan(100);
  expect(Buffer.byteLength(JSON.stringify(weekly))).toBeLessThanOrEqual(MCP_ANSWER_BYTES);
  // The newest period is the history's last week; the rest is asked for by an end the day before the first returned.
  const last = JSON.parse(history) as { values: Array<{ date: string; value: number }> };
  expect(content.periods[content.periods.length - 1]?.stats.last).toBe(last.values[POINTS - 1]?.value);
  const end = /end="(\d{4}-\d\d-\d\d)"/.exec(content.rest)?.[1] ?? "";
  expect(Date.parse(end) + 86_400_000).toBe(Date.parse(content.periods[0]?.start ?? ""));
  await client.close();
});

test("a batch of 31 history calls: each result cut to its share of the answer, with its rest; the answer within 100 KB", async () => {
  const { status, text } = await post(
    Array.from({ length: 31 }, (_, i) => toolCall(i + 1, "get_history", { symbol: "LONG-0", granularity: "weekly" })),
  );
  expect(status).toBe(200);
  expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MCP_ANSWER_BYTES);
  const messages = JSON.parse(text) as Message[];
  expect(messages).toHaveLength(31);
  for (const message of messages) {
    expect(message.error).toBeUndefined();
    expect(message.result?.["isError"]).not.toBe(true);
    const structured = message.result?.["structuredContent"] as { points: unknown[]; truncated: boolean; rest: string };
    expect(structured.points.length).toBeGreaterThan(0);
    expect(structured).toMatchObject({ truncated: true, rest: expect.stringMatching(/end="\d{4}-\d\d-\d\d"/) });
  }
});

test("two requests with the same id at once are each answered; two in one batch are refused, whole", async () => {
  const [documents, tools] = await Promise.all([
    post({ jsonrpc: "2.0", id: 9, method: "resources/list" }),
    post({ jsonrpc: "2.0", id: 9, method: "tools/list" }),
  ]);
  expect((JSON.parse(documents.text) as Message).result).toHaveProperty("resources");
  expect((JSON.parse(tools.text) as Message).result).toHaveProperty("tools");
  const clash = await post([
    { jsonrpc: "2.0", id: 4, method: "tools/list" },
    { jsonrpc: "2.0", id: 4, method: "resources/list" },
  ]);
  expect(clash.status).toBe(400);
  expect(JSON.parse(clash.text)).toEqual({
    jsonrpc: "2.0",
    id: null,
    error: { code: -32600, message: "Two requests of the batch share an id: give each its own." },
  });
});
