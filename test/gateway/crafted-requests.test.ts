import { definedOnly } from "@index-data/wire";
import { request } from "node:http";
import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import { startGateway, type RunningGateway } from "../../gateway/src";
import { FakeClock } from "../support/fake-clock";
import { makeDesk, startRecordingFront, type RecordingFront } from "./support/desk";

/**
 * Requests an attacker crafts: parameter values the service would refuse (each must cost no send and never be
 * kept), a Host header of another name against a gateway without authentication (DNS rebinding), a path that
 * starts like the health page. The reference service is the upstream, behind a front that records what reaches it.
 */
const FLAGSHIP = "RTM-NWE-A-1x3";
const desk = makeDesk(["alice"]);

let service: RunningReferenceService;
let front: RecordingFront;
let gateway: RunningGateway;

beforeAll(async () => {
  service = await startReferenceService();
});
afterAll(() => service.close());
afterEach(async () => {
  await gateway.close();
  await front.close();
});

async function startDesk(auth: boolean): Promise<void> {
  front = await startRecordingFront(service.url);
  gateway = await startGateway({
    upstream: front.url,
    upstreamKey: DEMO_KEYS.apiKey,
    tokens: () => (auth ? desk.entries : undefined),
    clock: new FakeClock(Date.now()),
  });
}

function ask(path: string): Promise<Response> {
  return fetch(`${gateway.url}${path}`, { headers: { "x-api-key": desk.tokens["alice"] ?? "" } });
}

/** A GET with a Host header of the test's choosing (fetch sends its own), answered with status and body. */
function withHost(
  path: string,
  host: string | undefined,
  extra: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const url = new URL(path, gateway.url);
  // Node refuses a header set to undefined: with no host given, Node sends its own.
  const headers = { ...extra, ...definedOnly({ host }) };
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

test.each([
  ["history?startDate=../../x", "INVALID_DATE"],
  ["history?startDate=2025-02-30", "INVALID_DATE"],
  ["history?endDate=31/01/2025", "INVALID_DATE"],
  ["history?start=yesterday", "INVALID_DATE"],
  ["history?startDate=2025-01-01T10:00", "INVALID_DATE"],
  ["history?startDate=", "BAD_REQUEST"],
  ["history?startDate=2025-01-10&endDate=2025-01-01", "INVALID_DATE_RANGE"],
  ["history?startDate=2025-01-01&start=2024-01-01", "BAD_REQUEST"],
  ["history?granularity=monthly", "INVALID_GRANULARITY"],
  ["volatility?windowDays=1", "INVALID_WINDOW"],
  ["volatility?windowDays=366", "INVALID_WINDOW"],
  ["volatility?windowDays=2.5", "INVALID_WINDOW"],
  ["volatility?windowDays=-5", "INVALID_WINDOW"],
  ["volatility?windowDays=1e2", "INVALID_WINDOW"],
  ["volatility?windowDays=99999999999999999999", "INVALID_WINDOW"],
])("%s is refused with 400 %s before any send, and is never kept", async (query, code) => {
  await startDesk(true);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const answer = await ask(`/api/v1/index/${FLAGSHIP}/${query}`);
    expect(answer.status).toBe(400);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const body = (await answer.json()) as { code: string; message: string };
    expect(body.code).toBe(code);
    expect(body.message).not.toMatch(/\.\.\/|yesterday|monthly|99999/);
  }
  expect(front.seen).toEqual([]);
});

test("values the client sends pass, spelled one way: a window written two ways is one resource and one send", async () => {
  await startDesk(true);
  const today = new Date().toISOString().slice(0, 10);
  for (const query of [
    "volatility?windowDays=30",
    "volatility?windowDays=030",
    "history?startDate=2025-01-06&endDate=2025-01-10&granularity=weekly",
    `history?startDate=2025-01-06T00:00:00.000Z&endDate=${today}`,
    "history?start=2025-01-06&end=2025-01-10",
  ])
    expect({ query, status: (await ask(`/api/v1/index/${FLAGSHIP}/${query}`)).status }).toEqual({ query, status: 200 });
  expect(front.seen.map((r) => r.path.split("?")[1])).toEqual([
    "windowDays=30",
    "endDate=2025-01-10&granularity=weekly&startDate=2025-01-06",
    `endDate=${today}&startDate=2025-01-06T00%3A00%3A00.000Z`,
    "end=2025-01-10&start=2025-01-06",
  ]);
});

test("without authentication, a request addressed to any name but this machine's is refused (DNS rebinding)", async () => {
  await startDesk(false);
  const port = new URL(gateway.url).port;
  for (const host of [
    "evil.example.com",
    `evil.example.com:${port}`,
    "127.0.0.1.evil.example",
    "localhost.",
    "10.0.0.1",
  ]) {
    const answer = await withHost(`/api/v1/index/${FLAGSHIP}/latest`, host);
    expect({ host, status: answer.status }).toEqual({ host, status: 421 });
    expect(JSON.parse(answer.body)).toMatchObject({ code: "MISDIRECTED_REQUEST" });
    expect(answer.body).not.toContain("evil");
    expect((await withHost("/gateway/health", host)).status).toBe(421);
  }
  expect(front.seen).toEqual([]);
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, "localhost", `[::1]:${port}`, "127.1.2.3"])
    expect({ host, status: (await withHost(`/api/v1/index/${FLAGSHIP}/latest`, host)).status }).toEqual({
      host,
      status: 200,
    });
});

test("without authentication, a page of another site cannot spend the desk's budget through this machine", async () => {
  await startDesk(false);
  const path = `/api/v1/index/${FLAGSHIP}/latest`;
  for (const headers of [
    { origin: "https://evil.example.com" },
    { origin: "null" },
    { "sec-fetch-site": "cross-site" },
    { "sec-fetch-site": "same-site" },
  ]) {
    const answer = await withHost(path, undefined, headers);
    expect({ headers, status: answer.status }).toEqual({ headers, status: 403 });
    expect(JSON.parse(answer.body)).toMatchObject({ code: "FORBIDDEN_ORIGIN" });
  }
  expect(front.seen).toEqual([]);
  // The CLI and scripts on this machine send neither; a page the browser calls same-origin or direct is let in.
  expect((await withHost(path, undefined)).status).toBe(200);
  expect((await withHost(path, undefined, { "sec-fetch-site": "none" })).status).toBe(200);
});

test("only the health page itself is open: a path that merely starts like it needs a token", async () => {
  await startDesk(true);
  for (const path of ["/gateway/health/../../api/v1/indexes", "/gateway/health%2F..%2F..%2Fapi%2Fv1%2Findexes"]) {
    const answer = await withHost(path, undefined);
    expect({ path, status: answer.status }).toEqual({ path, status: 401 });
  }
  expect((await withHost("/gateway/health", undefined)).status).toBe(200);
  expect(front.seen).toEqual([]);
});
