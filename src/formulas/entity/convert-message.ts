import type { IndexPlan, TextPlan, Untouched } from "./convert-plan";

/**
 * What Convert to Index and Convert to text say when they are done, in one message: what changed, every cell left
 * untouched (the first ones by address, then how many more), and, where Excel has no linked data types, why the
 * cells got INDEX.CARD formulas instead.
 */

/** How Convert to Index wrote its cells: linked Index entities, or INDEX.CARD formulas where Excel has no linked types. */
export type ConvertMode = "entities" | "formulas";

/** Said whenever Convert to Index writes formulas instead of entities: the user must know what they got, and why. */
export const NO_LINKED_TYPES_REASON =
  "This Excel has no linked data types (they need Microsoft 365 Excel on Windows 2504 or later or on Mac 16.96 or later; " +
  "Excel on the web has none), so each symbol became =INDEX.CARD(symbol): the same card, refreshed by Refresh.";

/** At most this many cells are named in a message; the rest are counted. */
const LISTED = 10;

function cells(count: number): string {
  return `${count} cell${count === 1 ? "" : "s"}`;
}

function listed<T>(items: readonly T[], show: (item: T) => string): string {
  const named = items.slice(0, LISTED).map(show).join(", ");
  return items.length > LISTED ? `${named}, and ${items.length - LISTED} more` : named;
}

function untouchedText(untouched: readonly Untouched[]): string {
  if (untouched.length === 0) return "";
  const which = listed(untouched, (cell) => `${cell.address} ${cell.shown}`);
  return ` Left ${cells(untouched.length)} untouched that ${untouched.length === 1 ? "holds" : "hold"} no known index symbol: ${which}.`;
}

export function toIndexMessage(plan: IndexPlan, mode: ConvertMode): string {
  const what = mode === "entities" ? "Index entities" : "=INDEX.CARD formulas";
  const done =
    plan.converted === 0
      ? "No selected cell holds a known index symbol; nothing was converted."
      : `Converted ${cells(plan.converted)} to ${what}.`;
  const fixed =
    plan.caseFixed.length === 0
      ? ""
      : ` Symbols are case-sensitive, so ${listed(plan.caseFixed, (cell) => `${cell.address} "${cell.typed ?? cell.symbol}" became ${cell.symbol}`)}.`;
  const already =
    plan.already === 0
      ? ""
      : ` ${cells(plan.already)} already held ${plan.already === 1 ? "an Index entity" : "Index entities"}.`;
  const why = mode === "formulas" && plan.converted > 0 ? ` ${NO_LINKED_TYPES_REASON}` : "";
  return `${done}${fixed}${untouchedText(plan.untouched)}${already}${why}`;
}

export function toTextMessage(plan: TextPlan): string {
  if (plan.converted === 0)
    return "No selected cell holds an Index entity or a converted =INDEX.CARD formula; nothing was changed.";
  return `Converted ${cells(plan.converted)} back to the symbol as text.`;
}
