/** One request as the client saw it: when it left and when its answer had been read. */
interface Exchange {
  readonly sentAt: number;
  answeredAt: number | undefined;
}

/**
 * A fetch that records when each request left and when its answer was read, to count the round trips on the
 * critical path of a run: a request sent before any answer arrived is on round trip 1; otherwise it is on one
 * more than the deepest request answered before it left (that answer may be what it waited for). This counts
 * every answer that came before as a possible cause, so it never undercounts.
 */
export class RoundTripLog {
  private readonly exchanges: Exchange[] = [];

  readonly fetch: typeof fetch = async (input, init) => {
    const exchange: Exchange = { sentAt: performance.now(), answeredAt: undefined };
    this.exchanges.push(exchange);
    const response = await fetch(input, init);
    const body = await response.arrayBuffer();
    exchange.answeredAt = performance.now();
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

  /** Round trips on the critical path of everything logged so far. */
  depth(): number {
    const sorted = [...this.exchanges].sort((a, b) => a.sentAt - b.sentAt);
    const depths = new Map<Exchange, number>();
    let deepest = 0;
    for (const exchange of sorted) {
      let before = 0;
      for (const [earlier, d] of depths)
        if ((earlier.answeredAt ?? Infinity) <= exchange.sentAt) before = Math.max(before, d);
      depths.set(exchange, before + 1);
      deepest = Math.max(deepest, before + 1);
    }
    return deepest;
  }

  get requests(): number {
    return this.exchanges.length;
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
