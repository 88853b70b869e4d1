import type { RunningReferenceService } from "../../reference-service/src";
import type { RequestEngine } from "../../src/engine/request-engine";
import { USER_ACTION, cellCall } from "../../src/engine/cells/call-context";
import { SYMBOLS, engineFor, sent, startService, stopAll } from "./helpers";

afterEach(stopAll);

const [A, B, C, D] = SYMBOLS;

/**
 * An engine whose first request (the only one sent before the first answer: an opening burst of one) is held
 * until `queued` more wait in the queue, then `beforeRelease` runs. `order` lists the requests in the order
 * the engine sent them: the scheduler's order alone.
 */
async function heldEngine(queued: number, beforeRelease: (engine: RequestEngine) => void = () => undefined) {
  const service = await startService({ rateLimitWindowMs: 1500 });
  let release = (): void => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  const order: string[] = [];
  const gated: typeof fetch = async (input, init) => {
    order.push(String(input));
    if (!held) {
      held = true;
      await gate;
    }
    return fetch(input, init);
  };
  const engine = engineFor(service, { rateWindowMs: 1500, initialLimit: 6, budgetChannel: null }, { fetch: gated });
  const unsubscribe = engine.subscribe(() => {
    if (engine.snapshot().requestsQueued < queued) return;
    unsubscribe();
    beforeRelease(engine);
    release();
  });
  return { service, engine, order };
}

const cell = (address: string) => cellCall(address, false);

/** The symbol each request was for, in the order the engine sent them, once the service has received them all. */
function symbolsSent(service: RunningReferenceService, order: readonly string[]): string[] {
  expect(sent(service)).toHaveLength(order.length);
  return order.map((url) => SYMBOLS.find((s) => url.includes(`/${s}/`)) ?? url);
}

describe("the engine puts the user's action and visible cells first", () => {
  test("a visible cell's request and the user's own read go before the background cells queued earlier", async () => {
    const { service, engine, order } = await heldEngine(4);
    engine.setVisible((address) => address.startsWith("Sheet1!"));
    const calls = [
      engine.read("capacity", [A], cell("Sheet2!A1")), // sent first, held
      engine.read("volatility", [B, 10], cell("Sheet2!A2")),
      engine.read("volatility", [C, 10], cell("Sheet2!A3")),
      engine.read("volatility", [D, 10], cell("Sheet1!B2")),
      engine.read("forward", [A], USER_ACTION), // the taskpane's detail pane, asked last
    ];
    const results = await Promise.allSettled(calls);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
    expect(order[1]).toContain("/forward");
    expect(symbolsSent(service, order)).toEqual([A, A, D, B, C]);
  });

  test("a new visible set moves the waiting requests of the cells now in view ahead (read from the address index)", async () => {
    // Once they all wait, the user scrolls down: only row 900 is in view now.
    const { service, engine, order } = await heldEngine(3, (e) => e.setVisible((address) => address === "Sheet1!A900"));
    const calls = [
      engine.read("capacity", [A], cell("Sheet1!A1")), // sent first, held
      engine.read("volatility", [B, 10], cell("Sheet1!A2")),
      engine.read("volatility", [C, 10], cell("Sheet1!A3")),
      engine.read("volatility", [D, 10], cell("Sheet1!A900")),
    ];
    await Promise.all(calls);
    expect(symbolsSent(service, order)).toEqual([A, D, B, C]);
  });

  test("a scoped refresh (refreshCells) is the user's action: its requests go before the background's", async () => {
    const { service, engine, order } = await heldEngine(3);
    const calls = [
      engine.read("capacity", [D], cell("Sheet2!A1")), // sent first, held
      engine.read("volatility", [B, 10], cell("Sheet2!A2")),
      engine.read("volatility", [C, 10], cell("Sheet2!A3")),
    ];
    // The taskpane's "Refresh selection": the scope's cells, then they recalculate.
    engine.refreshCells((address) => address === "Sheet1!A1");
    calls.push(engine.read("volatility", [A, 10], cell("Sheet1!A1")));
    await Promise.all(calls);
    expect(symbolsSent(service, order)).toEqual([D, A, B, C]);
  });
});
