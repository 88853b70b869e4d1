import type { Socket } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import { RATE_LIMIT_HEADERS } from "./rate-limit";
import { ServiceError, errorBody, type ErrorCode } from "./service-error";

/**
 * The CORS headers of a simple response. @fastify/cors adds them in an onRequest hook; these are for
 * the answers given before any hook runs (bad URL, parser errors), so a browser can still read them.
 */
const CORS_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": RATE_LIMIT_HEADERS.join(", "),
};

/** What the service says for each error Fastify raises itself, instead of Fastify's own wording. */
const FASTIFY_ERRORS: Readonly<Record<string, readonly [number, ErrorCode, string]>> = {
  FST_ERR_BAD_URL: [
    400,
    "INVALID_URL",
    "The URL is not valid percent-encoding. Encode the symbol with encodeURIComponent.",
  ],
  FST_ERR_MAX_PARAM_LENGTH: [414, "URI_TOO_LONG", "The URL is too long. No symbol is that long."],
  FST_ERR_CTP_INVALID_JSON_BODY: [
    400,
    "INVALID_BODY",
    "The request body is not valid JSON. No endpoint of this service takes a body.",
  ],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "INVALID_BODY", "The request says it has a JSON body but sends none."],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, "INVALID_BODY", "The request body does not match its Content-Length."],
  FST_ERR_CTP_BODY_TOO_LARGE: [
    413,
    "PAYLOAD_TOO_LARGE",
    "The request body is too large. No endpoint of this service takes a body.",
  ],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    "UNSUPPORTED_MEDIA_TYPE",
    "Unsupported Content-Type. No endpoint of this service takes a body.",
  ],
};

/** Codes for other 4xx statuses Fastify or a plugin may raise. */
const CODE_OF_STATUS: Readonly<Record<number, ErrorCode>> = {
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  413: "PAYLOAD_TOO_LARGE",
  414: "URI_TOO_LONG",
  415: "UNSUPPORTED_MEDIA_TYPE",
  431: "HEADERS_TOO_LARGE",
};

/** Any error thrown while answering, as the service's own error; undefined when it is a server fault (5xx). */
export function asServiceError(error: unknown): ServiceError | undefined {
  if (error instanceof ServiceError) return error;
  const fields = typeof error === "object" && error !== null ? (error as { code?: unknown; statusCode?: unknown }) : {};
  const known = typeof fields.code === "string" ? FASTIFY_ERRORS[fields.code] : undefined;
  if (known !== undefined) return new ServiceError(...known);
  const status = Number(fields.statusCode);
  if (!(status >= 400 && status < 500)) return undefined;
  const message = error instanceof Error && error.message !== "" ? error.message : "Bad request.";
  return new ServiceError(status, CODE_OF_STATUS[status] ?? "BAD_REQUEST", message);
}

/** Fastify's `frameworkErrors`: bad URL encoding and over-long parameters, met while routing, before any hook. */
export function answerFrameworkError(error: unknown, _request: FastifyRequest, reply: FastifyReply): void {
  const serviceError = asServiceError(error) ?? new ServiceError(400, "BAD_REQUEST", "Bad request.");
  void reply.code(serviceError.statusCode).headers(CORS_RESPONSE_HEADERS).send(serviceError.toBody());
}

/** What Node's HTTP parser failed on, in the service's words. */
function clientErrorOf(code: unknown): ServiceError {
  if (code === "HPE_HEADER_OVERFLOW") {
    return new ServiceError(
      431,
      "HEADERS_TOO_LARGE",
      "The request line and headers are larger than the server reads (64 KB). Send a shorter URL or fewer headers.",
    );
  }
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return new ServiceError(408, "REQUEST_TIMEOUT", "The request was not received in time.");
  }
  return new ServiceError(400, "BAD_REQUEST", "The request is not valid HTTP/1.1.");
}

/**
 * Fastify's `clientErrorHandler`: the request never became a request (Node's parser refused it), so
 * the answer is written to the socket by hand, with the same JSON body and CORS headers as any other error.
 */
export function answerClientError(error: Error & { code?: unknown }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed || !socket.writable) return;
  const serviceError = clientErrorOf(error.code);
  const body = JSON.stringify(errorBody(serviceError.statusCode, serviceError.code, serviceError.message));
  const head = [
    `HTTP/1.1 ${serviceError.statusCode} ${serviceError.toBody().error}`,
    "content-type: application/json; charset=utf-8",
    `content-length: ${Buffer.byteLength(body)}`,
    ...Object.entries(CORS_RESPONSE_HEADERS).map(([name, value]) => `${name}: ${value}`),
    "connection: close",
  ];
  // end(), not destroy(): destroying with unread request bytes makes the kernel send a reset, and the
  // client then sees ECONNRESET instead of this answer.
  socket.end(`${head.join("\r\n")}\r\n\r\n${body}`);
}
