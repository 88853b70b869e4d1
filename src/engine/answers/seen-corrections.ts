import type { History, HistoryPoint } from "@index-data/wire";
import { dayText } from "@index-data/wire/time";
import type { Correction, SeenValue } from "../../client";
import type { LastKnownEntry } from "./last-known-store";

/**
 * Corrections found by this workbook alone (no desk gateway): what it saw of each day, as its last-known store kept
 * the history answers it was served, against one fresh read. What it saw of a day is the earliest answer kept for it
 * (the gateway's archive keeps the first sighting too), so a later refresh that already showed the new value does not
 * hide that the day changed.
 */

/** Each day's value and status as first seen among the kept history answers of one symbol. */
export function firstSeenDays(entries: readonly LastKnownEntry[]): Map<string, SeenValue> {
  const earliest = new Map<string, { readonly point: HistoryPoint; readonly at: number }>();
  for (const entry of entries) {
    if (!isDailyHistory(entry.data)) continue;
    for (const point of entry.data.values) {
      const day = dayOf(point);
      if (day === undefined) continue;
      const held = earliest.get(day);
      if (held === undefined || entry.fetchedAt < held.at) earliest.set(day, { point, at: entry.fetchedAt });
    }
  }
  return new Map([...earliest].map(([day, { point, at }]) => [day, seen(point, at)]));
}

/** The days of `fresh` (read at `readAt`, epoch ms) whose value or status differ from what was first seen. */
export function correctionsAgainst(
  symbol: string,
  firstSeen: ReadonlyMap<string, SeenValue>,
  fresh: History,
  readAt: number,
): Correction[] {
  const corrections: Correction[] = [];
  for (const point of fresh.values) {
    const day = dayOf(point);
    const was = day === undefined ? undefined : firstSeen.get(day);
    if (day === undefined || was === undefined) continue;
    if (was.value === point.value && was.status === point.status) continue;
    corrections.push({
      symbol,
      date: day,
      was,
      now: seen(point, readAt),
    });
  }
  return corrections;
}

function seen(point: HistoryPoint, at: number): SeenValue {
  return { value: point.value, status: point.status, seenAt: new Date(at).toISOString() };
}

function dayOf(point: HistoryPoint): string | undefined {
  const ms = Date.parse(point.date);
  return Number.isNaN(ms) ? undefined : dayText(ms);
}

/** A kept daily history: weekly answers hold one value per week, not the day's as published. */
function isDailyHistory(data: unknown): data is History {
  if (typeof data !== "object" || data === null) return false;
  const history = data as Partial<History>;
  return Array.isArray(history.values) && history.granularity !== "weekly";
}
