import type { z } from "zod";
import type { ErrorSubject } from "../errors/fault";

/** One query parameter's value as a resource row gives it (undefined: left out). */
export type QueryValue = string | number | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** Time-to-live lengths the resource rows use, in ms. */
export const TTL = { SECOND, MINUTE, HOUR } as const;

/**
 * One endpoint of the service, described once. The client requests and validates it from this row, the engine
 * caches it by `key` under its kind's time-to-live, the gateway serves its route, and every source has a method
 * named after its row in `RESOURCES` (table.ts). `A` is the arguments of that method, `T` what it answers.
 */
export interface Resource<A extends readonly unknown[], W extends z.ZodType, T, K extends string> {
  /** The path below the base URL; `{symbol}` stands for the first argument, checked and encoded by the client. */
  readonly path: string;
  /**
   * What the endpoint answers, in words, and which description alone publishes it: the one place every audience's
   * failure wording reads it from (`subjectOf` adds the symbol of the request).
   */
  readonly subject: Omit<ErrorSubject, "symbol">;
  /** The spec's schema of the answer: an answer that fails it is an InvalidResponseError, never a value. */
  readonly wire: W;
  /** The validated answer as the add-in's value; `httpStatus` matters where a status is the answer (health). */
  readonly toData: (wire: z.output<W>, args: A, httpStatus: number) => T;
  /** The query as sent, from the arguments; refuses arguments that cannot be sent. @default no query */
  readonly query?: (args: A) => Query;
  /** Query names the service reads, older spellings too: the gateway passes on only these. @default none */
  readonly parameters?: readonly string[];
  /**
   * The time-to-live kinds of its answers, with their default lengths. A resource with one kind is always that
   * kind; one with more says which in `kindOf`, from the query as sent.
   */
  readonly ttls: Readonly<Record<K, number>>;
  readonly kindOf?: (query: Readonly<Record<string, QueryValue | null>>, now: number) => K;
  /** The arguments spelled one way, so that two spellings of one resource share one request. @default as given */
  readonly canonical?: (args: A) => A;
  /** One distinct resource's cache key, from canonical arguments; read only through `keyOf` (table.ts). */
  readonly key: (args: A) => string;
  /** Largest answer read, in bytes. @default MAX_ANSWER_BYTES */
  readonly maxBytes?: number;
  /**
   * Statuses that are the service's answer rather than an error (the health check's 503); their body, and a
   * body that is not JSON, is read leniently (as an empty object). @default none
   */
  readonly answers?: readonly number[];
}

/** The arguments of a row's method (its `key` takes them, canonical). */
export type RowArgs<R extends { readonly key: (args: never) => string }> = Parameters<R["key"]>[0];
/** What a row's method answers (its `toData` makes it). */
export type RowData<R extends { readonly toData: (...args: never[]) => unknown }> = ReturnType<R["toData"]>;

/** Checks a row's types where it is written (one place per endpoint: its own module). */
export function resource<A extends readonly unknown[], W extends z.ZodType, T, K extends string>(
  row: Resource<A, W, T, K>,
): Resource<A, W, T, K> {
  return row;
}

/**
 * A row for a resource of the whole service (no arguments, one answer): cached under `name`, its only kind, for
 * `ttl`. The row's other fields are as in `resource`.
 */
export function serviceWide<N extends string, W extends z.ZodType, T>(
  name: N,
  path: string,
  wire: W,
  toData: (wire: z.output<W>) => T,
  row: { readonly subject: Resource<[], W, T, N>["subject"]; readonly ttl: number },
): Resource<[], W, T, N> {
  return {
    path,
    subject: row.subject,
    wire,
    toData: (answer) => toData(answer),
    ttls: { [name]: row.ttl } as Record<N, number>,
    key: () => name,
  };
}

/** A symbol as the key and the request use it: trimmed (a cell may carry spaces); anything else as given. */
export function symbolKey(symbol: string): string {
  return typeof symbol === "string" ? symbol.trim() : symbol;
}

/** The arguments with the symbol (the first) trimmed: the canonical spelling of a symbol resource. */
export function trimmedSymbol<A extends readonly [string, ...unknown[]]>([symbol, ...rest]: A): A {
  return [symbolKey(symbol), ...rest] as unknown as A;
}
