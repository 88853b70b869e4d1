import { DiagnosticsRecorder } from "@index-data/wire/diagnostics";
import { isUnauthorizedError } from "@index-data/wire/errors";
import { MemoryStorage } from "../../src/settings/storage";
import { LastKnownStore } from "../../src/engine/answers/last-known-store";
import { DEMO_KEYS } from "../../reference-service/src";
import { SYMBOLS, engineFor, sent, startService, stopAll } from "./helpers";

afterEach(stopAll);

const HISTORY = { startDate: "2025-01-01", endDate: "2025-03-31" };

/** A workbook's cells as an engine answers them: a latest, a history, and two latest values. */
function workbookCells(engine: ReturnType<typeof engineFor>) {
  return Promise.all([
    engine.latest(SYMBOLS[0]),
    engine.history(SYMBOLS[0], HISTORY),
    engine.latestValue(SYMBOLS[1]),
    engine.latestValue(SYMBOLS[2]),
  ]);
}

describe("last-known values", () => {
  test("a reopen within the time-to-live sends no request", async () => {
    const service = await startService();
    const storage = new MemoryStorage();
    const first = engineFor(service, { storage });
    const before = await workbookCells(first);
    await first.flush();
    first.close();
    service.resetRequestLog();

    const reopened = engineFor(service, { storage });
    const after = await workbookCells(reopened);
    expect(sent(service)).toEqual([]);
    expect(after.map((r) => r.data)).toEqual(before.map((r) => r.data));
    expect(after.every((r) => !r.meta.servedStale)).toBe(true);
  });

  test("when the service fails, the last-known value is served as stale, and the taskpane counts it", async () => {
    const service = await startService();
    const storage = new MemoryStorage();
    const first = engineFor(service, { storage });
    const fresh = await first.latest(SYMBOLS[3]);
    await first.flush();

    const reopened = engineFor(service, { storage, ttls: { latest: 1 }, retry: { baseDelayMs: 10, maxDelayMs: 20 } });
    service.faults.failNext("500", Infinity);
    const cells = await Promise.all([reopened.latest(SYMBOLS[3]), reopened.latest(SYMBOLS[3])]);
    for (const cell of cells) {
      const { data, meta } = cell;
      expect({ data, meta }).toEqual({
        data: fresh.data,
        meta: { producedAt: fresh.meta.producedAt, servedStale: true },
      });
    }
    expect(reopened.snapshot()).toMatchObject({ staleCells: 2, staleAsOf: fresh.meta.producedAt });
    // No last-known value for this one: the error reaches the cell.
    await expect(reopened.latest(SYMBOLS[4])).rejects.toMatchObject({ name: "ServerError" });
  });

  test("every cell served from a last-known value counts, also the cells that share one request", async () => {
    const service = await startService();
    const storage = new MemoryStorage();
    const first = engineFor(service, { storage });
    const symbols = [SYMBOLS[0], SYMBOLS[1], SYMBOLS[2]];
    await Promise.all(symbols.map((s) => first.latestValue(s)));
    await first.flush();

    const reopened = engineFor(service, {
      storage,
      ttls: { catalogue: 1, latest: 1 },
      retry: { baseDelayMs: 10, maxDelayMs: 20 },
    });
    service.faults.failNext("500", Infinity);
    // Six value cells over three symbols: one /indexes request would answer them all, but they are six cells.
    const cells = await Promise.all([...symbols, ...symbols].map((s) => reopened.latestValue(s)));
    expect(cells.every((c) => c.meta.servedStale)).toBe(true);
    expect(reopened.snapshot().staleCells).toBe(6);
    reopened.invalidate();
    expect(reopened.snapshot().staleCells).toBe(0);
  });

  test("a refusal that is a real answer (401) is never covered by a last-known value", async () => {
    const service = await startService();
    const storage = new MemoryStorage();
    const first = engineFor(service, { storage });
    await first.latest(SYMBOLS[0]);
    await first.flush();
    const revoked = engineFor(service, { storage, ttls: { latest: 1 } }, { apiKey: DEMO_KEYS.revoked });
    const outcome = await revoked.latest(SYMBOLS[0]).catch((e: unknown) => e);
    expect(isUnauthorizedError(outcome)).toBe(true);
  });

  test("the store is bounded: the least recently written entries go first, in memory and in storage", async () => {
    const storage = new MemoryStorage();
    const store = new LastKnownStore(storage, { namespace: "ns", maxEntries: 3, maxChars: 100_000 });
    for (let i = 0; i < 5; i += 1) store.put(`k${i}`, { i }, 1000 + i);
    await store.flush();
    expect(store.size).toBe(3);
    expect(await store.get("k0")).toBeUndefined();
    expect(await store.get("k4")).toEqual({ data: { i: 4 }, fetchedAt: 1004 });
    expect(storage.keys().filter((k) => k.includes(":entry:"))).toHaveLength(3);
    const reopened = new LastKnownStore(storage, { namespace: "ns", maxEntries: 3, maxChars: 100_000 });
    expect(await reopened.get("k2")).toEqual({ data: { i: 2 }, fetchedAt: 1002 });
    expect(reopened.size).toBe(3);
  });

  test("a stored value that no longer parses is lost, and said so in the diagnostics", async () => {
    const storage = new MemoryStorage();
    const store = new LastKnownStore(storage, { namespace: "ns", maxEntries: 3, maxChars: 100_000 });
    store.put("k0", { i: 0 }, 1000);
    await store.flush();
    const entry = storage.keys().find((k) => k.includes(":entry:")) ?? "";
    const index = storage.keys().find((k) => !k.includes(":entry:")) ?? "";
    const options = { namespace: "ns", maxEntries: 3, maxChars: 100_000 };
    // The value itself: lost, the index still reads.
    await storage.setItem(entry, "{not json");
    const diagnostics = new DiagnosticsRecorder();
    expect(await new LastKnownStore(storage, options, diagnostics).get("k0")).toBeUndefined();
    expect(diagnostics.recent().map((d) => d.where)).toEqual(["last-known storage: unreadable"]);
    // The index of them: every value lost with it.
    await storage.setItem(index, "[{not json either");
    const again = new DiagnosticsRecorder();
    expect(await new LastKnownStore(storage, options, again).get("k0")).toBeUndefined();
    expect(again.recent().map((d) => d.where)).toEqual(["last-known storage: unreadable"]);
  });
});
