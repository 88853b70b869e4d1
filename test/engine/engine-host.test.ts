import { EngineHost } from "../../src/client/engine/engine-host";
import { SettingsStore } from "../../src/client/settings";
import { MemoryStorage, type KeyValueStorage } from "../../src/client/storage";
import { SYMBOLS, startService, stopAll } from "./helpers";

afterEach(stopAll);

/** Storage whose reads wait until the test releases them: the first settings load of a slow host. */
function slowReads(): { storage: KeyValueStorage; release: () => void } {
  const memory = new MemoryStorage();
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const storage: KeyValueStorage = {
    getItem: async (key) => {
      await gate;
      return memory.getItem(key);
    },
    setItem: (key, value) => memory.setItem(key, value),
    removeItem: (key) => memory.removeItem(key),
  };
  return { storage, release };
}

describe("the shared runtime's engine host", () => {
  test("settings saved while the first load is still reading win: the late first engine never takes over", async () => {
    const service = await startService();
    const { storage, release } = slowReads();
    const settings = new SettingsStore(storage);
    const host = new EngineHost({ settings, storage: new MemoryStorage(), recalc: async () => false, engineOptions: { batchWindowMs: 5 } });
    try {
      await settings.save({ baseUrl: service.url });
      release(); // the first load now finishes, after the save
      await host.source.latest(SYMBOLS[0] as string);
      expect(service.requests.map((r) => r.path)).toEqual([`/api/v1/index/${SYMBOLS[0]}/latest`]);
      // The snapshot is the saved settings' engine, the one that answered: not the first load's.
      expect(host.snapshot().requestsDone).toBe(1);
    } finally {
      host.close();
    }
  });
});
