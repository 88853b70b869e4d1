import { RESOURCES } from "@index-data/wire";
import { z } from "zod";
import { parsePaced } from "../../gateway/src/answers/paced-parse";
import { longHistory } from "./support/long-answers";

/**
 * A long answer's schema check, a slice of its list at a time (the upstream's check and the MCP tools' reads): the
 * same outcome as the schema's own safeParse, with turns of the event loop between slices.
 */
const schema = RESOURCES.history.wire;
const POINTS = 20_000;

function counted(): { pause: () => Promise<void>; pauses: () => number } {
  let pauses = 0;
  return {
    pause: () => {
      pauses += 1;
      return new Promise((resolve) => setImmediate(resolve));
    },
    pauses: () => pauses,
  };
}

test("20,000 points: the schema's own value, checked 2,000 at a time", async () => {
  const value: unknown = JSON.parse(longHistory("LONG-0", POINTS));
  const { pause, pauses } = counted();
  const paced = await parsePaced(schema, value, pause);
  expect(paced).toEqual(schema.safeParse(value));
  expect(pauses()).toBe(POINTS / 2000 - 1);
});

test("a bad point in a late slice, or a bad envelope, fails as the schema fails", async () => {
  const value = JSON.parse(longHistory("LONG-0", POINTS)) as { symbol: unknown; values: Array<{ value: unknown }> };
  (value.values[15_000] as { value: unknown }).value = "not a price";
  expect(schema.safeParse(value).success).toBe(false);
  expect((await parsePaced(schema, value, counted().pause)).success).toBe(false);
  const envelope = JSON.parse(longHistory("LONG-0", POINTS)) as { symbol: unknown };
  envelope.symbol = 42;
  expect((await parsePaced(schema, envelope, counted().pause)).success).toBe(false);
});

test("a short list, or a schema that is no plain object, is checked at once", async () => {
  const { pause, pauses } = counted();
  const short: unknown = JSON.parse(longHistory("LONG-0", 30));
  expect(await parsePaced(schema, short, pause)).toEqual(schema.safeParse(short));
  const piped = z.array(z.number()).transform((numbers) => numbers.length);
  expect(await parsePaced(piped, [1, 2, 3], pause)).toEqual({ success: true, data: 3 });
  expect(pauses()).toBe(0);
});
