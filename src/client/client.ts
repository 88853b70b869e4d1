import { symbolSegment } from "../wire";
import { decode, requestJson } from "./http";
import { markKeptStale } from "./kept-stale";
import type { ClientOptions } from "./options";
import { resolveOptions, type ResolvedOptions } from "./resolve-options";
import { methodPerResource, resourceOf, type ArgsOf, type DataOf, type ResourceName } from "../wire";

/** Per-call options. */
export interface CallOptions {
  /** Aborts the request; the call then rejects with the signal's reason. @default undefined */
  readonly signal?: AbortSignal;
}

/** One method per endpoint (named as in RESOURCES), answering the validated value. */
type ClientMethods = { readonly [N in ResourceName]: (...args: ArgsOf<N>) => Promise<DataOf<N>> };

/**
 * The typed client of the Index Data Service: one method per endpoint, each returning a validated domain
 * value or rejecting with an IndexDataError. Immutable; `extend` derives a client with changed options.
 */
export class IndexDataClient extends methodPerResource<ClientMethods>() {
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

  /**
   * GET of one resource row (resources/table.ts): the symbol checked by the one symbol rule before any URL is
   * built, the query from the arguments, the answer validated against the row's wire schema.
   */
  async call<N extends ResourceName>(name: N, args: ArgsOf<N>, init?: CallOptions): Promise<DataOf<N>> {
    const row = resourceOf(name);
    const path = row.path.includes("{symbol}") ? row.path.replace("{symbol}", symbolSegment(args[0])) : row.path;
    const lenient = row.answers !== undefined;
    const response = await requestJson(this.#resolved, {
      path,
      ...(row.query !== undefined ? { query: row.query(args) } : {}),
      signal: init?.signal,
      ...(row.maxBytes !== undefined ? { maxBytes: row.maxBytes } : {}),
      ...(lenient ? { acceptStatuses: row.answers, lenientBody: true } : {}),
    });
    const body = lenient && (typeof response.body !== "object" || response.body === null) ? {} : response.body;
    const data = row.toData(decode(row.wire, { ...response, body }), args, response.status);
    return response.keptStaleAgeMs === undefined ? data : markKeptStale(data, response.keptStaleAgeMs);
  }
}
