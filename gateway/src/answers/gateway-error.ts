import { STATUS_CODES } from "node:http";
import { safeText } from "./safe-text";

/** The service's error body, which every gateway error uses too: `{ statusCode, error, code, message }`. */
interface ErrorBody {
  readonly statusCode: number;
  readonly error: string;
  readonly code: string;
  readonly message: string;
}

/** Longest message an error carries: every one the gateway writes fits; a copied text cannot make it grow. */
const MAX_MESSAGE_BYTES = 1024;

/**
 * An answer the gateway gives itself (401, 400, 429, 503...), in the service's error shape. Its message is made safe
 * once, here (safe-text.ts): whatever it quotes (a path, a reason, a claim) reaches the caller's cell or terminal
 * with no control or bidirectional character and within a bound.
 */
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
    super(safeText(message, MAX_MESSAGE_BYTES));
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
