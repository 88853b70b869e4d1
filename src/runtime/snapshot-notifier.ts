import type { Clock, TimerHandle } from "@index-data/wire/time";
import type { Diagnostics } from "@index-data/wire/diagnostics";

/** Longest gap between a change and the snapshot listeners hearing of it. */
const NOTIFY_EVERY_MS = 200;

/**
 * Tells the listeners (the task pane's freshness bar) of a new snapshot: at once after a refresh, and at most
 * every NOTIFY_EVERY_MS while the engine is busy, so a screen of cells is one repaint, not hundreds.
 */
export class SnapshotNotifier<Snapshot> {
  private readonly listeners = new Set<(snapshot: Snapshot) => void>();
  private timer: TimerHandle | undefined;

  constructor(
    private readonly clock: Clock,
    /** Called before every notification (the host keeps the learned limit there); returns the snapshot told. */
    private readonly take: () => Snapshot,
    private readonly diagnostics: Diagnostics,
  ) {}

  subscribe(listener: (snapshot: Snapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Notifies within NOTIFY_EVERY_MS (changes meanwhile go in the same notification). */
  soon(): void {
    this.timer ??= this.clock.setTimer(() => this.now(), NOTIFY_EVERY_MS);
  }

  /** Notifies at once. */
  now(): void {
    this.clock.clearTimer(this.timer);
    this.timer = undefined;
    const snapshot = this.take();
    for (const listener of [...this.listeners]) {
      try {
        listener(snapshot);
      } catch (error) {
        // A closed taskpane's listener must not stop the others.
        this.diagnostics.note({ where: "snapshot listener", error });
      }
    }
  }

  close(): void {
    this.clock.clearTimer(this.timer);
    this.timer = undefined;
  }
}
