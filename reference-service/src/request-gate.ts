import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ServiceError } from "./service-error";

/** Longest request target (path and query) answered; longer gets 414. Common proxies stop at 8 KB too. */
export const MAX_URL_LENGTH = 8 * 1024;
/** Most header bytes (names and values) answered; more gets 431. Node's own default limit. */
const MAX_HEADER_BYTES = 16 * 1024;
/**
 * What Node's parser reads of the request line and headers (its `maxHeaderSize`). Set well above the
 * two limits above so that they, not the parser, answer: the parser can only say 431, even for a long URL.
 */
export const PARSER_HEADER_LIMIT = 64 * 1024;

/** Every route of this service is a GET; HEAD and OPTIONS (CORS preflight) come with it. */
const ALLOWED_METHODS = "GET, HEAD, OPTIONS";
const READ_ONLY_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

function headerBytes(request: FastifyRequest): number {
  // rawHeaders alternates names and values; each line is "name: value\r\n".
  return request.raw.rawHeaders.reduce((sum, part) => sum + Buffer.byteLength(part) + 2, 0);
}

/** A query parameter given more than once is refused by name, whatever the route does with it. */
function repeatedQueryParameter(query: unknown): [string, number] | undefined {
  if (typeof query !== "object" || query === null) return undefined;
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) return [name, value.length];
  }
  return undefined;
}

/**
 * Checks every request before its body is read: size limits, the method, repeated query parameters.
 * A preParsing hook: after the rate limiter (so the answer carries its headers and counts), before the
 * body parser (so a POST to a GET route is 405 whatever it carries).
 */
export function requestGate(app: FastifyInstance) {
  return async <Payload>(request: FastifyRequest, reply: FastifyReply, payload: Payload): Promise<Payload> => {
    if (request.url.length > MAX_URL_LENGTH) {
      throw new ServiceError(
        414,
        "URI_TOO_LONG",
        `The URL is ${request.url.length} characters long; this service reads at most ${MAX_URL_LENGTH}.`,
      );
    }
    const bytes = headerBytes(request);
    if (bytes > MAX_HEADER_BYTES) {
      throw new ServiceError(
        431,
        "HEADERS_TOO_LARGE",
        `The request headers are ${bytes} bytes; this service reads at most ${MAX_HEADER_BYTES}.`,
      );
    }
    const path = request.url.split("?")[0] ?? "";
    if (!READ_ONLY_METHODS.has(request.method) && app.findRoute({ method: "GET", url: path }) !== null) {
      reply.header("allow", ALLOWED_METHODS);
      throw new ServiceError(
        405,
        "METHOD_NOT_ALLOWED",
        `${request.method} is not allowed on ${path}; it answers ${ALLOWED_METHODS}.`,
      );
    }
    const repeated = request.is404 ? undefined : repeatedQueryParameter(request.query);
    if (repeated !== undefined) {
      const [name, times] = repeated;
      throw new ServiceError(400, "BAD_REQUEST", `Query parameter "${name}" is given ${times} times; give it once.`);
    }
    return payload;
  };
}
