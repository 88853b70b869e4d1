import { randomUUID } from "node:crypto";
import { MemoryStore } from "../../gateway/src/store/memory-store";
import { RedisStore } from "../../gateway/src/store/redis-store";
import type { CachedAnswer, GatewayStore } from "../../gateway/src/store/store";
import { OPENING_POLL_MS, marginOf, openingBurstOf, type RateRules } from "@index-data/wire";
import { pollUntil } from "./support/poll";
import { startRedis, type TestRedis } from "./support/redis-server";

/**
 * One contract, two stores: the memory store (one process) and the Redis store (replicas), each opened as two
 * clients, as two replicas would hold them (the memory store's two clients are one object). The budget's clock
 * is passed in, so both must give the same figures to the millisecond.
 */
const HOUR = 3_600_000;
/** A window of an hour, so that a test's own run time frees nothing. */
const RULES: RateRules = { windowMs: HOUR, assumedLimit: 60 };
const T0 = Date.UTC(2025, 0, 6, 9);
/** The rule's margin for that window, on every window edge. */
const MARGIN = marginOf(HOUR);
/** A send stays in the log this long. */
const SPAN = HOUR + MARGIN;
/** The opening burst at the assumed limit: a twelfth. */
const BURST = openingBurstOf(60);

const answer = (body: string, fetchedAt = T0): CachedAnswer => ({
  status: 200,
  contentType: "application/json; charset=utf-8",
  body,
  fetchedAt,
  freshUntil: fetchedAt + 30_000,
});

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis.kill());

type Pair = readonly [GatewayStore, GatewayStore];
const opened: GatewayStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

const STORES: ReadonlyArray<readonly [string, () => Promise<Pair>]> = [
  [
    "memory",
    async () => {
      const store = new MemoryStore({ rules: RULES });
      opened.push(store);
      return [store, store];
    },
  ],
  [
    "redis",
    async () => {
      const prefix = `test-${randomUUID()}:`;
      const pair = [
        new RedisStore({ url: redis.url, prefix, rules: RULES }),
        new RedisStore({ url: redis.url, prefix, rules: RULES }),
      ] as const;
      opened.push(...pair);
      await Promise.all(pair.map((store) => store.ready(5000)));
      return pair;
    },
  ],
];

