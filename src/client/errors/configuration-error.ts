import { IndexDataError } from "./index-data-error";

/** The client was set up wrongly (bad base URL, API key over plain http, bad option); no request was sent. */
export class ConfigurationError extends IndexDataError {
  override readonly name = "ConfigurationError" as const;
}
