/**
 * How many calls were answered from last-known values since the last refresh, and the oldest of those
 * values. Each cell's evaluation is one call (the engine counts at its public methods, never the shared
 * request behind many cells), so after a refresh or an open the count is the number of cells; a cell
 * evaluated again before the next refresh counts again, since the engine sees calls, not cells.
 */
export class StaleLedger {
  private calls = 0;
  private oldestMs: number | undefined;

  /** `calls` calls were answered by one last-known value produced at `fetchedAt`. */
  note(fetchedAt: string, calls = 1): void {
    this.calls += calls;
    const ms = Date.parse(fetchedAt);
    if (this.oldestMs === undefined || ms < this.oldestMs) this.oldestMs = ms;
  }

  count(): number {
    return this.calls;
  }

  /** The oldest last-known value in use (ISO 8601). */
  oldest(): string | undefined {
    return this.oldestMs === undefined ? undefined : new Date(this.oldestMs).toISOString();
  }

  clear(): void {
    this.calls = 0;
    this.oldestMs = undefined;
  }
}
