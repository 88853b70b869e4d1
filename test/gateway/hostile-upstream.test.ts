import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import type { RunningGateway } from "../../gateway/src";
import type { FakeClock } from "../support/fake-clock";
import { makeDesk, responseText } from "./support/desk";
import { startDeskGateway } from "./support/desk-gateway";
import { serviceError, startHostileUpstream, type HostileUpstream, type Scripted } from "./support/hostile-upstream";

/**
 * One gateway (memory store, fake clock) in front of an upstream that answers whatever each test scripts: what it
 * may never get past the gateway (its content type, its non-JSON text, statuses the service never sends, the key it
 * was given), and what it may never make the gateway keep. Real answers come from the reference service.
 */
const KEY = "desk-upstream-key-5d1e8b2a9c";
const FLAGSHIP = "RTM-NWE-A-1x3";
const LATEST = `/api/v1/index/${FLAGSHIP}/latest`;
const JSON_TYPE = "application/json; charset=utf-8";
const desk = makeDesk(["alice"]);

// The reference service lives as long as the file; the scripted upstream and the gateway, one test each.
let service: RunningReferenceService;
beforeAll(async () => {
  service = await startReferenceService();
});
afterAll(() => service.close());

let upstream: HostileUpstream;
let gateway: RunningGateway;
let clock: FakeClock;
let logLines: string[];

/** The reference service's own answer to `path`. */
async function real(path: string): Promise<string> {
  return (await fetch(`${service.url}${path}`, { headers: { "x-api-key": DEMO_KEYS.apiKey } })).text();
}

async function startDesk(script: (path: string) => Scripted): Promise<void> {
  upstream = await startHostileUpstream(script);
  logLines = [];
  ({ gateway, clock } = await startDeskGateway(desk, upstream.url, {
    upstreamKey: KEY,
    logger: { level: "info", stream: { write: (line: string) => void logLines.push(line) } },
    // Days pass on the fake clock: no corrections sweep sending beside the requests counted here.
    correctionsEveryMs: false,
  }));
}

afterEach(async () => {
  await gateway.close();
  await upstream.close();
});

function ask(path: string): Promise<Response> {
  return fetch(`${gateway.url}${path}`, { headers: { "x-api-key": desk.tokens["alice"] ?? "" } });
}

test("an answer carries the gateway's own content type: the upstream's (with the key in it) is never passed on or kept", async () => {
  const body = await real(LATEST);
  const headers = {
    "content-type": `${JSON_TYPE}; leaked=${KEY}`,
    "set-cookie": `session=${KEY}`,
    "access-control-allow-origin": "*",
    refresh: "0; url=https://evil.example.com/",
  };
  await startDesk(() => ({ status: 200, headers, body }));
  const first = await ask(LATEST);
  const second = await ask(LATEST);
  // The fault happened: the upstream answered once, with the key in its content type.
  expect(upstream.seen).toEqual([LATEST]);
  for (const answer of [first, second]) {
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe(JSON_TYPE);
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    const text = await responseText(answer);
    expect(text).not.toContain(KEY);
    expect(text).not.toMatch(/leaked|set-cookie|access-control|refresh/);
  }
  expect(second.headers.get("cache-status")).toMatch(/; hit;/);
});

test("a text/html 200 is neither passed on nor kept, whatever its body", async () => {
  const json = await real(LATEST);
  await startDesk((path) => ({
    status: 200,
    headers: { "content-type": "text/html" },
    body: path.includes("/forward") ? "<script>alert(1)</script>" : json,
  }));
  for (const path of [LATEST, `/api/v1/index/${FLAGSHIP}/forward`]) {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await ask(path);
      expect(answer.status).toBe(502);
      expect(answer.headers.get("content-type")).toBe(JSON_TYPE);
      expect(await answer.json()).toMatchObject({ statusCode: 502, code: "UPSTREAM_BAD_ANSWER" });
    }
  }
  // Nothing was kept: each ask went upstream again.
  expect(upstream.seen).toHaveLength(4);
});

