import { FLAGSHIP, record, serviceFor } from "./support";
import { rawRequest, type RawResponse } from "./raw-http";

const LATEST = `/api/v1/index/${FLAGSHIP}/latest`;

/** The service's own error: its JSON shape, its code, and CORS headers a browser needs to read it. */
function expectServiceError(response: RawResponse, status: number, code: string): Record<string, unknown> {
  expect(response.status).toBe(status);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  expect(response.headers["access-control-allow-origin"]).toBe("*");
  expect(response.headers["access-control-expose-headers"]).toContain("retry-after");
  const body = record(response.body);
  expect(body).toEqual({ statusCode: status, error: expect.any(String), code, message: expect.any(String) });
  expect(body.error).not.toBe("Error");
  return body;
}

describe.each(["newer", "older"] as const)("errors raised by the framework, %s description", (flavor) => {
  // Every request here is anonymous; a high limit keeps the suite clear of 429s.
  const service = serviceFor({ flavor, rateLimits: { anonymous: 10_000 } });
  const ownPath = flavor === "newer" ? `/api/v1/index/${FLAGSHIP}/forward` : "/api/v1/methodology";
  const otherPath = flavor === "newer" ? "/api/v1/methodology" : "/api/status";
  afterEach(() => service().resetRequestLog());

  test("bad percent-encoding in the path is 400 INVALID_URL", async () => {
    const body = expectServiceError(
      await rawRequest(service(), "GET /api/v1/index/%E0%A4%A/latest HTTP/1.1"),
      400,
      "INVALID_URL",
    );
    expect(body.message).toBe("The URL is not valid percent-encoding. Encode the symbol with encodeURIComponent.");
  });

  test("a 20 KB query string is 414 URI_TOO_LONG, not a reset", async () => {
    const path = `/api/v1/indexes?q=${"a".repeat(20 * 1024)}`;
    const body = expectServiceError(await rawRequest(service(), `GET ${path} HTTP/1.1`), 414, "URI_TOO_LONG");
    expect(service().requests.at(-1)).toMatchObject({ path, status: 414 });
    expect(body.message).toBe(`The URL is ${path.length} characters long; this service reads at most 8192.`);
  });

  test("a symbol longer than any URL the service reads is 414 as well", async () => {
    const response = await rawRequest(service(), `GET /api/v1/index/${"A".repeat(9000)}/latest HTTP/1.1`);
    expect(expectServiceError(response, 414, "URI_TOO_LONG").message).toBe(
      "The URL is too long. No symbol is that long.",
    );
  });

  test("a long but readable symbol is an unknown symbol, 404", async () => {
    expectServiceError(
      await rawRequest(service(), `GET /api/v1/index/${"A".repeat(200)}/latest HTTP/1.1`),
      404,
      "UNKNOWN_SYMBOL",
    );
  });

  test("20 KB of headers is 431 HEADERS_TOO_LARGE", async () => {
    const response = await rawRequest(service(), `GET /api/v1/indexes HTTP/1.1\r\nX-Padding: ${"b".repeat(20 * 1024)}`);
    const body = expectServiceError(response, 431, "HEADERS_TOO_LARGE");
    expect(body.message).toMatch(/^The request headers are \d+ bytes; this service reads at most 16384\.$/);
  });

  test("headers past what Node's parser reads (100 KB) get the same 431 JSON, not a reset", async () => {
    const response = await rawRequest(
      service(),
      `GET /api/v1/indexes HTTP/1.1\r\nX-Padding: ${"b".repeat(100 * 1024)}`,
    );
    expect(expectServiceError(response, 431, "HEADERS_TOO_LARGE").message).toBe(
      "The request line and headers are larger than the server reads (64 KB). Send a shorter URL or fewer headers.",
    );
  });

  test("a request that is not HTTP is 400 BAD_REQUEST", async () => {
    const response = await rawRequest(service(), "NOT HTTP AT ALL");
    expect(expectServiceError(response, 400, "BAD_REQUEST").message).toBe("The request is not valid HTTP/1.1.");
  });

  test("a body that is not JSON is 400 INVALID_BODY", async () => {
    const head = "POST /api/v1/upload HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 9";
    const body = expectServiceError(await rawRequest(service(), head, "{not json"), 400, "INVALID_BODY");
    expect(body.message).toBe("The request body is not valid JSON. No endpoint of this service takes a body.");
  });

  test("a body over the limit is 413 PAYLOAD_TOO_LARGE", async () => {
    const head = "POST /api/v1/upload HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2000000";
    const body = expectServiceError(await rawRequest(service(), head, "{}"), 413, "PAYLOAD_TOO_LARGE");
    expect(body.message).toBe("The request body is too large. No endpoint of this service takes a body.");
  });

  test("unknown paths, and paths of the other description, are 404 NOT_FOUND with CORS", async () => {
    for (const path of ["/api/v2/indexes", otherPath]) {
      const body = expectServiceError(await rawRequest(service(), `GET ${path} HTTP/1.1`), 404, "NOT_FOUND");
      expect(body.message).toBe(
        `GET ${path} is not an endpoint of the ${flavor} description of the Index Data Service.`,
      );
    }
  });

  describe.each(["POST", "PUT", "DELETE", "PATCH"])("%s on a GET route", (method) => {
    test.each(["/api/v1/indexes", LATEST, `/api/v1/index/${FLAGSHIP}/history?startDate=2025-01-01`, "/api/health"])(
      "%s is 405 with Allow",
      async (path) => {
        const response = await rawRequest(service(), `${method} ${path} HTTP/1.1\r\nContent-Length: 0`);
        const body = expectServiceError(response, 405, "METHOD_NOT_ALLOWED");
        expect(response.headers.allow).toBe("GET, HEAD, OPTIONS");
        expect(body.message).toBe(`${method} is not allowed on ${path.split("?")[0]}; it answers GET, HEAD, OPTIONS.`);
        expect(service().requests.at(-1)).toMatchObject({ method, status: 405 });
      },
    );
  });

  test("405 on a route only this description has; 404 on one it lacks", async () => {
    const own = await rawRequest(service(), `POST ${ownPath} HTTP/1.1\r\nContent-Length: 0`);
    expectServiceError(own, 405, "METHOD_NOT_ALLOWED");
    expectServiceError(
      await rawRequest(service(), `POST ${otherPath} HTTP/1.1\r\nContent-Length: 0`),
      404,
      "NOT_FOUND",
    );
  });

  test("a POST to a GET route is 405 whatever its body: the body is not read", async () => {
    const head = `POST ${LATEST} HTTP/1.1\r\nContent-Type: text/x-unknown\r\nContent-Length: 9`;
    expectServiceError(await rawRequest(service(), head, "{not json"), 405, "METHOD_NOT_ALLOWED");
  });

  test("HEAD answers on a GET route, and a CORS preflight still works", async () => {
    expect((await rawRequest(service(), `HEAD ${LATEST} HTTP/1.1`)).status).toBe(200);
    const preflight = await rawRequest(
      service(),
      `OPTIONS ${LATEST} HTTP/1.1\r\nAccess-Control-Request-Method: GET\r\nAccess-Control-Request-Headers: x-api-key`,
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
    expect(preflight.headers["access-control-allow-methods"]).toBe("GET, HEAD, OPTIONS");
    expect(preflight.headers["access-control-allow-headers"]).toContain("X-API-Key");
  });

  test("a bare OPTIONS, without preflight headers, gets the same answer, not a text/plain 400", async () => {
    const response = await rawRequest(service(), `OPTIONS ${LATEST} HTTP/1.1`);
    expect(response.status).toBe(204);
    expect(response.headers["access-control-allow-methods"]).toBe("GET, HEAD, OPTIONS");
  });
});
