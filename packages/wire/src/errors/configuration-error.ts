import { withFacts } from "./index-data-error";

/** The client was set up wrongly (bad base URL, API key over plain http, bad option); no request was sent. */
export class ConfigurationError extends withFacts<{
  /** `redirect-elsewhere`: the origin the service redirected to (only the origin: the rest is the service's). */
  readonly redirectedTo?: string;
}>("redirectedTo") {
  override readonly name = "ConfigurationError" as const;
}
