/**
 * The formula text the taskpane inserts. Pure (no Office calls), so the exact text is unit-tested. The names
 * and argument order are those of the INDEX.* custom functions.
 */

/** A string literal in an Excel formula: wrapped in quotes, inner quotes doubled. */
export function excelString(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** `=INDEX.LATEST("SYM")`: the latest value. */
export function latestFormula(symbol: string): string {
  return `=INDEX.LATEST(${excelString(symbol)})`;
}

/** `=INDEX.FIX("SYM",TRUE)`: the audit card, field/value rows under a header row. */
export function auditCardFormula(symbol: string): string {
  return `=INDEX.FIX(${excelString(symbol)},TRUE)`;
}

/**
 * `=INDEX.HISTORY("SYM","-3M",TODAY(),"daily",TRUE)`: date/value rows under a header row. The start is
 * relative and the end is TODAY(), so the window moves with the calendar: each new fix adds a row at the
 * end and the oldest rows drop out, and the spill (and a chart bound to it) resizes to match.
 */
export function historyFormula(symbol: string, relativeStart: string): string {
  return `=INDEX.HISTORY(${excelString(symbol)},${excelString(relativeStart)},TODAY(),"daily",TRUE)`;
}

/** `=INDEX.CARD("SYM")`: the latest fix as an Excel entity (a card); the plain value where Excel lacks data types. */
export function cardFormula(symbol: string): string {
  return `=INDEX.CARD(${excelString(symbol)})`;
}

/**
 * `=INDEX.PERIODS("SYM","-3M",TODAY(),"monthly","avg,observed",TRUE)`: monthly averages over the same moving
 * window as the history insert, with how many days of each month were actually fixed.
 */
export function monthlyAveragesFormula(symbol: string, relativeStart: string): string {
  return `=INDEX.PERIODS(${excelString(symbol)},${excelString(relativeStart)},TODAY(),"monthly","avg,observed",TRUE)`;
}

/** `=INDEX.FORWARD("SYM",TRUE)`: tenor months, tenor label, forward price, spread bps under a header row. */
export function forwardFormula(symbol: string): string {
  return `=INDEX.FORWARD(${excelString(symbol)},TRUE)`;
}

/** Columns of the INDEX.FORWARD spill, zero-based. */
export const FORWARD_COLUMNS = { tenorLabel: 1, forwardPrice: 2 } as const;
