/**
 * Which calls were answered from last-known values since the last refresh. The engine cannot see cells,
 * only calls; each cell's evaluation is one call, so after a refresh the count is the number of cells.
 */
export class StaleLedger {
  private readonly served = new Map<string, { count: number; fetchedAt: string }>();

  note(key: string, fetchedAt: string): void {
    const entry = this.served.get(key);
    this.served.set(key, { count: (entry?.count ?? 0) + 1, fetchedAt });
  }

  count(): number {
    let total = 0;
    for (const entry of this.served.values()) total += entry.count;
    return total;
  }

  /** The oldest last-known value in use (ISO 8601). */
  oldest(): string | undefined {
    let oldest: string | undefined;
    for (const { fetchedAt } of this.served.values()) {
      if (oldest === undefined || Date.parse(fetchedAt) < Date.parse(oldest)) oldest = fetchedAt;
    }
    return oldest;
  }

  clear(): void {
    this.served.clear();
  }
}
