import type { Clock, TimerHandle } from "@index-data/wire/time";
import { noDiagnostics, type Diagnostics } from "@index-data/wire/diagnostics";

/** The sweep's period when none is given: once a day. */
export const DEFAULT_SWEEP_EVERY_MS = 24 * 60 * 60 * 1000;
/** Days of history the sweep re-reads for each index: the month in which agencies usually correct. */
export const DEFAULT_SWEEP_DAYS = 30;
/** How soon the sweep looks again for spare budget when traders wait or the budget has none to spare. */
const SPARE_POLL_MS = 1000;

export interface SweepOptions<Send> {
  readonly clock: Clock;
  /** How often the sweep runs (--corrections-every); false: never. @default DEFAULT_SWEEP_EVERY_MS */
  readonly everyMs?: number | false | undefined;
  /** Days of history re-read per index. @default DEFAULT_SWEEP_DAYS */
  readonly days?: number | undefined;
  /** The indexes the desk has asked for (the archive's). */
  readonly symbols: () => Promise<readonly string[]>;
  /** How many traders' fetches wait for a send now: while any does, the sweep spends nothing. */
  readonly tradersWaiting: () => number;
  /**
   * One send from what the desk's budget has to spare now, beyond what traders may need next; false when it has
   * none. A send taken here is counted in the desk's budget like any other: the sweep never exceeds it.
   */
  readonly spareSend: () => Promise<Send | undefined>;
  /**
   * Re-reads one index's history from `startDate` (`YYYY-MM-DD`) upstream with the send taken, bypassing the cache,
   * and archives it.
   */
  readonly reread: (symbol: string, startDate: string, send: Send) => Promise<void>;
  /** Where a failed re-read is reported (the sweep goes on with the next index). @default noDiagnostics */
  readonly diagnostics?: Diagnostics | undefined;
}

/**
 * Finds corrections without waiting to be asked: once a period, re-reads the recent history of every index the desk
 * has asked for, one send at a time, each from spare budget only: never while a trader's fetch waits for a send, and
 * never a send a trader is due (spareSend). It holds no lock and no turn, so a trader's request never waits for it.
 * A period's sweep that has not ended when the next is due goes on; the next starts after it.
 */
export class CorrectionsSweep<Send> {
  private timer: TimerHandle | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  /** Wakes the wait for spare budget at close, so a close never hangs on it. */
  private wake: (() => void) | undefined;

  constructor(private readonly options: SweepOptions<Send>) {}

  /** Schedules the first sweep one period from now. */
  start(): void {
    this.schedule();
  }

  /** Resolves when the sweep under way (if any) has ended. */
  async settled(): Promise<void> {
    await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.options.clock.clearTimer(this.timer);
    this.wake?.();
    await this.running;
  }

  private spare(): Promise<Send | undefined> {
    return this.options.spareSend().catch((error: unknown) => {
      (this.options.diagnostics ?? noDiagnostics).note({ where: "corrections sweep: spare send", error });
      return undefined;
    });
  }

  private schedule(): void {
    const everyMs = this.options.everyMs ?? DEFAULT_SWEEP_EVERY_MS;
    if (this.closed || everyMs === false) return;
    this.timer = this.options.clock.setTimer(() => {
      this.running = this.sweep().finally(() => {
        this.running = undefined;
        this.schedule();
      });
    }, everyMs);
  }

  /** One sweep: every index's recent history, re-read from spare budget. */
  private async sweep(): Promise<void> {
    const { clock, diagnostics = noDiagnostics } = this.options;
    const days = this.options.days ?? DEFAULT_SWEEP_DAYS;
    const symbols = await this.options.symbols().catch((error: unknown) => {
      diagnostics.note({ where: "corrections sweep: indexes asked for", error });
      return [] as readonly string[];
    });
    for (const symbol of symbols) {
      const send = await this.spareTurn();
      if (send === undefined) return;
      const startDate = new Date(clock.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
      await this.options
        .reread(symbol, startDate, send)
        .catch((error: unknown) => diagnostics.note({ where: "corrections sweep: re-read", error }));
    }
  }

  /** Waits until no trader waits and the budget has a send to spare, then takes it; undefined once closed. */
  private async spareTurn(): Promise<Send | undefined> {
    for (;;) {
      if (this.closed) return undefined;
      const send = this.options.tradersWaiting() === 0 ? await this.spare() : undefined;
      if (send !== undefined) return send;
      await new Promise<void>((resolve) => {
        const timer = this.options.clock.setTimer(() => {
          this.wake = undefined;
          resolve();
        }, SPARE_POLL_MS);
        this.wake = () => {
          this.options.clock.clearTimer(timer);
          resolve();
        };
      });
    }
  }
}
