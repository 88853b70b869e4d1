/** How fast others spend the budget we share, as the service's headers show it (see header-rule.ts). */

/** What others had spent at an answer. */
interface Reading {
  readonly spent: number;
  readonly at: number;
}

/** Readings kept at most: enough to look back one pace span and more. */
const KEPT_READINGS = 16;

export class OthersPace {
  /** This window's readings, oldest first (the last few, at least an eighth of a pace span apart). */
  private readings: Reading[] = [];
  /** This window's first reading: what others had spent when we first saw them in it. */
  private first: Reading | undefined;
  /**
   * The shortest stretch over which a pace is measured: a sixtieth of a window, and four round trips, in which
   * every runtime like this one has sent a round at least (its holds last two round trips at most).
   */
  private spanMs: number;

  constructor(private readonly windowMs: number) {
    this.spanMs = windowMs / 60;
  }

  /** The shortest stretch over which a pace is measured (spanMs). */
  get span(): number {
    return this.spanMs;
  }

  /** A window (or an opening of it again) begins: its readings start afresh. */
  restart(): void {
    this.readings = [];
    this.first = undefined;
  }

  /** Others had spent `spent` in the window at `at`; `roundTripMs` is the shortest round trip seen. */
  record(spent: number, at: number, roundTripMs: number): void {
    this.spanMs = Math.max(this.windowMs / 60, 4 * roundTripMs);
    this.first ??= { spent, at };
    const last = this.readings[this.readings.length - 1];
    // Answers of one wave come within milliseconds: keep one of them, so the few kept span a measurable time.
    if (last !== undefined && at - last.at < this.spanMs / 8) this.readings.pop();
    this.readings = [...this.readings.slice(1 - KEPT_READINGS), { spent, at }];
  }

  /**
   * Others' pace now, per ms: the faster of what they spent since a reading at least a pace span old (spending
   * that has stopped stops counting) and what they spent since we first saw them in this window (a wave we saw
   * stays counted while its senders wait for their next round). Undefined until our readings span a pace span:
   * spending seen only as a total may have been made a moment ago, by peers that want as much again, and taking
   * it for slow would let each of them take all that is left.
   */
  paceAt(spent: number, now: number): number | undefined {
    const first = this.first;
    if (first === undefined || now - first.at < this.spanMs) return undefined;
    let recent = 0;
    for (let i = this.readings.length - 1; i >= 0; i -= 1) {
      const earlier = this.readings[i] as Reading;
      if (now - earlier.at < this.spanMs) continue;
      recent = Math.max(0, spent - earlier.spent) / (now - earlier.at);
      break;
    }
    return Math.max(recent, Math.max(0, spent - first.spent) / (now - first.at));
  }

  /**
   * When a reading a pace span after this window's first would measure others' pace (0: now); undefined once
   * the readings span it, or before any.
   */
  measuredInMs(now: number): number | undefined {
    const first = this.first;
    const last = this.readings[this.readings.length - 1];
    if (first === undefined || last === undefined || last.at - first.at >= this.spanMs) return undefined;
    return Math.max(0, first.at + this.spanMs - now);
  }
}
