import { STATUS_CODES } from "node:http";

/** The service's error body, which every gateway error uses too: `{ statusCode, error, code, message }`. */
interface ErrorBody {
  readonly statusCode: number;
  readonly error: string;
  readonly code: string;
  readonly message: string;
}

/** An answer the gateway gives itself (401, 400, 429, 503...), in the service's error shape. */
export class GatewayError extends Error {
  override readonly name = "GatewayError";

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Readonly<Record<string, string>> = {},
    /** Why, for the metrics of refusals (e.g. a 429's `line-full`); absent: the code says it. */
    readonly reason?: string,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return {
      statusCode: this.statusCode,
      error: STATUS_CODES[this.statusCode] ?? "Error",
      code: this.code,
      message: this.message,
    };
  }
}
