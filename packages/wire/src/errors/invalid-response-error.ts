import type { z } from "zod";
import { IndexDataError, type IndexDataErrorDetails } from "./index-data-error";

interface InvalidResponseFacts {
  readonly issues?: readonly z.core.$ZodIssue[];
  readonly issue?: string | undefined;
  readonly field?: string;
  readonly sent?: string;
  readonly maxBytes?: number;
}

/** The service answered, but not with what the interface promises: not JSON, or a wrong shape. */
export class InvalidResponseError extends IndexDataError {
  override readonly name = "InvalidResponseError" as const;
  /** The zod issues; empty when the body was not JSON at all or the status was unexpected. */
  readonly issues: readonly z.core.$ZodIssue[];
  /** `wrong-shape`: the first issue in words, with where it is ("expected number at values.0.value"). */
  readonly issue: string | undefined;
  /** `impossible-value`: the field, and the value sent (only when it is number-like; never other service text). */
  readonly field: string | undefined;
  readonly sent: string | undefined;
  /** `too-large`: the cap that was passed, in bytes. */
  readonly maxBytes: number | undefined;

  constructor(message: string, details: IndexDataErrorDetails & InvalidResponseFacts) {
    super(message, details);
    this.issues = details.issues ?? [];
    this.issue = details.issue;
    this.field = details.field;
    this.sent = details.sent;
    this.maxBytes = details.maxBytes;
  }
}
