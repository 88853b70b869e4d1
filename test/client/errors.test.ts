import { runInNewContext } from "node:vm";
import * as family from "@index-data/wire/errors";
import {
  errorFromResponse,
  INDEX_DATA_ERROR_NAMES,
  IndexDataError,
  isIndexDataError,
  isRateLimitedError,
} from "@index-data/wire/errors";
import { ERROR_CLASS_NAMES, errorNamed } from "./fault-samples";

const {
  BadRequestError,
  InvalidResponseError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  ServiceUnavailableError,
  UnauthorizedError,
} = family;

const PATH = "/api/v1/index/RTM-NWE-A-1x3/latest";

function body(statusCode: number, code: string, message: string) {
  return { statusCode, error: "x", code, message };
}

describe("errorFromResponse: one mapping from HTTP status to the error family", () => {
  it.each([
    [400, BadRequestError, "BadRequestError"],
    [422, BadRequestError, "BadRequestError"],
    [401, UnauthorizedError, "UnauthorizedError"],
    [403, UnauthorizedError, "UnauthorizedError"],
    [404, NotFoundError, "NotFoundError"],
    [429, RateLimitedError, "RateLimitedError"],
    [500, ServerError, "ServerError"],
    [502, ServerError, "ServerError"],
    [503, ServiceUnavailableError, "ServiceUnavailableError"],
    [302, InvalidResponseError, "InvalidResponseError"],
  ] as const)("%i -> %p", (status, type, name) => {
    const error = errorFromResponse(status, body(status, "SOME_CODE", "Service says no."), PATH);
    expect(error).toBeInstanceOf(type);
    expect(error).toBeInstanceOf(IndexDataError);
    expect(error.name).toBe(name);
    expect(error.status).toBe(status);
    expect(error.path).toBe(PATH);
    if (status !== 302) {
      expect(error.code).toBe("SOME_CODE");
      expect(error.message).toContain("Service says no.");
    }
  });

  it("states the facts of a 404 and leaves its meaning to faultOf (no advice of its own)", () => {
    const unknown = errorFromResponse(404, body(404, "UNKNOWN_SYMBOL", 'No index with symbol "FOO".'), PATH);
    expect(unknown.message).toBe(`HTTP 404 from ${PATH}: No index with symbol "FOO".`);
    const noData = errorFromResponse(404, body(404, "NO_DATA", 'Index "X" exists but has no data yet.'), PATH);
    expect(noData.code).toBe("NO_DATA");
    expect(noData.message).toContain("has no data yet");
    const route = errorFromResponse(
      404,
      { statusCode: 404, error: "Not Found", message: "Route GET:/api/v1/methodology not found" },
      "/api/v1/methodology",
    );
    expect(route.message).toBe("HTTP 404 from /api/v1/methodology: Route GET:/api/v1/methodology not found.");
    const catalogue = errorFromResponse(404, "<html>Not Found</html>", "/api/v1/indexes");
    expect(catalogue.message).toBe("HTTP 404 from /api/v1/indexes");
  });

  it("reads Retry-After in seconds and as an HTTP-date", () => {
    const seconds = errorFromResponse(
      429,
      body(429, "RATE_LIMITED", "Slow down."),
      PATH,
      new Headers({ "retry-after": "17" }),
    );
    expect(isRateLimitedError(seconds) && seconds.retryAfterSeconds).toBe(17);
    expect(seconds.message).toBe(`HTTP 429 from ${PATH}: Slow down.`);
    const at = new Date(Date.now() + 42_000).toUTCString();
    const dated = errorFromResponse(429, undefined, PATH, new Headers({ "retry-after": at }));
    expect(isRateLimitedError(dated) ? dated.retryAfterSeconds : -1).toBeGreaterThanOrEqual(40);
    expect(isRateLimitedError(dated) ? dated.retryAfterSeconds : 99).toBeLessThanOrEqual(43);
    const none = errorFromResponse(429, undefined, PATH);
    expect(isRateLimitedError(none) && none.retryAfterSeconds).toBeUndefined();
  });

  it("tolerates any body: text, HTML, problem+json, arrays, nothing", () => {
    expect(errorFromResponse(500, "upstream exploded\n\tat line 3", PATH).message).toBe(
      `HTTP 500 from ${PATH}: upstream exploded at line 3.`,
    );
    expect(errorFromResponse(502, "<html><body>Bad gateway</body></html>", PATH).message).toMatch(/^HTTP 502 from/);
    expect(errorFromResponse(400, { title: "Bad", detail: "startDate is wrong" }, PATH).message).toBe(
      `HTTP 400 from ${PATH}: startDate is wrong.`,
    );
    expect(errorFromResponse(500, [1, 2], PATH).code).toBeUndefined();
    expect(errorFromResponse(500, undefined, PATH).message).toContain("HTTP 500");
    expect(errorFromResponse(500, { code: 12, message: "x".repeat(1000) }, PATH).message.length).toBeLessThan(500);
  });
});

describe("type guards", () => {
  const instances = ERROR_CLASS_NAMES.map((name) => errorNamed(name));
  /** Each class's guard, found by the naming rule `is` + class name, so a class without a guard fails. */
  const guards = ERROR_CLASS_NAMES.map(
    (name) => (family as unknown as Record<string, (value: unknown) => boolean>)[`is${name}`],
  );

  it("each guard accepts its own class and no other", () => {
    guards.forEach((guard, g) => {
      expect([ERROR_CLASS_NAMES[g], typeof guard]).toEqual([ERROR_CLASS_NAMES[g], "function"]);
      instances.forEach((instance, i) => expect([instance.name, guard?.(instance)]).toEqual([instance.name, g === i]));
    });
    expect(instances.every(isIndexDataError)).toBe(true);
  });

  it("gives every class a distinct literal name from the family list", () => {
    expect(new Set(instances.map((e) => e.name)).size).toBe(instances.length);
    for (const e of instances) expect(INDEX_DATA_ERROR_NAMES).toContain(e.name);
  });

  it("accepts errors from another realm and plain objects by name", () => {
    const foreign: unknown = runInNewContext(
      '(() => { const e = new Error("m"); e.name = "RateLimitedError"; e.retryAfterSeconds = 3; return e; })()',
    );
    expect(foreign instanceof Error).toBe(false);
    expect(isRateLimitedError(foreign)).toBe(true);
    expect(isIndexDataError(foreign)).toBe(true);
    expect(family.isNotFoundError({ name: "NotFoundError", message: "posted from the dialog" })).toBe(true);
  });

  it("rejects lookalikes: other names, non-objects, and the platform's TimeoutError DOMException", () => {
    expect(isIndexDataError(new Error("x"))).toBe(false);
    expect(isIndexDataError("NotFoundError")).toBe(false);
    expect(isIndexDataError(null)).toBe(false);
    expect(family.isTimeoutError(new DOMException("signal timed out", "TimeoutError"))).toBe(false);
    expect(family.isServerError({ name: "NotFoundError" })).toBe(false);
  });
});
