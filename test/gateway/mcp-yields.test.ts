import { summarisePeriods } from "@index-data/wire";
import { ResourceReader, type ResourceSource } from "../../gateway/src/mcp/resource-reader";
import { getPeriodStats } from "../../gateway/src/mcp/period-stats-tool";
import type { ToolContext } from "../../gateway/src/mcp/tool-context";
import type { CachedAnswer } from "../../gateway/src/store/store";
import { longHistory } from "./support/long-answers";

/**
 * A long read does not hold the event loop: the history of 20,000 points is parsed and bucketed a stage at a time, the
 * loop serving others between stages (the trader's request the bench times), and each answer held is parsed once.
 * How long each stage takes is the bench's (bench/mcp-load.ts); here, that the work lets others in.
 */
const NOW = Date.UTC(2026, 0, 5);
const POINTS = 20_000;

/** A source whose every read is a hit on `answer`, as the resolver gives an answer held in memory. */
function heldAnswer(body: string): { source: ResourceSource; answer: CachedAnswer } {
  const answer: CachedAnswer = { status: 200, contentType: "application/json", body, fetchedAt: NOW, freshUntil: null };
  const source: ResourceSource = {
    resolver: { hit: () => ({ how: "hit", answer }), serve: async () => ({ how: "hit", answer }) },
    countRequest: () => undefined,
    onServed: () => undefined,
    now: () => NOW,
  };
  return { source, answer };
}

/** A reader whose pauses are counted, and really let the event loop turn. */
function countingReader(body: string): { reader: ResourceReader; pauses: () => number } {
  let pauses = 0;
  const pause = () => {
    pauses += 1;
    return new Promise<void>((resolve) => setImmediate(resolve));
  };
  return { reader: new ResourceReader(heldAnswer(body).source, pause), pauses: () => pauses };
}

const contextOf = (reader: ResourceReader): ToolContext => ({
  read: (name, args) => reader.read("alice", name, args),
  // The tools measured here read resources only.
  corrections: () => Promise.reject(new Error("no archive here")),
  now: () => NOW,
  room: 100 * 1024,
  pause: reader.pause,
});

/** Turns a read of a long history gives the event loop: after the JSON, between slices of 2,000 points, after the schema. */
const READ_PAUSES = 1 + (POINTS / 2000 - 1) + 1;

test("a long answer is read a stage and a slice at a time, and once: a second read of the answer held parses nothing", async () => {
  const { reader, pauses } = countingReader(longHistory("LONG-0", POINTS));
  const first = await reader.read("alice", "history", ["LONG-0", {}]);
  expect(first.data.values).toHaveLength(POINTS);
  expect(pauses()).toBe(READ_PAUSES);
  const again = await reader.read("alice", "history", ["LONG-0", {}]);
  expect(again.data).toBe(first.data);
  expect(pauses()).toBe(READ_PAUSES);
});

test("a short answer is parsed at once", async () => {
  const { reader, pauses } = countingReader(longHistory("LONG-0", 30));
  await reader.read("alice", "history", ["LONG-0", {}]);
  expect(pauses()).toBe(0);
});

test("get_period_stats over 20,000 points lets another task run before it answers, and answers the periods", async () => {
  const { reader, pauses } = countingReader(longHistory("LONG-0", POINTS));
  const other = new Promise<string>((resolve) => setImmediate(() => resolve("another trader's request")));
  const call = getPeriodStats({ symbol: "LONG-0", period: "monthly" }, contextOf(reader));
  expect(await Promise.race([call.then(() => "the tool call"), other])).toBe("another trader's request");
  const answer = await call;
  // The read's, then between the read, the bucketing and the rows.
  expect(pauses()).toBe(READ_PAUSES + 2);
  const history = (await reader.read("alice", "history", ["LONG-0", {}])).data;
  const summaries = summarisePeriods(history.values, "monthly", {
    firstDay: Date.parse(history.startDate),
    lastDay: Date.parse(history.endDate),
  });
  expect(answer.structured.available).toBe(summaries.length);
  expect(answer.structured.periods.map((period) => period.stats["avg"])).toEqual(
    summaries.slice(-answer.structured.periods.length).map((summary) => summary.stats.avg),
  );
});
