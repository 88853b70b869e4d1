import { MAX_SYMBOL_LENGTH, SYMBOL_RULE } from "@index-data/wire";
import { RELATIVE_DATE_FORMS } from "@index-data/wire/time";
import { z } from "zod";

/**
 * The rules an MCP tool's argument is checked by, one per kind of parameter of the function table (the generated
 * tools.generated.ts picks each argument's rule from its row). Each bound the schema holds is the one its words say,
 * read from the same constant, and every input is bounded, so a hostile argument is refused before anything is read.
 */

/** Longest date text a tool takes: an ISO date or a relative form, with room for spaces. */
const MAX_DATE_TEXT = 40;

/** An index symbol: the rule the functions and the service's paths check. */
export function symbolArgument() {
  return z.string().min(1).max(MAX_SYMBOL_LENGTH).describe(`The index: ${SYMBOL_RULE}. search_indexes finds them.`);
}

/** A date as the functions take it, in text: an ISO date or a relative form. */
export function dateArgument(words: string) {
  return z.string().max(MAX_DATE_TEXT).describe(`${words} Relative forms: ${RELATIVE_DATE_FORMS}.`);
}

/** One value of a choice list. */
export function choiceArgument<const V extends readonly [string, ...string[]]>(values: V, words: string) {
  return z.enum(values).describe(words);
}

/** Any of a choice list's values, each at most once. */
export function choicesArgument<const V extends readonly [string, ...string[]]>(values: V, words: string) {
  return z.array(z.enum(values)).max(values.length).describe(words);
}

/** A whole number within the bounds its function's row declares (the words say them from the same bounds). */
export function wholeArgument(bounds: { readonly min: number; readonly max: number }, words: string) {
  return z.number().int().min(bounds.min).max(bounds.max).describe(words);
}

/** TRUE or FALSE. */
export function flagArgument(words: string) {
  return z.boolean().describe(words);
}