describe.each(STORES)("the %s store", (_name, open) => {
  test("keeps an answer byte for byte, with its metadata, for every replica", async () => {
    const [a, b] = await open();
    const body = '{"symbol":"RTM-NWE-A-1x3",\n "note":"é ✓ \\u0000"}\n';
    await a.putAnswer("latest|RTM-NWE-A-1x3", answer(body), 60_000);
    expect(await b.getAnswer("latest|RTM-NWE-A-1x3")).toEqual(answer(body));
    await a.putAnswer("history|past", { ...answer("[]"), freshUntil: null }, undefined);
    expect(await b.getAnswer("history|past")).toEqual({ ...answer("[]"), freshUntil: null });
    expect(await b.getAnswer("latest|RTM-NOPE")).toBeUndefined();
  });

  test("lets an answer go after the time it was kept for, and keeps one kept longer", async () => {
    const [a, b] = await open();
    // Not read back at once: on a loaded machine 40 ms may be gone before the read (the first test shows a put keeps).
    await a.putAnswer("long", answer("2"), HOUR);
    await a.putAnswer("short", answer("1"), 40);
    await pollUntil("the answer expired", async () => (await b.getAnswer("short")) === undefined);
    expect(await b.getAnswer("long")).toEqual(answer("2"));
  });

  test("gives an in-flight lock to one owner at a time; only its owner renews or releases it", async () => {
    const [a, b] = await open();
    expect(await a.lock("k", "replica-a", 5000)).toBe(true);
    expect(await b.lock("k", "replica-b", 5000)).toBe(false);
    await b.unlock("k", "replica-b");
    expect(await b.lock("k", "replica-b", 5000)).toBe(false);
    expect(await b.renew("k", "replica-b", 5000)).toBe(false);
    expect(await a.renew("k", "replica-a", 5000)).toBe(true);
    await a.unlock("k", "replica-a");
    expect(await b.lock("k", "replica-b", 5000)).toBe(true);
  });

  test("frees a lock whose owner went silent once its lease runs out", async () => {
    const [a, b] = await open();
    expect(await a.lock("k", "replica-a", 60)).toBe(true);
    await pollUntil("the lease ran out", () => b.lock("k", "replica-b", 5000));
    expect(await a.renew("k", "replica-a", 5000)).toBe(false);
  });

  test("announces a key to every replica's listeners", async () => {
    const [a, b] = await open();
    const heard = new Promise<string>((resolve) => b.onAnnounce(resolve));
    // A subscription may take a moment to reach the server: announce until heard.
    let done = false;
    void heard.then(() => (done = true));
    await pollUntil("the announcement arrived", async () => {
      if (!done) await a.announce("history|RTM-NWE-A-1x3");
      return done;
    });
    expect(await heard).toBe("history|RTM-NWE-A-1x3");
  });

  test("opens with a twelfth of the limit, then sends at once all that the upstream says is left", async () => {
    const [a, b] = await open();
    const first = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a : b).take(T0, 1, 1)));
    expect(first.filter((g) => g.granted === 1)).toHaveLength(BURST);
    expect(first.filter((g) => g.granted === 0).map((g) => g.waitMs)).toEqual(Array(30 - BURST).fill(OPENING_POLL_MS));
    // The first answer: the upstream had counted its own request only, not the four sent with it.
    const firstSeq = Math.min(...first.filter((g) => g.granted === 1).map((g) => g.lastSeq));
    await a.learn(T0 + 50, {
      limit: 60,
      remaining: 59,
      resetMs: 60_000,
      answered: true,
      sent: { seq: firstSeq, ledger: a.kind },
    });
    expect(await b.take(T0 + 50, 1, 60)).toMatchObject({ granted: 60 - BURST, waitMs: SPAN - 50 });
    expect(await a.snapshot(T0 + 50)).toEqual({
      limit: 60,
      windowMs: HOUR,
      sendableNow: 0,
      upstreamRemaining: 0,
      pausedForMs: 0,
      roomInMs: SPAN - 50,
    });
  });

  test("numbers every send, whichever replica took it: an answer counts off only the sends after its own", async () => {
    const [a, b] = await open();
    const first = await a.take(T0, 1, 3);
    const second = await b.take(T0, 1, 2);
    expect([first.granted, first.lastSeq, second.granted, second.lastSeq]).toEqual([3, 3, 2, 5]);
    // The answer to the third send: the upstream had not counted the fourth and fifth.
    const sent = { seq: 3, ledger: a.kind } as const;
    await b.learn(T0, { limit: 60, remaining: 50, resetMs: 60_000, answered: true, sent });
    expect((await a.snapshot(T0)).upstreamRemaining).toBe(48);
    // A number from another budget (this replica's own memory while Redis was away) says nothing here.
    const foreign = { seq: 1, ledger: a.kind === "memory" ? "redis" : "memory" } as const;
    await b.learn(T0, { limit: 60, remaining: 40, resetMs: 60_000, answered: true, sent: foreign });
    expect((await a.snapshot(T0)).upstreamRemaining).toBe(40);
  });

  test("never more than the limit in any window plus its margin: the log frees a send when its oldest leaves", async () => {
    const [a, b] = await open();
    await a.learn(T0, { limit: 10, answered: true }); // a limit, and no count: the log alone bounds
    expect((await a.take(T0, 1, 5)).granted).toBe(5);
    expect((await b.take(T0 + 1000, 1, 5)).granted).toBe(5);
    expect(await a.take(T0 + 2000, 1, 1)).toMatchObject({ granted: 0, waitMs: SPAN - 2000 });
    expect(await b.eta(T0 + 2000, 7)).toBe(SPAN + 1000 - 2000);
    expect(await b.take(T0 + SPAN, 1, 7)).toMatchObject({ granted: 5, waitMs: 1000 });
  });

  test("a lower limit holds sends at once; a higher one frees them, beyond the tier's a burst per answer", async () => {
    const [a, b] = await open();
    await a.learn(T0, { limit: 12, remaining: 12, resetMs: 60_000, answered: true });
    expect((await b.take(T0, 1, 20)).granted).toBe(12);
    // The next upstream window, with a higher limit: the log holds the 12 already sent. Up to the tier's 60 go at
    // once; beyond it, untested by any 429, a burst (were it a lie, a burst of 429s is all it costs).
    await b.learn(T0 + 60_000, { limit: 120, remaining: 120, resetMs: 60_000, answered: true });
    expect((await a.take(T0 + 60_000, 1, 200)).granted).toBe(60 - 12 + BURST);
    // Each answer that holds lets a burst more go.
    await b.learn(T0 + 60_050, { limit: 120, remaining: 67, resetMs: 60_000, answered: true });
    expect((await a.take(T0 + 60_050, 1, 200)).granted).toBe(BURST);
  });

  test("holds every send while the upstream says its window is spent; after its reset, opens again", async () => {
    const [a, b] = await open();
    await a.learn(T0, { limit: 60, remaining: 0, resetMs: 5000, answered: true });
    expect(await b.take(T0, 1, 1)).toMatchObject({ granted: 0, waitMs: 5000 + MARGIN });
    expect(await b.take(T0 + 4000, 1, 1)).toMatchObject({ granted: 0, waitMs: 1000 + MARGIN });
    expect(await b.take(T0 + 5000 + MARGIN, 1, 20)).toMatchObject({ granted: BURST, waitMs: OPENING_POLL_MS });
  });

  test("without a reset, the window turns at the latest a window and its margin after its first answer", async () => {
    const [a, b] = await open();
    const taken = await a.take(T0, 1, 1);
    const sent = { seq: taken.lastSeq, ledger: a.kind } as const;
    await a.learn(T0 + 50, { limit: 60, remaining: 59, answered: true, sent });
    expect((await b.snapshot(T0 + 50)).upstreamRemaining).toBe(59);
    await b.learn(T0 + 1000, { limit: 60, remaining: 0, answered: true }); // others spent the rest
    // More gone than our sends explain, and no 429 says so: one send goes to see; the rest wait for the turn.
    expect(await b.take(T0 + 1000, 1, 2)).toMatchObject({ granted: 1, waitMs: SPAN + 50 - 1000 });
    expect(await a.take(T0 + 1000, 1, 1)).toMatchObject({ granted: 0, waitMs: SPAN + 50 - 1000 });
    // A rise beyond a burst is a new window (it turned early): its count holds from there.
    await a.learn(T0 + 2000, { limit: 60, remaining: 40, answered: true });
    expect(await b.take(T0 + 2000, 1, 50)).toMatchObject({ granted: 40 });
  });

  test("a count that falls to nothing faster than our sends explain: one send looks; a count that flaps is doubted", async () => {
    const [a, b] = await open();
    /** One send at `at` (of `wanted`), answered 50 ms later with `remaining` left of 60, no reset. */
    const send = async (at: number, remaining: number, wanted = 1) => {
      const taken = await a.take(at, 1, wanted);
      await b.learn(at + 50, { limit: 60, remaining, answered: true, sent: { seq: taken.lastSeq, ledger: a.kind } });
      return taken;
    };
    await send(T0, 59);
    await send(T0 + 1000, 0);
    // The look: one send, the others held until the window turns (a window after its first answer, at the latest).
    expect(await send(T0 + 2000, 59, 2)).toMatchObject({ granted: 1, waitMs: SPAN + 50 - 2000 });
    await send(T0 + 3000, 0);
    expect(await send(T0 + 4000, 59, 2)).toMatchObject({ granted: 1, waitMs: SPAN + 2050 - 4000 });
    // Two new windows within half a window: the count flaps. It is read as no header: the log alone bounds.
    expect(await b.take(T0 + 5000, 1, 100)).toMatchObject({ granted: 60 - 5, waitMs: SPAN - 5000 });
  });

  test("a look the upstream refuses says its count was true: every send holds until the window turns", async () => {
    const [a, b] = await open();
    const first = await a.take(T0, 1, 1);
    await b.learn(T0 + 50, { limit: 60, remaining: 59, answered: true, sent: { seq: first.lastSeq, ledger: a.kind } });
    await b.learn(T0 + 1000, { limit: 60, remaining: 0, answered: true }); // others spent the rest
    const look = await a.take(T0 + 1000, 1, 1);
    expect(look.granted).toBe(1);
    await b.learn(T0 + 1050, { limited: true, answered: true, sent: { seq: look.lastSeq, ledger: a.kind } });
    expect(await a.take(T0 + 1050, 1, 1)).toMatchObject({ granted: 0, waitMs: SPAN + 50 - 1050 });
    expect(await b.eta(T0 + 1050, 1)).toBe(SPAN + 50 - 1050);
  });

  test("a 429 our own sends explain (the limit went in the window) holds until the log frees a send, no longer", async () => {
    const [a, b] = await open();
    // A limit of 120 told, above the tier's 60: 30 go, then (half a window on) the tier's 60 and a burst beyond.
    await a.learn(T0, { limit: 120, remaining: 120, resetMs: HOUR, answered: true });
    expect((await b.take(T0, 1, 30)).granted).toBe(30);
    const half = T0 + HOUR / 2;
    await a.learn(half, { limit: 120, remaining: 90, resetMs: HOUR / 2, answered: true });
    expect((await b.take(half, 1, 100)).granted).toBe(30 + BURST);
    // The 61st is refused with room told: the limit told was a lie, and our own 60 filled the window.
    await a.learn(half + 50, {
      limit: 120,
      remaining: 55,
      limited: true,
      answered: true,
      sent: { seq: 61, ledger: a.kind },
    });
    // The window that refused began no later than the first of those 60: it has turned when that one leaves the log.
    expect(await b.take(half + 50, 1, 1)).toMatchObject({ granted: 0, waitMs: SPAN - HOUR / 2 - 50 });
    expect(await a.take(T0 + SPAN, 1, 60)).toMatchObject({ granted: BURST, waitMs: OPENING_POLL_MS });
  });

  test("pauses every replica for a 429's Retry-After, counts the pause in its estimates, then opens again", async () => {
    const [a, b] = await open();
    await a.learn(T0, { limited: true, answered: true, retryAfterMs: 2000 });
    expect(await b.take(T0 + 500, 1, 1)).toMatchObject({ granted: 0, waitMs: 1500 + MARGIN });
    expect((await a.snapshot(T0 + 1000)).pausedForMs).toBe(1000 + MARGIN);
    expect(await a.eta(T0 + 1000, 1)).toBe(1000 + MARGIN);
    // Nothing of ours got in before that window filled: no share was measured, the window opens anew.
    expect(await b.take(T0 + 2000 + MARGIN, 1, 20)).toMatchObject({ granted: BURST, waitMs: OPENING_POLL_MS });
  });

  test("a bare 429, no header at all: holds until the window must have turned, then sends at the share it had", async () => {
    const [a, b] = await open();
    await a.learn(T0, { answered: true }); // no figures: the log alone bounds
    const taken = await b.take(T0, 1, 40);
    expect(taken.granted).toBe(40);
    // The upstream refused the 31st: 30 got in before the window was full. Its refusal and the nine after it.
    const refused = (seq: number) => ({ limited: true, answered: true, sent: { seq, ledger: a.kind } }) as const;
    for (let seq = 31; seq <= 40; seq += 1) await a.learn(T0 + 50, refused(seq));
    expect(await b.take(T0 + 50, 1, 1)).toMatchObject({ granted: 0, waitMs: SPAN });
    const turned = T0 + 50 + SPAN;
    // After the turn: the opening burst until an answer tells, then the 30 the others left us, not the limit.
    expect(await a.take(turned, 1, 60)).toMatchObject({ granted: BURST, waitMs: OPENING_POLL_MS });
    await b.learn(turned + 50, { answered: true });
    expect((await a.take(turned + 50, 1, 60)).granted).toBe(30 - BURST);
    expect(await b.snapshot(turned + 50)).toMatchObject({ limit: 60, sendableNow: 0 });
  });

  test("keeps a replica that lost the others to its share of the limit", async () => {
    const [a] = await open();
    await a.learn(T0, { answered: true });
    expect((await a.take(T0, 0.5, 40)).granted).toBe(30);
    expect(await a.take(T0 + 1, 0.5, 1)).toMatchObject({ granted: 0, waitMs: SPAN - 1 });
  });

  test("keeps a replica apart to its share of what the upstream says is left", async () => {
    const [a] = await open();
    await a.learn(T0, { answered: true });
    expect((await a.take(T0, 0.5, 10)).granted).toBe(10);
    await a.learn(T0, { limit: 60, remaining: 10, resetMs: 3000, answered: true });
    expect(await a.take(T0 + 1000, 0.5, 10)).toMatchObject({ granted: 5, waitMs: 2000 + MARGIN });
  });

  test("adds requests and sends by user per window in batches, whichever replica counted them", async () => {
    const [a, b] = await open();
    const counts = (entries: Array<[string, number, number]>) =>
      new Map(entries.map(([user, requests, sends]) => [user, { requests, sends }]));
    expect(await a.addUsage(T0, 60_000, counts([["alice", 2, 1]]))).toEqual({
      requests: { alice: 2 },
      sends: { alice: 1 },
    });
    expect(
      await b.addUsage(
        T0,
        60_000,
        counts([
          ["alice", 1, 0],
          ["bob", 3, 2],
        ]),
      ),
    ).toEqual({
      requests: { alice: 3, bob: 3 },
      sends: { alice: 1, bob: 2 },
    });
    await a.addUsage(T0 + 60_000, 60_000, counts([["alice", 1, 0]]));
    expect(await a.requestsByUser(T0)).toEqual({ alice: 3, bob: 3 });
    expect(await b.requestsByUser(T0 + 60_000)).toEqual({ alice: 1 });
  });

  test("counts the replicas alive, forgetting one that went silent", async () => {
    const [a, b] = await open();
    expect(await a.heartbeat("replica-a", T0, 6000)).toBe(1);
    expect(await b.heartbeat("replica-b", T0 + 1000, 6000)).toBe(2);
    expect(await a.heartbeat("replica-a", T0 + 8000, 6000)).toBe(1);
  });
});