test("a refusal never evicts the last good answer: during the next outage that answer stands in", async () => {
  const good = await real(LATEST);
  let answer: Scripted = { status: 200, body: good };
  await startDesk(() => answer);
  expect((await ask(LATEST)).status).toBe(200);
  for (const refusal of [
    { status: 404, headers: { "content-type": "text/html" }, body: "<h1>Not here</h1>" },
    { status: 404, body: serviceError(404, "UNKNOWN_SYMBOL", "No index RTM-NWE-A-1x3.") },
    { status: 400, body: serviceError(400, "BAD_REQUEST", "No.") },
  ]) {
    await clock.advance(31_000);
    answer = refusal;
    const refused = await ask(LATEST);
    // A JSON refusal is the service's word, passed on; an HTML one is no answer, and the good one stands in.
    expect(refused.status).toBe(refusal.body.startsWith("<") ? 200 : refusal.status);
  }
  await clock.advance(60_000);
  answer = { status: 503, body: serviceError(503, "SERVICE_UNAVAILABLE", "Down.") };
  const stale = await ask(LATEST);
  expect(upstream.seen).toHaveLength(5);
  expect(stale.status).toBe(200);
  expect(stale.headers.get("cache-status")).toMatch(/fwd=stale; fwd-status=503/);
  expect(await stale.text()).toBe(good);
});

/** The last segment of a request's path: which endpoint it asked. */
function endpointOf(path: string): string {
  const bare = new URL(path, "http://upstream").pathname;
  return bare.slice(bare.lastIndexOf("/"));
}

test("an error body that is not the service's JSON error shape is replaced by the gateway's own; that shape keeps its four fields only", async () => {
  const escaped = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
  const bodies: Record<string, Scripted> = {
    "/latest": { status: 500, body: `{"message":"${escaped}"} x` },
    "/forward": { status: 404, headers: { "content-type": "text/plain" }, body: `no such index; key ${KEY}` },
    "/capacity-metrics": { status: 503, body: `{"statusCode":503,"message":"${Buffer.from(KEY).toString("base64")}"}` },
    "/volatility": { status: 400, body: JSON.stringify({ statusCode: 400, code: "X", message: "No.", raw: KEY }) },
  };
  await startDesk((path) => bodies[endpointOf(path)] ?? { status: 500 });
  const expected: Record<string, [number, string]> = {
    "/latest": [500, "INTERNAL_ERROR"],
    "/forward": [404, "NOT_FOUND"],
    "/capacity-metrics": [503, "SERVICE_UNAVAILABLE"],
    "/volatility": [400, "X"],
  };
  for (const [tail, [status, code]] of Object.entries(expected)) {
    const answer = await ask(`/api/v1/index/${FLAGSHIP}${tail}`);
    const text = await responseText(answer);
    expect({ tail, status: answer.status, type: answer.headers.get("content-type") }).toEqual({
      tail,
      status,
      type: JSON_TYPE,
    });
    const body = JSON.parse(text.slice(text.indexOf("\n\n") + 2)) as Record<string, unknown>;
    expect(body).toMatchObject({ statusCode: status, code });
    expect(Object.keys(body).sort()).toEqual(["code", "error", "message", "statusCode"]);
    for (const spelling of [KEY, escaped, Buffer.from(KEY).toString("base64"), "no such index"])
      expect(text).not.toContain(spelling);
  }
  expect(upstream.seen).toHaveLength(4);
});

test("a key the upstream echoes inside the service's error shape, plainly, in capitals, in base64 or in hex, is taken out", async () => {
  const forms = [KEY, KEY.toUpperCase(), Buffer.from(`x:${KEY}`).toString("base64"), Buffer.from(KEY).toString("hex")];
  await startDesk(() => ({ status: 503, body: serviceError(503, "DOWN", `refused ${forms.join(" / ")}`) }));
  const answer = await ask(LATEST);
  const text = await responseText(answer);
  expect(answer.status).toBe(503);
  expect(text).toContain("refused [upstream key]");
  for (const form of forms) expect(text.toLowerCase()).not.toContain(form.toLowerCase().slice(4, -4));
});

