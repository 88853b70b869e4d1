import { EngineHost } from "../../src/runtime/engine-host";
import { SettingsStore } from "../../src/settings/index";
import { MemoryStorage, type KeyValueStorage } from "../../src/settings/storage";
import { DEMO_KEYS } from "../../reference-service/src";
import { FakeClock } from "../support/fake-clock";
import { pollUntil } from "../gateway/support/poll";
import { SYMBOLS, startService, stopAll } from "./helpers";

afterEach(stopAll);

/** Storage whose reads wait until the test releases them: the first settings load of a slow host. */
function slowReads(): { storage: KeyValueStorage; release: () => void } {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  class SlowReads extends MemoryStorage {
    override async getItem(key: string): Promise<string | null> {
      await gate;
      return super.getItem(key);
    }
  }
  return { storage: new SlowReads(), release };
}

describe("the shared runtime's engine host", () => {
  test("settings saved while the first load is still reading win: the late first engine never takes over", async () => {
    const service = await startService();
    const { storage, release } = slowReads();
    const settings = new SettingsStore(storage);
    const host = new EngineHost({
      settings,
      storage: new MemoryStorage(),
      recalc: async () => false,
      engineOptions: { batchWindowMs: 5 },
    });
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

describe("the limit a service announced, kept for the next session", () => {
  test("opens with the limit announced last time for the same service and key; another key starts from the defaults; the key is never stored", async () => {
    const service = await startService();
    const storage = new MemoryStorage();
    const clock = new FakeClock(Date.now());
    const hosts: EngineHost[] = [];
    const hostFor = async (apiKey?: string): Promise<EngineHost> => {
      const settings = new SettingsStore(new MemoryStorage());
      await settings.save({ baseUrl: service.url, apiKey });
      const host = new EngineHost({
        settings,
        storage,
        recalc: async () => false,
        engineOptions: { batchWindowMs: 5, clock, budgetChannel: null },
      });
      hosts.push(host);
      return host;
    };
    try {
      const first = await hostFor(DEMO_KEYS.enterprise);
      expect((await first.engine()).options.initialLimit).toBe(100); // a keyed session's default before any answer
      await first.userSource.listIndexes();
      await clock.advance(200); // the host's next notice keeps what the answer announced
      expect(first.snapshot()).toMatchObject({ limitPerMinute: 1000, tier: "enterprise" });
      // Kept through a SHA-256 of the key on the crypto thread pool: wait for the write, however slow the machine.
      const kept = () => storage.keys().some((key) => key.startsWith("index-data.known-limit.v1:"));
      await pollUntil("the announced limit kept", kept);

      const again = await (await hostFor(DEMO_KEYS.enterprise)).engine();
      expect(again.options.initialLimit).toBe(1000);
      expect(again.options.openingBurst).toBe(83); // the first screen of a 1,000-a-minute key goes in one wave
      expect((await (await hostFor(DEMO_KEYS.apiKey)).engine()).options.initialLimit).toBe(100);
      expect((await (await hostFor()).engine()).options.initialLimit).toBe(60);

      expect(storage.keys().length).toBeGreaterThan(0);
      for (const key of storage.keys()) {
        expect(key).not.toContain(DEMO_KEYS.enterprise);
        expect(await storage.getItem(key)).not.toContain(DEMO_KEYS.enterprise);
      }
    } finally {
      for (const host of hosts) host.close();
    }
  });

  test("a stored value that is no plausible limit is ignored", async () => {
    const service = await startService();
    const storage = new MemoryStorage();
    const settings = new SettingsStore(new MemoryStorage());
    await settings.save({ baseUrl: service.url });
    await storage.setItem(`index-data.known-limit.v1:${service.url}|anonymous`, "1e12");
    const host = new EngineHost({
      settings,
      storage,
      recalc: async () => false,
      engineOptions: { batchWindowMs: 5, budgetChannel: null },
    });
    try {
      expect(await storage.getItem(`index-data.known-limit.v1:${service.url}|anonymous`)).toBe("1e12");
      expect((await host.engine()).options.initialLimit).toBe(60);
    } finally {
      host.close();
    }
  });
});
