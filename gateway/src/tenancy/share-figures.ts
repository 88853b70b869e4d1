import type { RateSnapshot } from "@index-data/wire";
import { usageWindowStart } from "../store/usage-tally";

/** What one user may still send upstream in the window, as the rate-limit headers tell it. */
export interface Share {
  /** The user's quota: the upstream's limit divided among the users active in the window. */
  readonly limit: number;
  /** What is left of it: less the user's own upstream sends (never hits), and never more than the window has room for. */
  readonly remaining: number;
  /** Seconds until more is free: the window's end, or sooner the budget's room when the window is what holds it. */
  readonly resetSeconds: number;
  readonly windowSeconds: number;
}

/**
 * A user's share of the desk's budget, from how many users asked anything in the window (this one included) and
 * this user's own upstream sends in it. Quota: the upstream's limit divided fairly among those users. Remaining: the quota less the user's own upstream sends this window,
 * never more than the upstream's window has room for now. A hit is no send and changes nothing, so an add-in behind
 * the gateway paces itself by what its misses may cost, neither by its tier's default nor by the desk's whole limit.
 */
export function shareFigures(
  now: number,
  budget: RateSnapshot,
  usage: { readonly users: number; readonly sends: number },
): Share {
  const limit = Math.max(1, Math.ceil(budget.limit / Math.max(1, usage.users)));
  const ownLeft = limit - usage.sends;
  const remaining = Math.max(0, Math.min(ownLeft, budget.sendableNow));
  const windowEnd = usageWindowStart(now, budget.windowMs) + budget.windowMs;
  const untilWindowEnd = Math.ceil((windowEnd - now) / 1000);
  // Held by the desk's budget (spent by others, or a pause after a 429) rather than by the user's own sends.
  const heldByBudget = remaining === 0 && ownLeft > 0;
  const resetSeconds = heldByBudget ? Math.max(1, Math.ceil(budget.roomInMs / 1000)) : untilWindowEnd;
  return { limit, remaining, resetSeconds, windowSeconds: Math.round(budget.windowMs / 1000) };
}
