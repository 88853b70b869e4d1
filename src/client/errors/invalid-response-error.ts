import type { z } from "zod";
import { IndexDataError, type IndexDataErrorDetails } from "./index-data-error";

/** The service answered, but not with what the interface promises: not JSON, or a wrong shape. */
export class InvalidResponseError extends IndexDataError {
  override readonly name = "InvalidResponseError" as const;
  /** The zod issues; empty when the body was not JSON at all or the status was unexpected. */
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(message: string, details: IndexDataErrorDetails & { readonly issues?: readonly z.core.$ZodIssue[] }) {
    super(message, details);
    this.issues = details.issues ?? [];
  }
}
