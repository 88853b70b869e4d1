import type { ExtraIndex } from "../../reference-service/src";

/** An extra catalogue entry for a test: the fields the test is about, plain defaults for the rest. */
export function extraIndex(symbol: string, fields: Partial<Omit<ExtraIndex, "symbol">> = {}): ExtraIndex {
  return {
    symbol,
    hub: "NWE",
    grade: "A",
    leadTime: "1x1",
    description: `Test index ${symbol}`,
    isActive: true,
    ...fields,
  };
}

/** Entries XSS-0, XSS-1, … whose descriptions are the given markup: service text must show as text. */
export function markupIndexes(
  markup: readonly string[],
  fields: Partial<Omit<ExtraIndex, "symbol">> = {},
): ExtraIndex[] {
  return markup.map((description, i) => extraIndex(`XSS-${i}`, { ...fields, description }));
}

/** "." and "..": listed by a broken feed, refused by the symbol rule (they would be path segments). */
export const DOT_SEGMENT_INDEXES: readonly ExtraIndex[] = [".", ".."].map((symbol) =>
  extraIndex(symbol, { description: "Dot-segment entry from a broken feed" }),
);
