/* eslint-disable no-control-regex -- these tests look for control characters */
import { runInNewContext } from "node:vm";
import { errorFromResponse, FAULT_KINDS, faultOf, stripControl, type Fault } from "@index-data/wire/errors";
import { faultWithCatalogue, type IndexDataSource } from "../../src/client";
import { ERROR_CLASS_NAMES, errorNamed } from "./fault-samples";

const HISTORY = "/api/v1/index/RTM-NWE-A-1x3/history";

describe("faultOf: one classifier for every audience", () => {
  it("gives each class of the family its own kind, and anything else 'unexpected'", () => {
    const kinds = ERROR_CLASS_NAMES.filter((name) => name !== "NotFoundError").map(
      (name) => faultOf(errorNamed(name)).kind,
    );
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const kind of kinds) expect(FAULT_KINDS).toContain(kind);
    expect(faultOf(new Error("boom"))).toMatchObject({ kind: "unexpected", details: { message: "boom" } });
    expect(faultOf("weird")).toMatchObject({ kind: "unexpected", details: {}, cause: "weird" });
    expect(faultOf(new DOMException("signal timed out", "TimeoutError")).kind).toBe("timeout");
  });

  it("reads the details by name, so an error from another realm is classified the same", () => {
    const foreign: unknown = runInNewContext(
      '(() => { const e = new Error("Slow down."); e.name = "RateLimitedError"; e.retryAfterSeconds = 3; return e; })()',
    );
    expect(faultOf(foreign)).toMatchObject({
      kind: "rate-limited",
      details: { message: "Slow down.", retryAfterSeconds: 3 },
    });
  });

  it("keeps the service's own words apart from the client's plain message", () => {
    const refused = faultOf(errorFromResponse(401, { code: "INVALID_KEY", message: "Key revoked" }, HISTORY));
    expect(refused.details).toMatchObject({
      serviceMessage: "Key revoked",
      code: "INVALID_KEY",
      status: 401,
      path: HISTORY,
    });
    expect(refused.details.message).toBe(`HTTP 401 from ${HISTORY}: Key revoked.`);
  });

  it.each([
    [{ code: "UNKNOWN_SYMBOL" }, HISTORY, { symbol: "X", what: "history" }, "unknown-symbol"],
    [{ code: "NO_DATA" }, HISTORY, { symbol: "X", what: "history" }, "no-data"],
    [{}, HISTORY, { symbol: "X", what: "history" }, "not-found"],
    [{}, HISTORY, undefined, "not-found"],
    [{}, "/api/v1/methodology", { what: "the methodology" }, "not-published"],
    [{}, "/api/v1/methodology", undefined, "not-published"],
    [{}, "/api/v1/indexes", { what: "the index list" }, "wrong-base-url"],
    [{}, "/api/health", undefined, "wrong-base-url"],
  ] as const)("a 404 with %p at %s about %p is %s", (body, path, subject, kind) => {
    expect(faultOf(errorFromResponse(404, body, path), subject).kind).toBe(kind);
  });
});

describe("faultWithCatalogue: a symbol's bare 404 settled by the catalogue", () => {
  const catalogue = (symbols: readonly string[] | Error): IndexDataSource =>
    ({
      listIndexes: () =>
        symbols instanceof Error
          ? Promise.reject(symbols)
          : Promise.resolve({ data: symbols.map((symbol) => ({ symbol })) }),
    }) as unknown as IndexDataSource;
  const bare = faultOf(errorFromResponse(404, {}, HISTORY));
  const settle = (fault: Fault, symbol: string, source: IndexDataSource, newerOnly = false) =>
    faultWithCatalogue(fault, { symbol, what: "history", ...(newerOnly ? { newerOnly } : {}) }, source);

  it("tells unknown, wrong case, no data and an endpoint this service lacks apart", async () => {
    const source = catalogue(["RTM-NWE-A-1x3"]);
    expect((await settle(bare, "NOPE", source)).kind).toBe("unknown-symbol");
    expect(await settle(bare, "rtm-nwe-a-1x3", source)).toMatchObject({
      kind: "wrong-case",
      details: { meant: "RTM-NWE-A-1x3" },
    });
    expect((await settle(bare, "RTM-NWE-A-1x3", source)).kind).toBe("no-data");
    expect((await settle(bare, "RTM-NWE-A-1x3", source, true)).kind).toBe("not-published");
    const coded = faultOf(errorFromResponse(404, { code: "UNKNOWN_SYMBOL" }, HISTORY));
    expect(await settle(coded, "rtm-nwe-a-1x3", source)).toMatchObject({ kind: "wrong-case" });
  });

  it("leaves the fault as it is when the catalogue cannot be read, or for any other fault", async () => {
    expect(await settle(bare, "NOPE", catalogue(new Error("down")))).toBe(bare);
    const noData = faultOf(errorFromResponse(404, { code: "NO_DATA" }, HISTORY));
    expect(await settle(noData, "nope", catalogue(["NOPE"]))).toBe(noData);
    const server = faultOf(errorFromResponse(500, {}, HISTORY));
    expect(await settle(server, "NOPE", catalogue([]))).toBe(server);
  });
});

describe("stripControl: one rule for service text in cells, the taskpane and terminals", () => {
  const HOSTILE =
    '\u001b[2J\u001b[31mRed\u001b[0m "q"\u001b]0;pwned\u0007 a\r\nb\u009b1mC1\u0085end\u001bc\u0090dcs\u009c!';

  it("drops escape sequences whole, with their parameters, and every C0 and C1 character", () => {
    expect(stripControl(HOSTILE)).toBe('Red "q" abC1end!');
    expect(stripControl(HOSTILE, " ")).toBe('Red "q" a bC1 end!');
  });

  it("leaves no residue of an escape sequence in a service's error message", () => {
    const error = errorFromResponse(500, { message: "\u001b[2Jdisk\u001b[31m on\nfire\u009b0m" }, HISTORY);
    expect(error.message).toBe(`HTTP 500 from ${HISTORY}: disk on fire.`);
    expect(error.message).not.toMatch(/\[2J|\[31m|[\u0000-\u001f\u007f-\u009f]/);
  });
});
