import { IndexDataClient } from "../../src/client/client";
import { isInvalidResponseError, isRateLimitedError } from "@index-data/wire/errors/guards";
import { faultOf } from "@index-data/wire/errors/fault";
import { DEMO_KEYS, FLAGSHIP, FLAVORS, NO_DATA, useReferenceService } from "./reference";

const UNKNOWN = "RTM-NOPE-Z-9x9";

/** Each error status of the service, in both descriptions, through the real client over HTTP. */
describe.each(FLAVORS)("error statuses, %s description", (flavor) => {
  const ref = useReferenceService(flavor);
  const newer = flavor === "newer";
  const LATEST = `/api/v1/index/${FLAGSHIP}/latest`;

  /** What `call` settled with, and [path, status] of each request the service logged meanwhile: proof the fault was served. */
  async function served(call: () => Promise<unknown>): Promise<{ answers: Array<[string, number]>; outcome: unknown }> {
    const before = ref.service.requests.length;
    const outcome = await call().catch((e: unknown) => e);
    return { answers: ref.service.requests.slice(before).map((r) => [r.path, r.status]), outcome };
  }

  const symbolCalls = () =>
    [
      ["latest", (s: string) => ref.client.latest(s)],
      ["history", (s: string) => ref.client.history(s)],
      ["volatility", (s: string) => ref.client.volatility(s)],
      ["capacity", (s: string) => ref.client.capacity(s)],
      ...(newer ? [["forward", (s: string) => ref.client.forward(s)] as const] : []),
    ] as const;

  it("404 UNKNOWN_SYMBOL from every per-index endpoint", async () => {
    for (const [name, call] of symbolCalls()) {
      const error: unknown = await call(UNKNOWN).catch((e: unknown) => e);
      expect([name, error]).toEqual([
        name,
        expect.objectContaining({ name: "NotFoundError", status: 404, code: "UNKNOWN_SYMBOL" }),
      ]);
      expect([name, faultOf(error, { symbol: UNKNOWN, what: name }).kind]).toEqual([name, "unknown-symbol"]);
    }
  });

  it("404 NO_DATA for an index without data (history: only in the older description)", async () => {
    for (const [name, call] of symbolCalls()) {
      if (name === "history" && newer) {
        await expect(ref.client.history(NO_DATA)).resolves.toMatchObject({ symbol: NO_DATA, values: [] });
        continue;
      }
      const error: unknown = await call(NO_DATA).catch((e: unknown) => e);
      expect([name, error]).toEqual([name, expect.objectContaining({ name: "NotFoundError", code: "NO_DATA" })]);
    }
  });

  it.each([["2024-13-45"], ["31/01/2024"], ["2025-02-30"]])("400 INVALID_DATE for startDate %p", async (startDate) => {
    await expect(ref.client.history(FLAGSHIP, { startDate })).rejects.toMatchObject({
      name: "BadRequestError",
      status: 400,
      code: "INVALID_DATE",
      message: expect.stringContaining("ISO 8601"),
    });
  });

  it("400 for an end before the start", async () => {
    await expect(
      ref.client.history(FLAGSHIP, { startDate: "2024-03-01", endDate: "2024-01-01" }),
    ).rejects.toMatchObject({
      name: "BadRequestError",
      status: 400,
    });
  });

  it(`granularity "monthly": ${newer ? "ignored (daily)" : "400 INVALID_GRANULARITY"}`, async () => {
    const call = ref.client.history(FLAGSHIP, { granularity: "monthly" as "daily" });
    if (newer) await expect(call).resolves.toMatchObject({ granularity: "daily" });
    else
      await expect(call).rejects.toMatchObject({ name: "BadRequestError", status: 400, code: "INVALID_GRANULARITY" });
  });

  it.each([[1], [0], [-5], [2.5], [100_000]])("400 INVALID_WINDOW for windowDays %p", async (windowDays) => {
    await expect(ref.client.volatility(FLAGSHIP, windowDays)).rejects.toMatchObject({
      name: "BadRequestError",
      status: 400,
      code: "INVALID_WINDOW",
    });
  });

  it.each([
    ["x-api-key", DEMO_KEYS.revoked, "API_KEY_REVOKED"],
    ["bearer", DEMO_KEYS.revoked, "API_KEY_REVOKED"],
    ["x-api-key", "not-a-real-key", "UNAUTHORIZED"],
    ["bearer", "not-a-real-key", "UNAUTHORIZED"],
  ] as const)("401 with the key sent as %s (%s)", async (keyHeaderStyle, apiKey, code) => {
    const error: unknown = await ref
      .clientWith({ apiKey, keyHeaderStyle })
      .latest(FLAGSHIP)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: "UnauthorizedError",
      status: 401,
      code,
      message: expect.stringContaining("API key"),
    });
    expect(JSON.stringify(error)).not.toContain(apiKey);
    expect(String((error as Error).message)).not.toContain(apiKey);
    expect(String((error as { path: string }).path)).not.toContain(apiKey);
  });

  it("429 with Retry-After in seconds, and without it", async () => {
    ref.service.faults.failNext("429", 1);
    const limited = await served(() => ref.client.latest(FLAGSHIP));
    expect(limited.answers).toEqual([[LATEST, 429]]);
    expect(limited.outcome).toMatchObject({ name: "RateLimitedError", status: 429, retryAfterSeconds: 1 });
    ref.service.faults.failNext("429-no-retry-after", 1);
    const bare = await served(() => ref.client.latest(FLAGSHIP));
    expect(bare.answers).toEqual([[LATEST, 429]]);
    expect(bare.outcome).toMatchObject({ name: "RateLimitedError", status: 429 });
    expect(isRateLimitedError(bare.outcome) && bare.outcome.retryAfterSeconds).toBeUndefined();
  });

  it("500 -> ServerError, and a 503 on a data endpoint -> ServiceUnavailableError", async () => {
    ref.service.faults.failNext("500", 1);
    const failed = await served(() => ref.client.latest(FLAGSHIP));
    expect(failed.answers).toEqual([[LATEST, 500]]);
    expect(failed.outcome).toMatchObject({ name: "ServerError", status: 500 });
    ref.service.faults.failNext("503", 1);
    const unavailable = await served(() => ref.client.listIndexes());
    expect(unavailable.answers).toEqual([["/api/v1/indexes", 503]]);
    expect(unavailable.outcome).toMatchObject({ name: "ServiceUnavailableError", status: 503 });
  });

  it("503 from /api/health is an answer, not an error", async () => {
    ref.service.faults.setHealth("degraded");
    await expect(ref.client.health()).resolves.toEqual(
      expect.objectContaining({ healthy: false, httpStatus: 503, status: "degraded" }),
    );
    ref.service.faults.setHealth("down");
    await expect(ref.client.health()).resolves.toMatchObject({ healthy: false, status: "down" });
    ref.service.faults.setHealth("ok");
    ref.service.faults.failNext("503", 1, "/api/health");
    const injected = await served(() => ref.client.health());
    expect(injected.answers).toEqual([["/api/health", 503]]);
    expect(injected.outcome).toMatchObject({ healthy: false, httpStatus: 503 });
  });

  it("a body that is not JSON -> InvalidResponseError", async () => {
    ref.service.faults.failNext("malformed", 1);
    const { answers, outcome } = await served(() => ref.client.latest(FLAGSHIP));
    expect(answers).toEqual([[LATEST, 200]]);
    expect(outcome).toMatchObject({
      name: "InvalidResponseError",
      status: 200,
      message: `The answer to ${LATEST} is not JSON`,
    });
  });

  it("numbers sent as strings -> InvalidResponseError carrying the zod issues, never a silent number", async () => {
    ref.service.faults.failNext("wrong-shape", 1);
    const { answers, outcome: error } = await served(() => ref.client.latest(FLAGSHIP));
    expect(answers).toEqual([[LATEST, 200]]);
    expect(isInvalidResponseError(error)).toBe(true);
    const issues = isInvalidResponseError(error) ? error.issues : [];
    expect(issues.map((i) => i.path.join("."))).toContain("value");
  });

  it("a dropped connection -> NetworkError", async () => {
    ref.service.faults.failNext("drop", 1);
    const { answers, outcome } = await served(() => ref.client.latest(FLAGSHIP));
    expect(answers).toEqual([[LATEST, 0]]); // the service logs a dropped connection as status 0
    expect(outcome).toMatchObject({ name: "NetworkError", path: LATEST });
  });

  it("latency beyond the timeout -> TimeoutError", async () => {
    ref.service.faults.setLatency(2_000);
    const sent: string[] = [];
    const client = ref.clientWith({
      timeoutMs: 150,
      fetch: (input, init) => (
        sent.push(new URL(input instanceof Request ? input.url : String(input)).pathname),
        fetch(input, init)
      ),
    });
    const { answers, outcome } = await served(() => client.latest(FLAGSHIP));
    expect({ sent, answers }).toEqual({ sent: [LATEST], answers: [] }); // sent, and not answered before the client gave up
    expect(outcome).toMatchObject({ name: "TimeoutError", timeoutMs: 150 });
  });

  it("a refused connection -> NetworkError naming the address", async () => {
    const client = new IndexDataClient({ baseUrl: "http://127.0.0.1:9" });
    await expect(client.latest(FLAGSHIP)).rejects.toMatchObject({
      name: "NetworkError",
      message: expect.stringContaining("127.0.0.1:9"),
    });
  });
});
