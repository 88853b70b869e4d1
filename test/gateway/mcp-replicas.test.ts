import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client as ModernClient, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { DEMO_KEYS, startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { startGateway, type RunningGateway } from "../../gateway/src";
import { makeDesk } from "./support/desk";
import { callTool, mcpClient } from "./support/mcp-client";
import { pollUntil } from "./support/poll";
import { startRedis, type TestRedis } from "./support/redis-server";
import { TOOLS } from "./support/mcp-checks";

/**
 * Two replicas on one redis-server behind a plain round-robin balancer (each HTTP request to the next replica, no
 * affinity), as a desk runs them: the official SDK's 1.x client (the 2025-11-25 handshake) and its 2.x client pinned
 * to 2026-07-28 each connect, list the tools and get every index's latest fix, equal to the service's own, though
 * their requests alternate between the replicas. The replicas are given the balancer's address as --public-url.
 */
const desk = makeDesk(["alice"]);
const token = desk.tokens["alice"] ?? "";

let redis: TestRedis;
let service: RunningReferenceService;
let replicas: RunningGateway[];
let balancer: Server;
let balancerUrl: string;
/** Requests each replica took from the balancer. */
const served = [0, 0];

beforeAll(async () => {
  [redis, service] = await Promise.all([startRedis(), startReferenceService()]);
  balancer = createServer();
  await new Promise<void>((resolve) => balancer.listen(0, "127.0.0.1", resolve));
  balancerUrl = `http://127.0.0.1:${(balancer.address() as AddressInfo).port}`;
  replicas = await Promise.all(
    [0, 1].map(() =>
      startGateway({
        upstream: service.url,
        upstreamKey: DEMO_KEYS.apiKey,
        tokens: () => desk.entries,
        redisUrl: redis.url,
        publicUrl: balancerUrl,
      }),
    ),
  );
  let next = 0;
  balancer.on("request", (req, res) => {
    const turn = next++ % replicas.length;
    served[turn] = (served[turn] ?? 0) + 1;
    const target = new URL(replicas[turn]?.url ?? "");
    const forward = httpRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => res.destroy());
    req.pipe(forward);
  });
  // Each replica has seen the other's heartbeat: each holds its part of the desk's caps.
  await pollUntil("both replicas alive", () => replicas.every((replica) => replica.store.replicas() === 2));
});
afterAll(async () => {
  balancer?.closeAllConnections();
  await new Promise((resolve) => balancer?.close(resolve));
  await Promise.all((replicas ?? []).map((replica) => replica.close()));
  await service?.close();
  await redis?.kill();
});

/** Every active index of the catalogue whose latest fix the service answers, and that fix, asked directly. */
async function directFixes(): Promise<Map<string, Record<string, unknown>>> {
  const headers = { "x-api-key": DEMO_KEYS.apiKey };
  const { indexes } = (await (await fetch(`${service.url}/api/v1/indexes`, { headers })).json()) as {
    indexes: Array<{ symbol: string; isActive: boolean }>;
  };
  const fixes = new Map<string, Record<string, unknown>>();
  for (const { symbol } of indexes.filter((entry) => entry.isActive)) {
    const answer = await fetch(`${service.url}/api/v1/index/${symbol}/latest`, { headers });
    if (answer.status === 200) fixes.set(symbol, (await answer.json()) as Record<string, unknown>);
  }
  return fixes;
}

type Call = (
  name: string,
  args: Record<string, unknown>,
) => Promise<{ structuredContent?: unknown; isError?: boolean | undefined }>;

/** Lists the tools, then every index's latest fix through `call`; each equals the service's own. */
async function sevenOfSeven(listTools: () => Promise<string[]>, call: Call): Promise<void> {
  expect((await listTools()).sort()).toEqual([...TOOLS].sort());
  const fixes = await directFixes();
  // The reference dataset: nine indexes, eight active, seven of them with a latest fix.
  expect(fixes.size).toBe(7);
  for (const [symbol, fix] of fixes) {
    const result = await call("get_latest", { symbol });
    expect(result.isError).not.toBe(true);
    expect(result.structuredContent).toMatchObject({
      symbol,
      value: fix["value"],
      provenance: { asOf: fix["asOf"], confidence: fix["confidence"], status: fix["status"] },
    });
  }
}

test("the official 1.x client (2025-11-25) connects, lists the tools and gets 7/7 fixes through both replicas", async () => {
  const before = [...served];
  const client = await mcpClient(balancerUrl, token);
  await sevenOfSeven(
    async () => (await client.listTools()).tools.map((tool) => tool.name),
    (name, args) => callTool(client, name, args),
  );
  await client.close();
  // Its requests alternated: the handshake on one replica, what followed on both.
  expect(served.map((count, i) => count - (before[i] ?? 0)).every((count) => count >= 5)).toBe(true);
});

test("a 2026-07-28 client (the SDK's 2.x, no handshake) does the same", async () => {
  const before = [...served];
  const client = new ModernClient(
    { name: "mcp-test-2026", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${balancerUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
  await sevenOfSeven(
    async () => (await client.listTools()).tools.map((tool) => tool.name),
    (name, args) => client.callTool({ name, arguments: args }),
  );
  await client.close();
  expect(served.map((count, i) => count - (before[i] ?? 0)).every((count) => count >= 4)).toBe(true);
});
