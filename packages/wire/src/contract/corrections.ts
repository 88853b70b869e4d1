/**
 * A correction: a day the service published again differently, with what was first seen of it and what it says now.
 * The desk gateway's archive keeps these and lists them at `GET /gateway/corrections` (docs/corrections.md); without
 * a gateway the add-in finds them from what its workbook saw. Both sides give this one shape.
 */

/** One answer for a day: its value and status, and when it was first (was) or newly (now) seen (ISO 8601). */
export interface SeenValue {
  readonly value: number;
  readonly status: string;
  readonly seenAt: string;
}

export interface Correction {
  readonly symbol: string;
  /** `YYYY-MM-DD`. */
  readonly date: string;
  readonly was: SeenValue;
  readonly now: SeenValue;
}
