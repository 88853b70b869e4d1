import { STALE_MARK } from "../formulas";

/** An age as a person reads it: seconds under a minute, minutes under two hours, then hours. */
function ageText(ms: number): string {
  if (ms < 60_000) return `${Math.floor(ms / 1000)} s`;
  if (ms < 120 * 60_000) return `${Math.floor(ms / 60_000)} min`;
  return `${Math.floor(ms / 3_600_000)} h`;
}

/**
 * Answers a cache served in the service's stead (the desk gateway's stale-if-error, believed with `--gateway`):
 * collected while a command runs, so the terminal marks its output as the card marks itself ("last-known value").
 */
export class LastKnownAnswers {
  private readonly answers: Array<{ readonly producedAt: number; readonly ageMs: number }> = [];

  /** Notes an answer served stale, produced at `fetchedAt` (ISO 8601), received at `receivedAt` (ms). */
  note(fetchedAt: string, receivedAt: number): void {
    const producedAt = Date.parse(fetchedAt);
    if (!Number.isNaN(producedAt)) this.answers.push({ producedAt, ageMs: Math.max(0, receivedAt - producedAt) });
  }

  /** The mark for stderr, from the oldest such answer (its age when it arrived), or undefined when all came fresh. */
  mark(): string | undefined {
    const oldest = [...this.answers].sort((a, b) => a.producedAt - b.producedAt)[0];
    if (oldest === undefined) return undefined;
    const at = new Date(oldest.producedAt).toISOString().slice(0, 19).replace("T", " ");
    return (
      `${STALE_MARK}: the service did not answer, so the desk gateway served the answer it kept, ` +
      `produced ${at} UTC (${ageText(oldest.ageMs)} before); run the command again later for a fresh one`
    );
  }
}
