import { CellError, isCellError } from "../../src/formulas/cell-error";
import { evaluate } from "../../src/formulas/evaluate";
import { cellErrorFor, cellErrorFromFailure } from "../../src/formulas/service-errors";
import { settleWithin } from "../../src/formulas/settle";
import { errorNamed } from "../client/fault-samples";
import { FixtureSource, serviceError } from "./support/fixture-source";

const SYMBOL = "RTM-NWE-A-1x3";
const subject = { symbol: SYMBOL, what: "history" };
const path = "/api/v1/index/RTM-NWE-A-1x3/history";

describe("service errors as cell errors", () => {
  it.each([
    // The client's message ("m") is never what a service-side fault shows: the cell words the facts.
    [
      errorNamed("UnauthorizedError", "m", { path, status: 401, serviceMessage: "Key unknown" }),
      "#VALUE!",
      "Key unknown. The API key was refused: check it in the taskpane settings, or clear it to use the anonymous tier.",
    ],
    [
      errorNamed("BadRequestError", "m", { path, status: 400, serviceMessage: "startDate is not a date" }),
      "#VALUE!",
      "startDate is not a date. Check the arguments: dates as ISO 8601 (e.g. 2024-01-31), granularity daily or weekly, windowDays a whole number of days.",
    ],
    // Our own refusals keep their words: an argument refused before any request, a setting refused.
    [
      errorNamed("BadRequestError", "startDate must be an ISO 8601 date such as 2024-01-31 (or left out).", {
        code: "INVALID_DATE",
      }),
      "#VALUE!",
      "startDate must be an ISO 8601 date such as 2024-01-31 (or left out).",
    ],
    [
      errorNamed("ConfigurationError", "Refusing to send the API key over plain http."),
      "#VALUE!",
      "Refusing to send the API key over plain http.",
    ],
    [
      errorNamed("ConfigurationError", "m", {
        path,
        status: 301,
        problem: "redirect-elsewhere",
        redirectedTo: "https://new.example.com",
      }),
      "#VALUE!",
      `The service redirected ${path} to another address, https://new.example.com; the add-in does not follow it, so the API key stays with the service you set. ` +
        "If https://new.example.com is the service's new address, enter it as the base URL in the taskpane settings.",
    ],
    [
      errorNamed("RateLimitedError", "m", { path, status: 429, retryAfterSeconds: 12 }),
      "#N/A",
      "waiting for its turn under the service's rate limit; Refresh in about 12 s asks again",
    ],
    [
      errorNamed("RateLimitedError", "m", { path, status: 429, serviceMessage: "Too many requests" }),
      "#N/A",
      "waiting for its turn under the service's rate limit; Refresh in a minute asks again, or use an API key for a higher limit",
    ],
    [
      errorNamed("QueueFullError", "m", { maxQueueWaitMs: 120_000, waitSeconds: 150 }),
      "#N/A",
      "waiting for its turn under the service's rate limit (more than 2 min of requests queued); Refresh in about 150 s asks again",
    ],
    [
      errorNamed("ServiceUnavailableError", "m", { path, status: 503 }),
      "#N/A",
      `HTTP 503 from ${path}. The service is degraded or down; try again later.`,
    ],
    [
      errorNamed("ServiceUnavailableError", "m", { notSent: true }),
      "#N/A",
      "Not sent, because the service failed to answer just before (it said it is unavailable (503)); recalculate in a few seconds.",
    ],
    [
      errorNamed("ServerError", "m", { path, status: 500, serviceMessage: "disk on fire" }),
      "#N/A",
      "disk on fire. The service failed; try again later, and report it if it persists.",
    ],
    [
      errorNamed("NetworkError", "m", { path, origin: "https://indexes.example.com", reason: "ECONNREFUSED" }),
      "#N/A",
      `Could not reach https://indexes.example.com (ECONNREFUSED) for ${path}; check the service URL in the taskpane settings and the network connection.`,
    ],
    [
      errorNamed("TimeoutError", "m", { path, origin: "https://indexes.example.com", timeoutMs: 10_000 }),
      "#N/A",
      `No complete answer from https://indexes.example.com within 10 s (${path}); the service may be busy: Refresh in a moment.`,
    ],
    [
      errorNamed("InvalidResponseError", "m", {
        path,
        status: 200,
        problem: "wrong-shape",
        issue: "Invalid input: expected number at values.0.value",
      }),
      "#N/A",
      `The answer to ${path} does not have the expected shape: Invalid input: expected number at values.0.value. Check that the service URL in the taskpane settings points at an Index Data Service.`,
    ],
  ])("%p shows %s with its words", (error, code, message) => {
    const cell = cellErrorFromFailure(error, subject);
    expect(cell.code).toBe(code);
    expect(cell.message).toBe(message);
  });

  it("maps by name alone, so errors from another realm count", () => {
    expect(cellErrorFromFailure(serviceError("UnauthorizedError", ""), subject).message).toBe(
      "The API key was refused: check it in the taskpane settings, or clear it to use the anonymous tier.",
    );
    expect(cellErrorFromFailure(serviceError("NotFoundError", "", { code: "UNKNOWN_SYMBOL" }), subject).message).toBe(
      "unknown index 'RTM-NWE-A-1x3': check the symbol (INDEX.LIST() shows every index; symbols are case-sensitive)",
    );
    expect(cellErrorFromFailure(serviceError("NotFoundError", "", { code: "NO_DATA" }), subject).message).toBe(
      "no data: 'RTM-NWE-A-1x3' has no history yet",
    );
    expect(cellErrorFromFailure(new Error("boom"), subject)).toMatchObject({
      code: "#N/A",
      message: expect.stringMatching(/unexpected.*boom/),
    });
    expect(cellErrorFromFailure("weird", { what: "x" }).code).toBe("#N/A");
  });

  it("tells unknown symbol from no data with the catalogue when the service sends a bare 404", async () => {
    const bare = errorNamed("NotFoundError", "Not found.", { path, status: 404 });
    const source = new FixtureSource({
      listIndexes: [{ symbol: SYMBOL, hub: "NWE", grade: "A", leadTime: "1x3", description: "", isActive: true }],
    });
    expect((await cellErrorFor(bare, subject, source)).message).toMatch(/^no data: 'RTM-NWE-A-1x3'/);
    expect((await cellErrorFor(bare, { symbol: "NOPE", what: "history" }, source)).message).toMatch(
      /^unknown index 'NOPE'/,
    );
    expect((await cellErrorFor(bare, { what: "methodology" }, source)).message).toBe(
      "methodology is not published by this service",
    );
    const forward = { symbol: SYMBOL, what: "forward curve", newerOnly: true };
    expect((await cellErrorFor(bare, forward, source)).message).toMatch(
      /^no forward curve for 'RTM-NWE-A-1x3': this service does not publish one/,
    );
    expect((await cellErrorFor(bare, { symbol: "rtm-nwe-a-1x3", what: "history" }, source)).message).toBe(
      "unknown index 'rtm-nwe-a-1x3'; symbols are case-sensitive: did you mean 'RTM-NWE-A-1x3'?",
    );
    const wrongUrl = errorNamed("NotFoundError", "Not found.", { path: "/api/v1/indexes", status: 404 });
    expect(await cellErrorFor(wrongUrl, { what: "the index list" }, source)).toMatchObject({
      code: "#VALUE!",
      message:
        "the index list was not found at the service URL: check the service URL in the taskpane settings (the service's root, without /api)",
    });
    const broken = new FixtureSource({ listIndexes: errorNamed("NetworkError", "down", { path: "/api/v1/indexes" }) });
    expect((await cellErrorFor(bare, subject, broken)).message).toMatch(/unknown index or no data/);
  });
});

