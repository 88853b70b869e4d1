import { IndexDataError, type IndexDataErrorDetails } from "./index-data-error";

/** The client was set up wrongly (bad base URL, API key over plain http, bad option); no request was sent. */
export class ConfigurationError extends IndexDataError {
  override readonly name = "ConfigurationError" as const;
  /** `redirect-elsewhere`: the origin the service redirected to (only the origin: the rest is the service's). */
  readonly redirectedTo: string | undefined;

  constructor(message: string, details: IndexDataErrorDetails & { readonly redirectedTo?: string }) {
    super(message, details);
    this.redirectedTo = details.redirectedTo;
  }
}
