import { DEMO_KEYS, startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { capturedLog } from "./support/captured-log";
import { makeDesk } from "./support/desk";
import { startDeskGateway, type DeskGateway } from "./support/desk-gateway";
import { startRedis, type TestRedis } from "./support/redis-server";

/**
 * Corrections through a gateway on a real Redis, in front of the reference service: a history range is served, the
 * service restates one day, the same range is asked again; the desk's archive lists the day with what was first
 * seen and what is said now, and still does after the gateway restarts on the same Redis.
 */
const SYMBOL = "RTM-NWE-A-1x3";
/** Wednesday 18 June 2025: the range below runs to today, so its answer is fresh for 30 s only. */
const TODAY = new Date("2025-06-18T10:30:00.000Z");
const RESTATED = "2025-06-16";
const RANGE = `/api/v1/index/${SYMBOL}/history?startDate=2025-06-09`;
const desk = makeDesk(["ana", "ben"]);

let redis: TestRedis;
let service: RunningReferenceService;
let desked: DeskGateway | undefined;
const log = capturedLog();

beforeAll(async () => {
  [redis, service] = await Promise.all([startRedis(), startReferenceService({ testFaults: true, now: () => TODAY })]);
});
afterAll(async () => {
  await desked?.gateway.close();
  await Promise.all([service.close(), redis.kill()]);
});

async function startDesk(): Promise<DeskGateway> {
  desked = await startDeskGateway(
    desk,
    service.url,
    { upstreamKey: DEMO_KEYS.apiKey, redisUrl: redis.url, logger: { level: "info", stream: log.stream } },
    TODAY.getTime(),
  );
  return desked;
}

async function ask(on: DeskGateway, path: string, token = desk.tokens.ana ?? ""): Promise<Response> {
  return fetch(`${on.gateway.url}${path}`, { headers: { "x-api-key": token } });
}

/** The point of `date` in a history answer. */
async function pointOn(response: Response, date: string): Promise<{ value: number; status: string }> {
  expect(response.status).toBe(200);
  const body = (await response.json()) as { values: Array<{ date: string; value: number; status: string }> };
  const point = body.values.find((value) => value.date.startsWith(date));
  if (point === undefined) throw new Error(`no ${date} in the answer`);
  return point;
}

test("a restated day, served again, is listed as a correction; still after a restart on the same Redis", async () => {
  const gateway = await startDesk();
  const first = await pointOn(await ask(gateway, RANGE), RESTATED);
  service.faults.restate({ symbol: SYMBOL, date: RESTATED, valuePercent: 1.5, status: "REVISED" });
  await gateway.clock.advance(31_000);
  service.resetRequestLog();
  const now = await pointOn(await ask(gateway, RANGE, desk.tokens.ben), RESTATED);
  // The fault happened: the service was asked again and answered the day restated.
  expect(service.requests.map((request) => request.path)).toEqual([RANGE]);
  expect(now).toMatchObject({ status: "REVISED" });
  expect(now.value).not.toBe(first.value);
  await gateway.gateway.corrections.settled();

  const listed = await ask(gateway, `/gateway/corrections?since=2025-06-18&symbol=${SYMBOL}`);
  expect(listed.status).toBe(200);
  expect(listed.headers.get("cache-control")).toBe("no-store");
  const expected = {
    corrections: [
      {
        symbol: SYMBOL,
        date: RESTATED,
        was: { value: first.value, status: first.status, seenAt: TODAY.toISOString() },
        now: { value: now.value, status: "REVISED", seenAt: new Date(TODAY.getTime() + 31_000).toISOString() },
      },
    ],
  };
  expect(await listed.json()).toEqual(expected);
  // Audited: who was served the restated day, the day, and both answers.
  expect(log.lines.filter((line) => line.audit === "correction")).toEqual([
    expect.objectContaining({
      user: "ben",
      resource: `${SYMBOL}@${RESTATED}`,
      was: expected.corrections[0]?.was,
      now: expected.corrections[0]?.now,
    }),
  ]);
  const metrics = await (await fetch(`${gateway.gateway.url}/metrics`)).text();
  expect(metrics).toMatch(/^index_gateway_corrections_total 1$/m);
  expect(await (await ask(gateway, "/gateway/corrections?since=2025-06-19")).json()).toEqual({ corrections: [] });

  await gateway.gateway.close();
  desked = undefined;
  const again = await startDesk();
  expect(await (await ask(again, `/gateway/corrections?symbol=${SYMBOL}`)).json()).toEqual(expected);
});

test("the list is for the desk's callers only, and says what to give when its query is wrong", async () => {
  const gateway = desked ?? (await startDesk());
  expect((await fetch(`${gateway.gateway.url}/gateway/corrections`)).status).toBe(401);
  const wrongSince = await ask(gateway, "/gateway/corrections?since=yesterday");
  expect(wrongSince.status).toBe(400);
  expect(await wrongSince.text()).toMatch(/ISO 8601 date or instant/);
  const wrongSymbol = await ask(gateway, "/gateway/corrections?symbol=a%2Fb");
  expect(wrongSymbol.status).toBe(400);
});
