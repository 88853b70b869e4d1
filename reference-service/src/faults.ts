import { dayOf } from "./dataset/calendar";
import type { Dataset } from "./dataset/dataset";
import { roundTo } from "./dataset/random";
import { HEALTH_STATES, type HealthState } from "./health";
import type { Restatement, Restatements } from "./restatements";
import type { RateWindows } from "./rate-windows";
import { FAULT_KINDS, type FaultKind, type ServiceState } from "./state";

/** Test-only control of a running service. */
export interface FaultController {
  /** Milliseconds added before every response. */
  setLatency(ms: number): void;
  /** The next `count` requests whose path (with query) starts with `pathPrefix` fail this way. Infinity allowed. */
  failNext(kind: FaultKind, count?: number, pathPrefix?: string): void;
  /** Drives /api/status, /api/health and /api/v1/benchmark/health. */
  setHealth(state: HealthState): void;
  /** Publishes a new latest fix, dated now; without a value, the last one moved up by 0.5%. */
  publishFix(symbol: string, value?: number): void;
  /** Restates a published day from now on (value, status or both), as `--corrections` does at start. */
  restate(restatement: Restatement): void;
  /**
   * Turns every caller's rate-limit window now, as if it had just run out: counts start from nothing, a `minute`
   * grid moves to turn now, a sliding log forgets what it held. For a test that needs the window to turn at a
   * moment of its choosing (just before an open, say).
   */
  turnWindow(): void;
  /** Back to a healthy, fault-free service with the dataset's own latest values and the start's restatements. */
  reset(): void;
}

const DISABLED_MESSAGE =
  "Fault injection is off. It exists for tests only: start the service with startReferenceService({ testFaults: true }).";

/** The controller of a normally started service: every call throws. */
export function disabledFaultController(): FaultController {
  const refuse = (): never => {
    throw new Error(DISABLED_MESSAGE);
  };
  return {
    setLatency: refuse,
    failNext: refuse,
    setHealth: refuse,
    publishFix: refuse,
    restate: refuse,
    turnWindow: refuse,
    reset: refuse,
  };
}

export function faultController(
  state: ServiceState,
  dataset: Dataset,
  now: () => Date,
  restatements: Restatements,
  windows: RateWindows,
): FaultController {
  return {
    setLatency(ms) {
      if (!Number.isFinite(ms) || ms < 0)
        throw new RangeError(`setLatency: ms must be a finite number >= 0, got ${ms}.`);
      state.latencyMs = ms;
    },
    failNext(kind, count = 1, pathPrefix = "/") {
      if (!FAULT_KINDS.includes(kind))
        throw new RangeError(`failNext: unknown fault kind "${kind}"; use one of ${FAULT_KINDS.join(", ")}.`);
      if (!(count >= 1)) throw new RangeError(`failNext: count must be >= 1 (or Infinity), got ${count}.`);
      state.pendingFaults.push({ kind, remaining: count, pathPrefix });
    },
    setHealth(health) {
      if (!HEALTH_STATES.includes(health))
        throw new RangeError(`setHealth: use "ok", "degraded" or "down", got "${health}".`);
      state.health = health;
    },
    publishFix(symbol, value) {
      const definition = dataset.find(symbol);
      if (definition === undefined) throw new Error(`publishFix: no index "${symbol}" in the dataset.`);
      const latest = dataset.latest(definition, dayOf(now()));
      if (latest === null) throw new Error(`publishFix: index "${symbol}" has no data to publish after.`);
      if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
        throw new RangeError(`publishFix: value must be a positive number, got ${value}.`);
      }
      const previous = state.publishedFixes.get(symbol)?.value ?? latest.value;
      state.publishedFixes.set(symbol, { value: value ?? roundTo(previous * 1.005, 4), asOf: now().toISOString() });
    },
    restate(restatement) {
      restatements.add(restatement);
    },
    turnWindow() {
      windows.turn();
    },
    reset() {
      state.reset();
      restatements.reset();
    },
  };
}
