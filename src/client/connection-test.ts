import { IndexDataClient, type CallOptions } from "./client";
import { isIndexDataError } from "@index-data/wire";
import type { IndexDataError } from "@index-data/wire";
import type { RateLimitInfo } from "@index-data/wire";
import type { ClientOptions } from "./options";
import { tierFromLimit, type Tier } from "@index-data/wire";

export type ConnectionReport =
  | {
      readonly ok: true;
      readonly indexCount: number;
      /** Absent when the service sends no rate-limit headers. */
      readonly rateLimit?: RateLimitInfo | undefined;
      readonly tier: Tier;
    }
  | { readonly ok: false; readonly error: IndexDataError };

/**
 * Tries these options with one catalogue request (present in both descriptions) and reports the tier and limit
 * the service announces, or the exact failure (unauthorized, unreachable, wrong URL...). Never rejects with an
 * IndexDataError; it is returned instead.
 */
export async function testConnection(options: ClientOptions, init?: CallOptions): Promise<ConnectionReport> {
  let rateLimit: RateLimitInfo | undefined;
  try {
    const client = new IndexDataClient({
      ...options,
      onResponse: (info) => {
        rateLimit = info.rateLimit ?? rateLimit;
        options.onResponse?.(info);
      },
    });
    const indexes = await client.call("listIndexes", [], init);
    const keySent = client.options.apiKey !== undefined && client.options.apiKey.trim() !== "";
    const tier = rateLimit !== undefined ? tierFromLimit(rateLimit.limit, keySent) : "unknown";
    return { ok: true, indexCount: indexes.length, tier, rateLimit };
  } catch (error) {
    if (isIndexDataError(error)) return { ok: false, error };
    throw error;
  }
}
