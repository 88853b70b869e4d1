import {
  DEFAULT_ARCHIVE_BOUNDS,
  archivable,
  differs,
  type ArchiveBounds,
  type Correction,
  type CorrectionsArchive,
  type DayAnswer,
} from "./archive";

/** What is kept of a pair: the first answer seen and the last (the same object until a correction). */
interface Kept {
  readonly first: { readonly value: number; readonly status: string; readonly seenAt: number };
  last: { readonly value: number; readonly status: string };
}

/** The archive in this process's memory: pairs in the order first seen (a Map's order), so the oldest go first. */
export class MemoryArchive implements CorrectionsArchive {
  readonly kind = "memory";
  private readonly kept = new Map<string, Kept>();
  private readonly found: Correction[] = [];
  /** Indexes answered: as many as the catalogue has, since only the service's own answers are recorded. */
  private readonly asked = new Set<string>();

  constructor(private readonly bounds: ArchiveBounds = DEFAULT_ARCHIVE_BOUNDS) {}

  record(symbol: string, days: readonly DayAnswer[], seenAt: number): Promise<Correction[]> {
    const corrections: Correction[] = [];
    if (days.some(archivable)) this.asked.add(symbol);
    for (const day of days.filter(archivable)) {
      const key = `${symbol}|${day.date}`;
      const kept = this.kept.get(key);
      if (kept === undefined) {
        const first = { value: day.value, status: day.status, seenAt };
        this.kept.set(key, { first, last: first });
        continue;
      }
      if (!differs(kept.last, day)) continue;
      kept.last = { value: day.value, status: day.status };
      const { first } = kept;
      corrections.push({
        symbol,
        date: day.date,
        was: { value: first.value, status: first.status, seenAt: new Date(first.seenAt).toISOString() },
        now: { value: day.value, status: day.status, seenAt: new Date(seenAt).toISOString() },
      });
    }
    for (const key of this.kept.keys()) {
      if (this.kept.size <= this.bounds.pairs) break;
      this.kept.delete(key);
    }
    this.found.push(...corrections);
    if (this.found.length > this.bounds.corrections) this.found.splice(0, this.found.length - this.bounds.corrections);
    return Promise.resolve(corrections);
  }

  corrections(since: number, symbol?: string): Promise<Correction[]> {
    const sinceIso = new Date(since).toISOString();
    return Promise.resolve(
      this.found.filter((c) => c.now.seenAt >= sinceIso && (symbol === undefined || c.symbol === symbol)),
    );
  }

  pairs(): Promise<number> {
    return Promise.resolve(this.kept.size);
  }

  symbols(): Promise<string[]> {
    return Promise.resolve([...this.asked].sort());
  }
}
