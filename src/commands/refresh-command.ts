import type { CommandEvent } from "../office";
import { systemClock, withDeadline, type Clock } from "@index-data/wire/time";

/** Longest the ribbon's Refresh waits before it tells Office it is done (cells keep updating after). */
const REFRESH_COMMAND_TIMEOUT_MS = 60_000;

/**
 * The ribbon's Refresh: invalidates and recalculates through `refresh`, and calls `event.completed()` in
 * every path (success, failure, or no answer within the timeout, on `clock`), as Office requires of a command.
 */
export function refreshCommand(
  refresh: () => Promise<void>,
  timeoutMs = REFRESH_COMMAND_TIMEOUT_MS,
  clock: Clock = systemClock,
) {
  return async (event: CommandEvent): Promise<void> => {
    try {
      await withDeadline(refresh(), timeoutMs, () => new Error("refresh still running"), clock);
    } catch {
      // Refresh failures show where the trader looks: in the cells (errors with messages) and the taskpane;
      // past the timeout the refresh goes on, and the ribbon is released.
    } finally {
      event.completed();
    }
  };
}
