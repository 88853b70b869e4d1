import { IndexListWire } from "@index-data/wire/resources/indexes";
import { LatestFixWire } from "@index-data/wire/resources/latest";
import { DEMO_KEYS, startReferenceService } from "../../reference-service/src/index";
import { FakeLatencyTimer } from "./fake-latency-timer";
import { FLAGSHIP, WEDNESDAY, get, record, serviceFor } from "./support";

const LATEST = `/api/v1/index/${FLAGSHIP}/latest`;

async function rawGet(url: string): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(url, { headers: { "X-API-Key": DEMO_KEYS.enterprise } });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

describe("a service started without testFaults", () => {
  const service = serviceFor({});

  test("refuses every fault call with an error that says how to enable it", () => {
    const { faults } = service();
    const calls: Array<() => void> = [
      () => faults.setLatency(10),
      () => faults.failNext("500"),
      () => faults.setHealth("down"),
      () => faults.publishFix(FLAGSHIP),
      () => faults.reset(),
    ];
    for (const call of calls) expect(call).toThrow(/testFaults: true/);
  });
});

describe("fault injection", () => {
  const latency = new FakeLatencyTimer();
  const service = serviceFor({ testFaults: true, now: () => WEDNESDAY, latencyTimer: latency.timer });
  afterEach(() => {
    latency.clear();
    service().faults.reset();
    service().resetRequestLog();
  });

  test("failNext counts down, then the service answers normally", async () => {
    service().faults.failNext("500", 2);
    expect((await get(service(), LATEST)).status).toBe(500);
    expect((await get(service(), LATEST)).status).toBe(500);
    expect((await get(service(), LATEST)).status).toBe(200);
  });

  test("a path prefix confines the fault; Infinity lasts until reset", async () => {
    service().faults.failNext("503", Infinity, `/api/v1/index/${FLAGSHIP}/`);
    for (let i = 0; i < 3; i += 1) expect((await get(service(), LATEST)).status).toBe(503);
    expect((await get(service(), "/api/v1/indexes")).status).toBe(200);
    service().faults.reset();
    expect((await get(service(), LATEST)).status).toBe(200);
  });

  test("malformed: 200 with a body that is not JSON", async () => {
    service().faults.failNext("malformed");
    const { status, text, headers } = await rawGet(`${service().url}${LATEST}`);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^application\/json/);
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
  });

  test("wrong-shape: valid JSON whose numbers are strings, rejected by the wire schema", async () => {
    service().faults.failNext("wrong-shape");
    const { status, text } = await rawGet(`${service().url}${LATEST}`);
    expect(status).toBe(200);
    const body = record(JSON.parse(text));
    expect(typeof body.value).toBe("string");
    expect(LatestFixWire.safeParse(body).success).toBe(false);
    expect(LatestFixWire.safeParse((await get(service(), LATEST)).body).success).toBe(true);
  });

  test("drop: the connection closes without a response, and the log says status 0", async () => {
    service().faults.failNext("drop");
    await expect(fetch(`${service().url}${LATEST}`)).rejects.toThrow();
    expect(service().requests.at(-1)).toMatchObject({ path: LATEST, status: 0 });
    expect((await get(service(), LATEST)).status).toBe(200);
  });

  test("429 carries Retry-After; 429-no-retry-after does not", async () => {
    service().faults.failNext("429");
    const limited = await get(service(), LATEST);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("1");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    service().faults.failNext("429-no-retry-after");
    const bare = await get(service(), LATEST);
    expect(bare.status).toBe(429);
    expect(bare.headers.get("retry-after")).toBeNull();
    expect(bare.headers.get("x-ratelimit-limit")).not.toBeNull();
    expect(record(bare.body).code).toBe("RATE_LIMITED");
  });

  test("latency holds each request on the service's timer until that timer fires", async () => {
    service().faults.setLatency(300);
    const events: string[] = [];
    const pending = get(service(), "/api/health").then((response) => {
      events.push(`answered ${response.status}`);
      return response;
    });
    const held = await latency.nextScheduled();
    events.push(`held for ${held.ms} ms`);
    // The request reached the service and waits there: nothing is answered, nothing logged.
    expect(service().requests).toEqual([]);
    held.fire();
    events.push("timer fired");
    await pending;
    expect(events).toEqual(["held for 300 ms", "timer fired", "answered 200"]);
    expect(service().requests).toEqual([expect.objectContaining({ path: "/api/health", status: 200 })]);
  });

  test("without latency no timer is started", async () => {
    expect((await get(service(), "/api/health")).status).toBe(200);
    expect(latency.scheduled).toEqual([]);
  });

  test("publishFix makes a new latest fix, dated now, seen by /latest and /indexes", async () => {
    const before = LatestFixWire.parse((await get(service(), LATEST)).body);
    service().faults.publishFix(FLAGSHIP);
    const moved = LatestFixWire.parse((await get(service(), LATEST)).body);
    expect(moved.value).not.toBe(before.value);
    expect(moved).toMatchObject({ asOf: WEDNESDAY.toISOString(), publicationMode: "FRESH", carriedForwardFrom: null });
    service().faults.publishFix(FLAGSHIP, 2.5);
    expect(LatestFixWire.parse((await get(service(), LATEST)).body).value).toBe(2.5);
    const { indexes } = IndexListWire.parse((await get(service(), "/api/v1/indexes")).body);
    expect(indexes.find((i) => i.symbol === FLAGSHIP)).toMatchObject({
      latestValue: 2.5,
      latestAsOf: WEDNESDAY.toISOString(),
    });
    service().faults.reset();
    expect(LatestFixWire.parse((await get(service(), LATEST)).body).value).toBe(before.value);
  });

  test("bad fault arguments are refused clearly", () => {
    const { faults } = service();
    expect(() => faults.publishFix("NOPE")).toThrow(/no index "NOPE"/);
    expect(() => faults.publishFix("RTM-CHN-A-1x3")).toThrow(/no data/);
    expect(() => faults.setLatency(-1)).toThrow(RangeError);
    expect(() => faults.failNext("500", 0)).toThrow(RangeError);
    // @ts-expect-error: an unknown kind, as JavaScript callers could pass
    expect(() => faults.failNext("teapot")).toThrow(/unknown fault kind/);
  });

  test("the request log records method, path with query, status and tier", async () => {
    await get(service(), `/api/v1/index/${FLAGSHIP}/history?startDate=2025-06-01`);
    await get(service(), "/api/v1/indexes", {});
    await get(service(), "/api/v1/indexes", { "X-API-Key": DEMO_KEYS.apiKey });
    expect(service().requests).toEqual([
      {
        method: "GET",
        path: `/api/v1/index/${FLAGSHIP}/history?startDate=2025-06-01`,
        status: 200,
        apiKeyTier: "enterprise",
      },
      { method: "GET", path: "/api/v1/indexes", status: 200, apiKeyTier: "anonymous" },
      { method: "GET", path: "/api/v1/indexes", status: 200, apiKeyTier: "api-key" },
    ]);
    service().resetRequestLog();
    expect(service().requests).toEqual([]);
  });
});

describe("closing", () => {
  test("close() finishes while a request is held by latency, and that request settles", async () => {
    const latency = new FakeLatencyTimer();
    const service = await startReferenceService({ testFaults: true, latencyTimer: latency.timer });
    service.faults.setLatency(60_000);
    const pending = fetch(`${service.url}/api/health`).then(
      (response) => response.status,
      () => "failed",
    );
    // The fake timer never fires: only close() can release the request.
    expect((await latency.nextScheduled()).ms).toBe(60_000);
    await service.close();
    await expect(pending).resolves.toBe(200); // released by close(), the held request is answered, not cut off
  });

  test("bad options are refused before listening", async () => {
    await expect(startReferenceService({ port: 70_000 })).rejects.toThrow(/port/);
    // @ts-expect-error: an unknown flavor, as JavaScript callers could pass
    await expect(startReferenceService({ flavor: "newest" })).rejects.toThrow(/flavor/);
  });
});
