/**
 * The one cap on what /mcp answers: every tool result, document read and batch answer, sized for a model's context.
 * A request's answer has this many bytes in all, its own request's bytes taken off (an answer's envelope is never
 * longer than the request's: the same id, `result` for `method`); a batch shares what is left equally among its
 * requests. Each tool and document fits itself into its room and says how to ask for the rest.
 */
export const MCP_ANSWER_BYTES = 100 * 1024;

/** Bytes one JSON-RPC request of a body of `bodyBytes` holding `requests` requests may answer with. */
export function roomOf(bodyBytes: number, requests: number): number {
  return Math.max(0, Math.floor((MCP_ANSWER_BYTES - bodyBytes) / Math.max(1, requests)));
}

/** Bytes of a value as JSON (what the answer carries of it). */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? "");
}

/** Bytes of a value as JSON inside a JSON string (a document's text is JSON, quoted again in the answer). */
export function quotedJsonBytes(value: unknown): number {
  return jsonBytes(JSON.stringify(value) ?? "") - 2;
}

/** KB, as the messages say a room. */
export function kb(bytes: number): string {
  return `${Math.max(1, Math.floor(bytes / 1024))} KB`;
}

/**
 * The newest items of `items` (ascending) whose JSON fits in `room` bytes, counted from the end: linear in what is
 * kept, so a long history costs only the part returned.
 */
export function newestFitting<T>(items: readonly T[], room: number, limit = Number.POSITIVE_INFINITY): T[] {
  let used = 2;
  let first = items.length;
  while (first > 0 && items.length - first < limit) {
    const size = jsonBytes(items[first - 1]) + 1;
    if (used + size > room) break;
    used += size;
    first -= 1;
  }
  return items.slice(first);
}

/** The items of `items` from `from` whose JSON fits in `room` bytes, at most `limit`. */
export function firstFitting<T>(
  items: readonly T[],
  from: number,
  room: number,
  limit: number,
  sizeOf: (item: T) => number = jsonBytes,
): T[] {
  let used = 2;
  let end = from;
  while (end < items.length && end - from < limit) {
    const size = sizeOf(items[end] as T) + 1;
    if (used + size > room) break;
    used += size;
    end += 1;
  }
  return items.slice(from, end);
}
