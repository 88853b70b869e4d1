import { cellErrorFromFailure } from "../../src/formulas/service-errors";
import { engineFor, SYMBOLS, sent, startService, statuses, stopAll } from "./helpers";

afterEach(stopAll);

describe("the engine's own refusal is not the service's", () => {
  test("cells beyond the queue's bound get a queue-full error with the bound, and their cell says Refresh retries them", async () => {
    const service = await startService({ rateLimitWindowMs: 60_000 });
    const engine = engineFor(service, { rateWindowMs: 60_000, maxQueueWaitMs: 2000, initialLimit: 5 });
    const cells = Array.from({ length: 12 }, (_, i) =>
      engine.volatility(SYMBOLS[i % SYMBOLS.length] as string, 10 + i),
    );
    const outcomes = await Promise.allSettled(cells);
    const refused = outcomes.flatMap((o) =>
      o.status === "rejected" ? [o.reason as Error & { maxQueueWaitMs?: number }] : [],
    );
    // The fault: the service never refused anything; the engine's queue did, without sending those requests.
    expect(statuses(service).filter((s) => s === 429)).toEqual([]);
    expect(sent(service).length + refused.length).toBe(12);
    expect(refused.length).toBeGreaterThan(0);
    for (const error of refused) {
      expect(error.name).toBe("QueueFullError");
      expect(error.maxQueueWaitMs).toBe(2000);
      expect(error.message).toMatch(
        /^Not sent: too many cells are waiting for the service; the queue holds at most 2 s of requests \(5 requests a minute for this tier\), and this one would wait about \d+ s\. Refresh to retry them; an API key gives a higher limit\.$/,
      );
      const cell = cellErrorFromFailure(error, { symbol: "RTM-NWE-A-1x3", what: "volatility" });
      expect(cell.code).toBe("#N/A");
      expect(cell.message).toMatch(
        /^waiting for its turn under the service's rate limit \(more than 2 s of requests queued\); Refresh in about \d+ s asks again$/,
      );
    }
  });
});
