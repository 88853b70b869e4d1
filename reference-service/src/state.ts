import type { HealthState } from "./health";

export const FAULT_KINDS = ["500", "503", "malformed", "wrong-shape", "drop", "429", "429-no-retry-after"] as const;
/**
 * - `500`, `503`: that status with a JSON error body;
 * - `malformed`: 200 with a body that is not valid JSON;
 * - `wrong-shape`: 200 with valid JSON in which every number has become a string (e.g. `"value": "1.8342"`);
 * - `drop`: the socket is destroyed without a response;
 * - `429`: rate limited with `Retry-After: 1`; `429-no-retry-after`: the same without `Retry-After`.
 */
export type FaultKind = (typeof FAULT_KINDS)[number];

interface PendingFault {
  readonly kind: FaultKind;
  remaining: number;
  readonly pathPrefix: string;
}

/** A fix published after start by `publishFix`, overriding the dataset's latest value. */
export interface PublishedFix {
  readonly value: number;
  readonly asOf: string;
}

/** Calls `wake` after `ms` milliseconds; the returned function cancels. Tests pass a fake one to hold and release latency. */
export type LatencyTimer = (ms: number, wake: () => void) => () => void;

const realLatencyTimer: LatencyTimer = (ms, wake) => {
  const timer = setTimeout(wake, ms);
  return () => clearTimeout(timer);
};

/** What a running service can change while it runs: health, injected faults, published fixes. */
export class ServiceState {
  health: HealthState = "ok";
  latencyMs = 0;
  readonly pendingFaults: PendingFault[] = [];
  readonly publishedFixes = new Map<string, PublishedFix>();
  private readonly sleepers = new Set<() => void>();
  private closed = false;

  constructor(private readonly latencyTimer: LatencyTimer = realLatencyTimer) {}

  /** The fault for this request, if one is queued for its path; counts it down. */
  takeFault(path: string): FaultKind | undefined {
    const index = this.pendingFaults.findIndex((f) => path.startsWith(f.pathPrefix));
    const fault = this.pendingFaults[index];
    if (fault === undefined) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.pendingFaults.splice(index, 1);
    return fault.kind;
  }

  /** Waits the injected latency; cut short when the service closes, so close() never hangs on it. */
  delay(): Promise<void> {
    return this.hold(this.latencyMs);
  }

  /** Waits `ms` on the latency timer (an answer held back, say); cut short when the service closes. */
  async hold(ms: number): Promise<void> {
    if (ms <= 0 || this.closed) return;
    await new Promise<void>((resolve) => {
      let cancel = () => {};
      const wake = () => {
        cancel();
        this.sleepers.delete(wake);
        resolve();
      };
      this.sleepers.add(wake);
      cancel = this.latencyTimer(ms, wake);
    });
  }

  close(): void {
    this.closed = true;
    for (const wake of [...this.sleepers]) wake();
  }

  reset(): void {
    this.health = "ok";
    this.latencyMs = 0;
    this.pendingFaults.length = 0;
    this.publishedFixes.clear();
  }
}
