import { EngineHost } from "../../src/runtime/engine-host";
import { SettingsStore } from "../../src/settings/index";
import { MemoryStorage, type KeyValueStorage } from "../../src/settings/storage";
import { DiagnosticsRecorder } from "@index-data/wire/diagnostics";
import { DEMO_KEYS } from "../../reference-service/src";
import { FakeClock } from "../support/fake-clock";
import { SYMBOLS, startService, stopAll } from "../engine/helpers";

afterEach(stopAll);

/** Storage that reads but refuses every write, with the key in its words (a careless host's error). */
function refusingWrites(): { storage: KeyValueStorage; refused: string[] } {
  const refused: string[] = [];
  class RefusingWrites extends MemoryStorage {
    override setItem(key: string): Promise<void> {
      refused.push(key);
      return Promise.reject(new Error(`QuotaExceededError writing ${key} for ${DEMO_KEYS.enterprise}`));
    }
  }
  return { storage: new RefusingWrites(), refused };
}

describe("failures the shared runtime swallows are recorded", () => {
  test("a refused storage write (a last-known value, the learned limit) is recorded without the key", async () => {
    const service = await startService();
    const { storage, refused } = refusingWrites();
    const settings = new SettingsStore(new MemoryStorage());
    await settings.save({ baseUrl: service.url, apiKey: DEMO_KEYS.enterprise });
    const clock = new FakeClock(Date.now());
    const diagnostics = new DiagnosticsRecorder({ clock });
    const host = new EngineHost({
      settings,
      storage,
      recalc: async () => false,
      engineOptions: { batchWindowMs: 5, clock, budgetChannel: null },
      diagnostics,
    });
    diagnostics.keepOut(() => [host.apiKey]);
    try {
      const served = await host.userSource.latest(SYMBOLS[0] as string);
      expect(served.meta.servedStale).toBe(false); // the user saw the value: the failure is not theirs to see
      await (await host.engine()).flush();
      await clock.advance(200); // the host's next notice keeps the limit the answer announced
      // The limit's entry name is a digest of the key (async): let the write reach storage and fail.
      const where = () => diagnostics.recent().map((d) => d.where);
      for (let turn = 0; turn < 100 && !where().includes("known limit write"); turn += 1)
        await new Promise((resolve) => setImmediate(resolve));
      expect(refused.length).toBeGreaterThan(1); // the fault happened: storage refused the writes
      expect(refused.some((key) => key.startsWith("index-data.known-limit"))).toBe(true);
      expect(where()).toContain("last-known storage");
      expect(where()).toContain("known limit write");
      for (const entry of diagnostics.recent()) {
        expect(entry.message).toContain("QuotaExceededError");
        expect(entry.message).not.toContain(DEMO_KEYS.enterprise);
      }
    } finally {
      host.close();
    }
  });

  test("a snapshot listener that throws is recorded, and the other listeners still hear", async () => {
    const service = await startService();
    const settings = new SettingsStore(new MemoryStorage());
    await settings.save({ baseUrl: service.url });
    const diagnostics = new DiagnosticsRecorder();
    const host = new EngineHost({
      settings,
      storage: new MemoryStorage(),
      recalc: async () => false,
      engineOptions: { batchWindowMs: 5, budgetChannel: null },
      diagnostics,
    });
    try {
      await host.engine();
      let heard = 0;
      host.subscribe(() => {
        throw new Error("the pane was closed");
      });
      host.subscribe(() => (heard += 1));
      await host.refresh();
      expect(heard).toBe(1);
      expect(diagnostics.recent()).toEqual([
        expect.objectContaining({ where: "snapshot listener", message: "Error: the pane was closed" }),
      ]);
    } finally {
      host.close();
    }
  });

  test("unusable settings are recorded once as the engine's start, and a failing settings load too", async () => {
    const diagnostics = new DiagnosticsRecorder();
    const broken: KeyValueStorage = {
      getItem: async () => {
        throw new Error("storage unavailable");
      },
      setItem: async () => undefined,
      removeItem: async () => undefined,
    };
    const host = new EngineHost({
      settings: new SettingsStore(broken),
      storage: new MemoryStorage(),
      recalc: async () => false,
      engineOptions: { batchWindowMs: 5, budgetChannel: null },
      diagnostics,
    });
    try {
      await host.engine().catch(() => undefined);
      expect(diagnostics.recent().length).toBeGreaterThan(0);
      expect(diagnostics.recent().map((d) => d.message)).toContainEqual(expect.stringContaining("storage unavailable"));
    } finally {
      host.close();
    }
  });
});
