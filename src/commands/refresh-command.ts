import type { CommandEvent } from "../office";
import { noDiagnostics, type Diagnostics } from "@index-data/wire/diagnostics";
import { systemClock, withDeadline, type Clock } from "@index-data/wire/time";

/** Longest the ribbon's Refresh waits before it tells Office it is done (cells keep updating after). */
const REFRESH_COMMAND_TIMEOUT_MS = 60_000;

export interface CommandOptions {
  /** Where a failure of the command is kept (a ribbon button has no place for words). @default noDiagnostics */
  readonly diagnostics?: Diagnostics;
  /** How long Office's ribbon waits. @default 60 s */
  readonly timeoutMs?: number;
  /** @default systemClock */
  readonly clock?: Clock;
}

/**
 * The ribbon's Refresh: invalidates and recalculates through `refresh`, and calls `event.completed()` in
 * every path (success, failure, or no answer within the timeout, on `clock`), as Office requires of a command.
 * A failure shows where the trader looks, in the cells (errors with messages) and the taskpane, and is kept in the
 * runtime's diagnostics (the pane's About); past the timeout the refresh goes on, and the ribbon is released.
 */
export function refreshCommand(refresh: () => Promise<void>, options: CommandOptions = {}) {
  const { diagnostics = noDiagnostics, timeoutMs = REFRESH_COMMAND_TIMEOUT_MS, clock = systemClock } = options;
  return async (event: CommandEvent): Promise<void> => {
    try {
      await withDeadline(refresh(), timeoutMs, () => new Error("the command still running"), clock);
    } catch (error) {
      diagnostics.note({ where: "ribbon command", error });
    } finally {
      event.completed();
    }
  };
}
