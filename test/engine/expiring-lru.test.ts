import { ExpiringLru, type LeaveReason } from "../../src/engine/answers/expiring-lru";

/** A cache over a clock the test moves by hand, recording every entry that leaves and why. */
function lruAt(max: number) {
  const clock = { at: 1_000 };
  const left: [string, string, LeaveReason][] = [];
  const lru = new ExpiringLru<string>({
    max,
    now: () => clock.at,
    dispose: (value, key, reason) => left.push([key, value, reason]),
  });
  return { lru, clock, left };
}

describe("ExpiringLru (the result cache's store)", () => {
  test("an entry is served within its time-to-live, then dropped as expired when read", () => {
    const { lru, clock, left } = lruAt(10);
    lru.set("a", "A", 100);
    clock.at += 100;
    expect(lru.get("a")).toBe("A");
    expect(lru.has("a")).toBe(true);
    clock.at += 1;
    expect(lru.has("a")).toBe(false);
    expect(lru.peek("a", false)).toBeUndefined();
    expect(lru.peek("a", true)).toBe("A"); // peeking drops nothing
    expect(lru.size).toBe(1);
    expect(lru.get("a")).toBeUndefined();
    expect(left).toEqual([["a", "A", "expire"]]);
    expect(lru.size).toBe(0);
  });

  test("the least recently read entry is evicted for room; a replaced one leaves as set, a deleted one as delete", () => {
    const { lru, left } = lruAt(2);
    lru.set("a", "A", 100);
    lru.set("b", "B", 100);
    expect(lru.get("a")).toBe("A"); // now "b" is the least recently used
    lru.set("c", "C", 100);
    expect([...lru.keys()]).toEqual(["a", "c"]);
    lru.set("a", "A2", 100);
    lru.delete("c");
    lru.delete("missing");
    expect(left).toEqual([
      ["b", "B", "evict"],
      ["a", "A", "set"],
      ["c", "C", "delete"],
    ]);
    expect([...lru.entries()]).toEqual([["a", "A2"]]);
  });

  test("purgeStale drops only the expired entries, and iteration skips expired ones", () => {
    const { lru, clock, left } = lruAt(10);
    lru.set("short", "S", 10);
    lru.set("long", "L", 1_000);
    clock.at += 11;
    expect([...lru.keys()]).toEqual(["long"]);
    expect(lru.size).toBe(2);
    lru.purgeStale();
    expect(left).toEqual([["short", "S", "expire"]]);
    expect([...lru.entries()]).toEqual([["long", "L"]]);
  });

  test("an entry set while the clock reads 0 never expires (lru-cache's rule, kept)", () => {
    const { lru, clock } = lruAt(10);
    clock.at = 0;
    lru.set("a", "A", 10);
    clock.at = 1_000;
    expect(lru.get("a")).toBe("A");
  });
});
