import { withFacts } from "./index-data-error";

/** No complete response (headers and body) within the client's timeout. */
export class TimeoutError extends withFacts<{ readonly timeoutMs: number }>("timeoutMs") {
  override readonly name = "TimeoutError" as const;
}
