import { CellError, isCellError } from "../../src/excel/cell-error";
import { evaluate } from "../../src/excel/evaluate";
import { cellErrorFor, cellErrorFromFailure } from "../../src/excel/service-errors";
import { settleWithin } from "../../src/excel/settle";
import { errorNamed } from "../client/fault-samples";
import { FixtureSource, serviceError } from "./support/fixture-source";

const SYMBOL = "RTM-NWE-A-1x3";
const subject = { symbol: SYMBOL, what: "history" };
const path = "/api/v1/index/RTM-NWE-A-1x3/history";

describe("service errors as cell errors", () => {
  it.each([
    [errorNamed("UnauthorizedError", "The API key was refused: check it in the settings.", { path, status: 401 }), "#VALUE!", /API key/],
    [errorNamed("BadRequestError", "startDate is not a date.", { path, status: 400 }), "#VALUE!", /startDate/],
    [errorNamed("ConfigurationError", "Refusing to send the API key over plain http."), "#VALUE!", /plain http/],
    [errorNamed("RateLimitedError", "Too many requests.", { path, status: 429, retryAfterSeconds: 12 }), "#N/A", /^rate limited.*12 s \(Refresh\)$/],
    [errorNamed("RateLimitedError", "Too many requests; try again in a minute.", { path, status: 429 }), "#N/A", /Too many requests/],
    [errorNamed("QueueFullError", "Not sent.", { maxQueueWaitMs: 120_000 }), "#N/A", /^too many cells waiting .*more than 2 min.*Refresh retries them$/],
    [errorNamed("ServiceUnavailableError", "The service is degraded or down.", { path, status: 503 }), "#N/A", /degraded or down/],
    [errorNamed("ServerError", "The service failed.", { path, status: 500 }), "#N/A", /failed/],
    [errorNamed("NetworkError", "Could not connect.", { path }), "#N/A", /connect/],
    [errorNamed("TimeoutError", "No answer within 10 s.", { path, timeoutMs: 10_000 }), "#N/A", /No answer/],
    [errorNamed("InvalidResponseError", "value is not a number.", { path, status: 200 }), "#N/A", /value is not a number/],
  ])("%p shows %s with a message", (error, code, message) => {
    const cell = cellErrorFromFailure(error, subject);
    expect(cell.code).toBe(code);
    expect(cell.message).toMatch(message);
  });

  it("maps by name alone, so errors from another realm count", () => {
    expect(cellErrorFromFailure(serviceError("UnauthorizedError", ""), subject).message).toMatch(/check or clear it/);
    expect(cellErrorFromFailure(serviceError("NotFoundError", "", { code: "UNKNOWN_SYMBOL" }), subject).message).toBe(
      "unknown index 'RTM-NWE-A-1x3': check the symbol (INDEX.LIST() shows every index; symbols are case-sensitive)",
    );
    expect(cellErrorFromFailure(serviceError("NotFoundError", "", { code: "NO_DATA" }), subject).message).toBe(
      "no data: 'RTM-NWE-A-1x3' has no history yet",
    );
    expect(cellErrorFromFailure(new Error("boom"), subject)).toMatchObject({ code: "#N/A", message: expect.stringMatching(/unexpected.*boom/) });
    expect(cellErrorFromFailure("weird", { what: "x" }).code).toBe("#N/A");
  });

  it("tells unknown symbol from no data with the catalogue when the service sends a bare 404", async () => {
    const bare = errorNamed("NotFoundError", "Not found.", { path, status: 404 });
    const source = new FixtureSource({
      listIndexes: [{ symbol: SYMBOL, hub: "NWE", grade: "A", leadTime: "1x3", description: "", isActive: true }],
    });
    expect((await cellErrorFor(bare, subject, source)).message).toMatch(/^no data: 'RTM-NWE-A-1x3'/);
    expect((await cellErrorFor(bare, { symbol: "NOPE", what: "history" }, source)).message).toMatch(/^unknown index 'NOPE'/);
    expect((await cellErrorFor(bare, { what: "methodology" }, source)).message).toBe("methodology is not published by this service");
    const forward = { symbol: SYMBOL, what: "forward curve", newerOnly: true };
    expect((await cellErrorFor(bare, forward, source)).message).toMatch(/^no forward curve for 'RTM-NWE-A-1x3': this service does not publish one/);
    expect((await cellErrorFor(bare, { symbol: "rtm-nwe-a-1x3", what: "history" }, source)).message).toBe(
      'Index "rtm-nwe-a-1x3" not found; symbols are case-sensitive: did you mean "RTM-NWE-A-1x3"?',
    );
    const wrongUrl = errorNamed("NotFoundError", "Not found.", { path: "/api/v1/indexes", status: 404 });
    expect(await cellErrorFor(wrongUrl, { what: "the index list" }, source)).toMatchObject({
      code: "#VALUE!",
      message: "the index list was not found at the service URL: check the service URL in the taskpane settings (the service's root, without /api)",
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
    const result = await evaluate({ source: hanging, caps: { formattedNumbers: false }, settleMs: 30 }, "history", () => async () => {
      await hanging.history(SYMBOL);
      return 1;
    });
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