describe("settling within a bound", () => {
  it("passes a value or a rejection through and clears its timer", async () => {
    await expect(settleWithin(Promise.resolve(1), 50, () => 2)).resolves.toBe(1);
    await expect(settleWithin(Promise.reject(new Error("x")), 50, () => 2)).rejects.toThrow("x");
  });

  it("settles with the timeout value when the work never ends", async () => {
    await expect(settleWithin(new Promise<number>(() => undefined), 20, () => 7)).resolves.toBe(7);
  });

  it("gives a formula that never answers a #N/A saying what to do", async () => {
    const hanging = Object.assign(new FixtureSource(), { history: () => new Promise<never>(() => undefined) });
    const result = await evaluate(
      { source: hanging, caps: { formattedNumbers: false }, settleMs: 30 },
      "history",
      () => async () => {
        await hanging.history(SYMBOL);
        return 1;
      },
    );
    expect(isCellError(result) && result.code).toBe("#N/A");
    expect((result as CellError).message).toMatch(/no answer for history within 30 ms.*Refresh/);
  });

  it("turns a throwing argument parser into #VALUE! and never calls the work", async () => {
    const result = await evaluate({ source: new FixtureSource(), caps: { formattedNumbers: false } }, "x", () => {
      throw new CellError("#VALUE!", "symbol: give a symbol");
    });
    expect(result).toMatchObject({ code: "#VALUE!", message: "symbol: give a symbol" });
  });
});
