import { DEFAULT_TTLS } from "@index-data/wire";
import { systemClock } from "@index-data/wire/time";
import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { FairQueue } from "../../gateway/src/serving/fair-queue";
import { Resolver } from "../../gateway/src/serving/resolver";
import { ENDPOINTS, resourceOf } from "../../gateway/src/answers/resources";
import { MemoryStore } from "../../gateway/src/store/memory-store";
import type { CachedAnswer, GatewayStore } from "../../gateway/src/store/store";
import { Upstream } from "../../gateway/src/serving/upstream";
import { KeyScrubber } from "../../gateway/src/logs/key-scrub";
import { DiagnosticsRecorder, type Diagnostics } from "@index-data/wire/diagnostics";

/** The resolver's own rules, with a real upstream and a real store wrapped to stage what another replica does. */
let service: RunningReferenceService;
beforeAll(async () => {
  service = await startReferenceService();
});
afterAll(() => service.close());

const RULES = { windowMs: 60_000, assumedLimit: 60 };

function resolverOn(store: GatewayStore, diagnostics?: Diagnostics): Resolver {
  const queue = new FairQueue({
    take: (wanted) => store.take(Date.now(), 1, wanted),
    eta: (sends) => store.eta(Date.now(), sends),
    maxWaitMs: 4000,
    maxPerUser: 10,
    clock: systemClock,
  });
  return new Resolver({
    store,
    upstream: new Upstream({ baseUrl: service.url }),
    queue,
    clock: systemClock,
    ttls: DEFAULT_TTLS,
    staleIfErrorMs: 60_000,
    collapseWaitMs: 5000,
    onUpstream: () => undefined,
    diagnostics,
  });
}

test("an answer another replica stored just before this one took the lock is used, not fetched again", async () => {
  const store = new MemoryStore({ rules: RULES });
  const endpoint = ENDPOINTS.find((e) => e.route.endsWith("/forward"));
  if (endpoint === undefined) throw new Error("no forward endpoint");
  const resource = resourceOf(endpoint, { symbol: "RTM-NWE-A-1x3" }, {}, Date.now());
  const theirs: CachedAnswer = {
    status: 200,
    contentType: "application/json",
    body: '{"from":"the other replica"}',
    fetchedAt: Date.now(),
    freshUntil: Date.now() + 60_000,
  };
  // Between this replica's look at the cache and its lock, the other replica stores its answer and lets go.
  const staged: GatewayStore = Object.assign(Object.create(store) as GatewayStore, {
    lock: async (key: string, owner: string, leaseMs: number) => {
      await store.putAnswer(key, theirs, 60_000);
      return store.lock(key, owner, leaseMs);
    },
  });
  const served = await resolverOn(staged).serve(resource, "alice");
  expect(served).toEqual({ how: "collapsed", answer: theirs });
  expect(service.requests).toEqual([]);
  expect(await store.lock(resource.path, "someone else", 1000)).toBe(true);
});

test("a store command that fails after the answer is recorded, the upstream key taken out, and the caller still served", async () => {
  const key = "desk-upstream-key-4d5e6f7a8b9c";
  const store = new MemoryStore({ rules: RULES });
  const endpoint = ENDPOINTS.find((e) => e.route.endsWith("/forward"));
  if (endpoint === undefined) throw new Error("no forward endpoint");
  const resource = resourceOf(endpoint, { symbol: "RTM-NWE-A-1x3" }, {}, Date.now());
  let announceFailed = false;
  const staged: GatewayStore = Object.assign(Object.create(store) as GatewayStore, {
    announce: async () => {
      announceFailed = true;
      throw new Error(`READONLY replica refused PUBLISH (auth ${Buffer.from(key).toString("base64")})`);
    },
  });
  const scrubber = new KeyScrubber(key);
  const diagnostics = new DiagnosticsRecorder({ secrets: () => [key], scrub: (text) => scrubber.scrubText(text) });
  const served = await resolverOn(staged, diagnostics).serve(resource, "alice");
  expect(announceFailed).toBe(true); // the fault happened: the store refused the announcement
  expect(served.how).toBe("miss");
  const [entry, ...rest] = diagnostics.recent();
  expect(rest).toEqual([]);
  expect(entry).toMatchObject({ where: "answer announcement" });
  expect(entry?.message).toContain("READONLY replica refused PUBLISH");
  expect(entry?.message).not.toContain(Buffer.from(key).toString("base64").slice(4, 24));
});
