/** Error codes of the JSON error body. */
export type ErrorCode =
  | "UNKNOWN_SYMBOL"
  | "NO_DATA"
  | "NOT_FOUND"
  | "INVALID_DATE"
  | "INVALID_DATE_RANGE"
  | "INVALID_GRANULARITY"
  | "INVALID_WINDOW"
  | "BAD_REQUEST"
  | "INVALID_URL"
  | "INVALID_BODY"
  | "METHOD_NOT_ALLOWED"
  | "PAYLOAD_TOO_LARGE"
  | "URI_TOO_LONG"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "HEADERS_TOO_LARGE"
  | "REQUEST_TIMEOUT"
  | "UNAUTHORIZED"
  | "API_KEY_REVOKED"
  | "RATE_LIMITED"
  | "INTERNAL_ERROR"
  | "SERVICE_UNAVAILABLE";

/** The body of every error response: `{ statusCode, error, code, message }`. */
interface ErrorBody {
  readonly statusCode: number;
  readonly error: string;
  readonly code: string;
  readonly message: string;
}

const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  413: "Payload Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** An error the service answers with its own status and JSON body. */
export class ServiceError extends Error {
  override readonly name = "ServiceError";

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return errorBody(this.statusCode, this.code, this.message);
  }
}

export function errorBody(statusCode: number, code: string, message: string): ErrorBody {
  return { statusCode, error: REASON_PHRASES[statusCode] ?? "Error", code, message };
}
