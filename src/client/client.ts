import { systemClock } from "@index-data/wire/time";
import { ConfigurationError, NotFoundError, symbolSegment } from "@index-data/wire";
import { decode, requestJson } from "./http";
import type { ClientOptions } from "./options";
import { resolveOptions, type ResolvedOptions } from "./resolve-options";
import { CorrectionsWire, type Correction } from "./correction-wire";
import {
  ResourceMethods,
  resourceOf,
  type Answered,
  type ArgsOf,
  type DataOf,
  type ResourceName,
} from "@index-data/wire";

/** Per-call options. */
export interface CallOptions {
  /** Aborts the request; the call then rejects with the signal's reason. @default undefined */
  readonly signal?: AbortSignal;
}

/**
 * The typed client of the Index Data Service: one method per endpoint (methods.generated.ts), each returning a
 * validated domain value or rejecting with an IndexDataError; `withResponse` returns the value with the facts of
 * its response. Immutable; `extend` derives a client with changed options.
 */
export class IndexDataClient extends ResourceMethods {
  readonly options: Readonly<ClientOptions>;
  readonly #resolved: ResolvedOptions;

  /** Throws ConfigurationError for an unusable base URL, an API key over plain http, or a bad option. */
  constructor(options: ClientOptions) {
    super();
    this.#resolved = resolveOptions(options);
    this.options = Object.freeze({ ...options });
  }

  /** A new client with these options replaced; this one is unchanged. */
  extend(overrides: Partial<ClientOptions>): IndexDataClient {
    return new IndexDataClient({ ...this.options, ...overrides });
  }

  /** GET of one resource row (resources/table.ts), answering the validated value (see `withResponse`). */
  async call<N extends ResourceName>(name: N, args: ArgsOf<N>, init?: CallOptions): Promise<DataOf<N>> {
    return (await this.withResponse(name, args, init)).data;
  }

  /**
   * GET of one resource row with the facts of its response (when produced, served stale by the desk gateway, the
   * rate limit): the symbol checked by the one symbol rule before any URL is built, the query from the arguments,
   * the answer validated against the row's wire schema.
   */
  async withResponse<N extends ResourceName>(
    name: N,
    args: ArgsOf<N>,
    init?: CallOptions,
  ): Promise<Answered<DataOf<N>>> {
    const row = resourceOf(name);
    const path = row.path.includes("{symbol}") ? row.path.replace("{symbol}", symbolSegment(args[0])) : row.path;
    const lenient = row.answers !== undefined;
    const response = await requestJson(this.#resolved, {
      path,
      query: row.query?.(args),
      signal: init?.signal,
      maxBytes: row.maxBytes,
      ...(lenient ? { acceptStatuses: row.answers, lenientBody: true } : {}),
    });
    const body = lenient && (typeof response.body !== "object" || response.body === null) ? {} : response.body;
    const data = row.toData(decode(row.wire, { ...response, body }), args, response.status);
    const ageMs = response.servedStaleAgeMs ?? 0;
    const meta = {
      producedAt: new Date((this.options.clock ?? systemClock).now() - ageMs).toISOString(),
      servedStale: response.servedStaleAgeMs !== undefined,
      rateLimit: response.rateLimit,
    };
    return { data, meta };
  }

  /**
   * The desk gateway's corrections (`GET /gateway/corrections`, docs/corrections.md): the days the service published
   * again differently, as the desk first saw them and now, of `symbol`, newly seen at or after `since` (ISO 8601).
   * Only a gateway answers it; a service refuses (404).
   */
  async gatewayCorrections(symbol: string, since: string, init?: CallOptions): Promise<readonly Correction[]> {
    const path = "/gateway/corrections";
    const response = await requestJson(this.#resolved, { path, query: { since, symbol }, signal: init?.signal }).catch(
      (error: unknown) => {
        if (!(error instanceof NotFoundError)) throw error;
        throw new ConfigurationError(
          `${this.#resolved.baseUrl} is set as the desk's gateway but has no ${path}: untick "This URL is my desk's Index Data gateway" in Settings, or use the gateway's URL.`,
          { path, cause: error },
        );
      },
    );
    return decode(CorrectionsWire, response).corrections;
  }
}
