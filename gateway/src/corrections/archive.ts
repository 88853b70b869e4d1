import type { Correction, SeenValue } from "@index-data/wire";

/**
 * The as-published archive: for every (index, day) the desk was served from history or a latest fix, the value and
 * status first seen and when; a later answer for the day that differs in value or status is a correction. Two
 * implementations keep it, memory (one process) and Redis (shared by the replicas, surviving a restart);
 * test/gateway/corrections-archive.test.ts holds both to the same contract.
 */

/** One answer for a day, as the archive keeps it; a correction pairs the first one seen with the newest. */
export type Seen = SeenValue;
export type { Correction };

/** One day of an answer: its date (`YYYY-MM-DD`), value and status. */
export interface DayAnswer {
  readonly date: string;
  readonly value: number;
  readonly status: string;
}

/**
 * The archive's bounds. Past `pairs`, the (index, day) pairs first seen longest ago are forgotten (a later answer for
 * one is then a first sighting again); past `corrections`, the oldest corrections are. Both are documented in
 * docs/corrections.md with the memory they take.
 */
export interface ArchiveBounds {
  readonly pairs: number;
  readonly corrections: number;
}

export const DEFAULT_ARCHIVE_BOUNDS: Readonly<ArchiveBounds> = { pairs: 200_000, corrections: 10_000 };

export interface CorrectionsArchive {
  readonly kind: "memory" | "redis";
  /**
   * Records the days of one answer for `symbol`, seen at `seenAt` (epoch ms): a day not yet kept is kept as first
   * seen; a day whose value or status differs from the last answer for it is a correction, returned. Atomic per call.
   */
  record(symbol: string, days: readonly DayAnswer[], seenAt: number): Promise<Correction[]>;
  /** The corrections seen at or after `since` (epoch ms), of `symbol` when given, oldest first. */
  corrections(since: number, symbol?: string): Promise<Correction[]>;
  /** How many (index, day) pairs are kept. */
  pairs(): Promise<number>;
  /** The indexes whose days are kept: what the desk has asked for (the sweep re-reads them). */
  symbols(): Promise<string[]>;
}

/** A status the archive keeps: the service's own word, short, in one piece (it is stored between separators). */
const KEPT_STATUS = /^[A-Za-z0-9_ -]{1,40}$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a day's answer can be archived; one that cannot (a status of another shape) is left out, never guessed. */
export function archivable(day: DayAnswer): boolean {
  return ISO_DAY.test(day.date) && Number.isFinite(day.value) && KEPT_STATUS.test(day.status);
}

/** Two answers for a day differ when their value or status does. */
export function differs(kept: { readonly value: number; readonly status: string }, day: DayAnswer): boolean {
  return kept.value !== day.value || kept.status !== day.status;
}
