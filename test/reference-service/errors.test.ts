import { STATUS_CODES } from "node:http";
import { BenchmarkHealthWire } from "@index-data/wire/resources/benchmark-health";
import { HealthWire } from "@index-data/wire/resources/health";
import { SystemStatusWire } from "@index-data/wire/resources/system-status";
import { DEMO_KEYS, REASON_CODES } from "../../reference-service/src/index";
import { FLAGSHIP, NO_DATA, WEDNESDAY, anonymous, get, record, serviceFor, type JsonResponse } from "./support";

/** The service's JSON error body, word for word: the message is what a person at the sheet reads. */
function expectError(response: JsonResponse, status: number, code: string, message: string): void {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(record(response.body)).toEqual({ statusCode: status, error: STATUS_CODES[status], code, message });
}

const unknownSymbol = (symbol: string) => `No index with symbol "${symbol}". GET /api/v1/indexes lists the symbols.`;
const notIso = (name: string, value: string) =>
  `${name} "${value}" is not an ISO 8601 date. Use e.g. 2025-01-31 or 2025-01-31T00:00:00.000Z.`;

describe.each(["newer", "older"] as const)("errors, %s description", (flavor) => {
  const service = serviceFor({ flavor, now: () => WEDNESDAY, testFaults: true });
  const newer = flavor === "newer";
  const perSymbol = ["latest", "history", "volatility", "capacity-metrics", ...(newer ? ["forward"] : [])];
  afterEach(() => service().faults.reset());

  test.each(perSymbol)("404 UNKNOWN_SYMBOL from /%s", async (endpoint) => {
    expectError(
      await get(service(), `/api/v1/index/NOPE-XXX-A-1x3/${endpoint}`),
      404,
      "UNKNOWN_SYMBOL",
      unknownSymbol("NOPE-XXX-A-1x3"),
    );
  });

  test("a symbol in the wrong case gets a hint", async () => {
    const response = await get(service(), `/api/v1/index/${FLAGSHIP.toLowerCase()}/latest`);
    expectError(
      response,
      404,
      "UNKNOWN_SYMBOL",
      `No index with symbol "rtm-nwe-a-1x3". Symbols are case-sensitive: did you mean "${FLAGSHIP}"?`,
    );
  });

  test.each(perSymbol)("an index without data: /%s", async (endpoint) => {
    const response = await get(service(), `/api/v1/index/${NO_DATA}/${endpoint}`);
    if (endpoint === "history" && newer) expect(response.status).toBe(200);
    else expectError(response, 404, "NO_DATA", `Index "${NO_DATA}" exists but has no data yet.`);
  });

  test("paths of the other description, and unknown paths, are 404 NOT_FOUND", async () => {
    const absent = newer
      ? ["/api/v1/methodology"]
      : [`/api/v1/index/${FLAGSHIP}/forward`, "/api/v1/benchmark/health", "/api/status"];
    for (const path of [...absent, "/api/v2/indexes", "/"]) {
      expectError(
        await get(service(), path),
        404,
        "NOT_FOUND",
        `GET ${path} is not an endpoint of the ${flavor} description of the Index Data Service.`,
      );
    }
  });

  test.each([
    ["startDate=yesterday", "INVALID_DATE", notIso("startDate", "yesterday")],
    ["startDate=2025-02-30", "INVALID_DATE", notIso("startDate", "2025-02-30")],
    ["endDate=2025-13-01", "INVALID_DATE", notIso("endDate", "2025-13-01")],
    ["startDate=2025/01/01", "INVALID_DATE", notIso("startDate", "2025/01/01")],
    ["start=01-02-2025", "INVALID_DATE", notIso("start", "01-02-2025")],
    ["startDate=2025-01-01T25:00:00Z", "INVALID_DATE", notIso("startDate", "2025-01-01T25:00:00Z")],
    [
      "startDate=2025-03-01&endDate=2025-02-01",
      "INVALID_DATE_RANGE",
      "startDate 2025-03-01T00:00:00.000Z is after endDate 2025-02-01T00:00:00.000Z; swap them.",
    ],
  ])("history ?%s is 400 %s", async (query, code, message) => {
    expectError(await get(service(), `/api/v1/index/${FLAGSHIP}/history?${query}`), 400, code, message);
  });

  // In both descriptions, even the newer one that ignores granularity: a repeated parameter is ambiguous.
  test.each([
    ["history", "granularity", "granularity=daily&granularity=weekly"],
    ["history", "startDate", "startDate=2025-01-01&startDate=2025-02-01"],
    ["history", "endDate", "startDate=2025-01-01&endDate=2025-02-01&endDate=2025-03-01"],
    ["volatility", "windowDays", "windowDays=30&windowDays=90"],
  ])("%s with %s given twice is 400 BAD_REQUEST naming it", async (endpoint, name, query) => {
    const response = await get(service(), `/api/v1/index/${FLAGSHIP}/${endpoint}?${query}`);
    expectError(response, 400, "BAD_REQUEST", `Query parameter "${name}" is given 2 times; give it once.`);
  });

  test("history ?granularity=monthly: 400 in older, ignored in newer", async () => {
    const response = await get(service(), `/api/v1/index/${FLAGSHIP}/history?granularity=monthly`);
    if (newer) expect(response.status).toBe(200);
    else expectError(response, 400, "INVALID_GRANULARITY", 'granularity must be "daily" or "weekly"; got "monthly".');
  });

  test.each(["1", "366", "2.5", "abc", "-3", "1e2", "0x10"])(
    "volatility ?windowDays=%s is 400 INVALID_WINDOW",
    async (days) => {
      const response = await get(service(), `/api/v1/index/${FLAGSHIP}/volatility?windowDays=${days}`);
      expectError(
        response,
        400,
        "INVALID_WINDOW",
        `windowDays must be a whole number from 2 to 365 (default 30); got "${days}".`,
      );
    },
  );

  test("401 for an unknown key in either header, and for a revoked key, with rate-limit headers", async () => {
    const unknownKey = "Unknown API key. Check the key in the settings, or remove it to call anonymously.";
    const revoked = "This API key has been revoked. Ask for a new key, or remove it to call anonymously.";
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ "X-API-Key": "not-a-key" }, "UNAUTHORIZED", unknownKey],
      [{ Authorization: "Bearer not-a-key" }, "UNAUTHORIZED", unknownKey],
      [
        { Authorization: `Basic ${Buffer.from("a:b").toString("base64")}` },
        "UNAUTHORIZED",
        "The Authorization header must be 'Bearer <key>'. Or send the key as 'X-API-Key: <key>'.",
      ],
      [{ "X-API-Key": DEMO_KEYS.revoked }, "API_KEY_REVOKED", revoked],
      [{ Authorization: `Bearer ${DEMO_KEYS.revoked}` }, "API_KEY_REVOKED", revoked],
    ];
    for (const [headers, code, message] of cases) {
      const response = await get(service(), "/api/v1/indexes", headers);
      expectError(response, 401, code, message);
      expect(response.headers.get("x-ratelimit-limit")).not.toBeNull();
      expect(JSON.stringify(response.body)).not.toContain(DEMO_KEYS.revoked);
    }
  });

  test("/api/health is 503 when degraded or down; 200 again when ok", async () => {
    for (const state of ["degraded", "down"] as const) {
      service().faults.setHealth(state);
      const response = await get(service(), "/api/health");
      expect(response.status).toBe(503);
      expect(HealthWire.parse(response.body).status).toBe(state);
    }
    service().faults.setHealth("ok");
    expect((await get(service(), "/api/health")).status).toBe(200);
  });

  test.each([
    ["500", 500, "INTERNAL_ERROR", "Internal server error (injected by the test harness)."],
    ["503", 503, "SERVICE_UNAVAILABLE", "Service unavailable (injected by the test harness)."],
  ] as const)("an injected %s carries the JSON error body, once", async (fault, status, code, message) => {
    service().faults.failNext(fault);
    expectError(await get(service(), "/api/v1/indexes"), status, code, message);
    expect((await get(service(), "/api/v1/indexes")).status).toBe(200);
  });

  if (newer) {
    test("/api/status is 200 in every state and carries it", async () => {
      for (const state of ["ok", "degraded", "down"] as const) {
        service().faults.setHealth(state);
        const response = await get(service(), "/api/status");
        expect(response.status).toBe(200);
        expect(SystemStatusWire.parse(response.body).status).toBe(state);
      }
    });

    test("degraded benchmark health names the observed reasons, and the summary agrees", async () => {
      service().faults.setHealth("degraded");
      const health = BenchmarkHealthWire.parse((await get(service(), "/api/v1/benchmark/health")).body);
      expect(health.benchmarkStatus).toBe("degraded");
      expect(health.reasons).toEqual([REASON_CODES.flagshipFlat, REASON_CODES.lowConfidence]);
      expect(health.summary.flagshipFlatHours).toBeGreaterThan(72);
      expect(health.summary.avgConfidence).toBeLessThan(50);
      service().faults.setHealth("down");
      const down = SystemStatusWire.parse((await get(service(), "/api/status")).body);
      expect(down.reasons).toContain(REASON_CODES.noApprovedData);
      expect(down.benchmarkSummary?.approvedRealData72h).toBe(0);
    });
  }

  test("anonymous callers get the same errors", async () => {
    expectError(
      await get(service(), "/api/v1/index/NOPE/latest", anonymous()),
      404,
      "UNKNOWN_SYMBOL",
      unknownSymbol("NOPE"),
    );
  });
});
