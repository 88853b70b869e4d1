import { firstFitting } from "./answer-room";
import { datedOnly, passOn, servedOf } from "./provenance";
import { PASSED_ON } from "./outputs";
import { MAX_SEARCH_ROWS } from "./schemas";
import type { ToolHandler } from "./tool-context";
import { ToolArgumentError } from "./tool-dates";
import { joined, said } from "./tool-text";

/** Where a page starts: the `nextCursor` a page before gave (its first row's place among the matches). */
function startOf(cursor: string | undefined, matched: number): number {
  if (cursor === undefined || cursor === "") return 0;
  const from = /^\d{1,9}$/.test(cursor) ? Number(cursor) : Number.NaN;
  if (!(from <= matched))
    throw new ToolArgumentError(
      said`cursor: give the nextCursor of the page before, as it was returned (this search has ${matched} matches).`,
    );
  return from;
}

/**
 * search_indexes: the catalogue's matches a page at a time, as many rows as the answer's room holds (at most `limit`),
 * and the cursor of the next page; a catalogue of any size answers its first page.
 */
export const searchIndexes: ToolHandler<"search_indexes"> = async (input, context) => {
  const read = await context.read("listIndexes", []);
  const needle = input.query?.trim().toLowerCase() ?? "";
  const matched = read.data.filter(
    (entry) =>
      (input.activeOnly !== true || entry.isActive) &&
      [entry.symbol, entry.hub, entry.grade, entry.leadTime, entry.description].some((text) =>
        text.toLowerCase().includes(needle),
      ),
  );
  const from = startOf(input.cursor, matched.length);
  const limit = input.limit ?? MAX_SEARCH_ROWS;
  const rows = matched.slice(from, from + limit).map((entry) => ({
    ...passOn(entry, PASSED_ON.catalogueEntry),
    latestValue: entry.latestValue ?? null,
    provenance: datedOnly(entry.latestAsOf),
  }));
  const indexes = firstFitting(rows, 0, context.room, limit);
  const next = from + indexes.length < matched.length ? String(from + indexes.length) : null;
  const names = joined(
    indexes.slice(0, 10).map((entry) => said`${entry.symbol}`),
    ", ",
  );
  const page =
    next === null
      ? said``
      : said` Rows ${from + 1} to ${from + indexes.length}: for the next page call search_indexes again with cursor=${next} (and the same query), or narrow the query.`;
  return {
    structured: {
      indexes,
      matched: matched.length,
      truncated: next !== null,
      nextCursor: next,
      served: servedOf(read),
    },
    text: said`${matched.length} indexes match${indexes.length > 0 ? said`: ${names}${indexes.length > 10 ? said`, …` : said``}` : said``}.${page}`,
  };
};
