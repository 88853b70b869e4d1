import type { Clock } from "@index-data/wire/time";
import { MemoryStore } from "../../gateway/src/store/memory-store";
import type { CachedAnswer } from "../../gateway/src/store/store";

const T0 = Date.UTC(2025, 0, 6, 9);
const DAY = 86_400_000;

const answer = (fetchedAt: number): CachedAnswer => ({
  status: 200,
  contentType: "application/json; charset=utf-8",
  body: '{"points":[]}',
  fetchedAt,
  freshUntil: null,
});

test("the store's clock decides an answer's expiry at once: a read just after the clock moved sees the new time", async () => {
  let now = T0;
  // Moved by hand, between two reads in one turn of the event loop: no real timer can run between them, so a
  // reading of the time kept from the first read (lru-cache's ttlResolution) would still serve the answer.
  const clock: Clock = { now: () => now, setTimer: () => 0, clearTimer: () => undefined };
  const store = new MemoryStore({ rules: { windowMs: 60_000, assumedLimit: 60 }, clock });
  await store.putAnswer("history|past", answer(T0), 2 * DAY);
  expect(store.answerAtHand("history|past")).toMatchObject({ fetchedAt: T0 });
  now += 3 * DAY;
  expect(store.answerAtHand("history|past")).toBeUndefined();
  expect(await store.getAnswer("history|past")).toBeUndefined();
  await store.close();
});