test("statuses the service never sends become one gateway error; none reaches a client or a stack trace in the log", async () => {
  const statuses = [204, 206, 302, 304, 307, 418, 599, 600, 999];
  let next = 0;
  await startDesk(() => ({ status: statuses[next] ?? 500, body: statuses[next] === 204 ? "" : "{}" }));
  for (const status of statuses) {
    const answer = await ask(`/api/v1/index/${FLAGSHIP}/volatility?windowDays=${10 + next}`);
    expect(upstream.seen).toHaveLength(next + 1);
    expect({ status, got: answer.status, location: answer.headers.get("location") }).toEqual({
      status,
      got: 502,
      location: null,
    });
    expect(await answer.json()).toMatchObject({ code: "UPSTREAM_BAD_ANSWER" });
    next += 1;
  }
  const log = logLines.join("");
  expect(log).not.toMatch(/FST_ERR_BAD_STATUS_CODE|"stack"|unexpected failure/);
});

test("past history with no values is not pinned: once the upstream has the data, the desk gets it", async () => {
  const range = "endDate=2025-01-10&startDate=2025-01-06";
  const path = `/api/v1/index/${FLAGSHIP}/history?${range}`;
  const full = await real(path);
  const empty = JSON.stringify({ ...(JSON.parse(full) as object), values: [] });
  let body = empty;
  await startDesk(() => ({ status: 200, body }));
  expect(((await (await ask(path)).json()) as { values: unknown[] }).values).toEqual([]);
  body = full;
  await clock.advance(31_000);
  const later = await ask(path);
  expect(upstream.seen).toEqual([path, path]);
  expect(await later.text()).toBe(full);
});

test("pinned past history has a way out: a bounded age, after which it is asked for again", async () => {
  const path = `/api/v1/index/${FLAGSHIP}/history?endDate=2025-01-10&startDate=2025-01-06`;
  const full = await real(path);
  await startDesk(() => ({ status: 200, body: full }));
  await ask(path);
  await clock.advance(6 * 86_400_000);
  expect((await ask(path)).headers.get("cache-status")).toMatch(/; hit;/);
  await clock.advance(2 * 86_400_000);
  const renewed = await ask(path);
  expect(upstream.seen).toEqual([path, path]);
  expect(renewed.headers.get("cache-status")).toMatch(/fwd=miss; fwd-status=200; stored/);
});

test("an answer nested deeper than the service ever nests is refused, without a failure in the gateway", async () => {
  const good = await real(LATEST);
  const depth = 100_000;
  const deep = `${good.slice(0, -1)},"extra":${"[".repeat(depth)}"\\u0041"${"]".repeat(depth)}}`;
  await startDesk(() => ({ status: 200, body: deep }));
  const answer = await ask(LATEST);
  expect(upstream.seen).toEqual([LATEST]);
  expect(answer.status).toBe(502);
  expect(await answer.json()).toMatchObject({ code: "UPSTREAM_BAD_ANSWER" });
  expect(logLines.join("")).not.toMatch(/"stack"|unexpected failure/);
});

test("the health check's 503 is its answer only in JSON: an HTML page becomes the gateway's own 503, never kept", async () => {
  await startDesk(() => ({ status: 503, headers: { "content-type": "text/html" }, body: "<h1>Maintenance</h1>" }));
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const answer = await ask("/api/health");
    expect(answer.status).toBe(503);
    expect(answer.headers.get("content-type")).toBe(JSON_TYPE);
    expect(await answer.json()).toMatchObject({ statusCode: 503, code: "SERVICE_UNAVAILABLE" });
  }
  expect(upstream.seen).toEqual(["/api/health", "/api/health"]);
});
