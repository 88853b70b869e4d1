import { responseInfo, type ResponseInfo } from "@index-data/wire";
import type { FakeClock } from "./fake-clock";

/** A request's answer as an upstream on a fake clock gives it: its headers (written when it is answered), and when. */
export interface UpstreamAnswer {
  /** How long after it arrives it is answered. @default the runtime's latencyMs */
  readonly latencyMs?: number | undefined;
  /** The answer, written as it leaves (a service may count sends that arrived meanwhile). */
  readonly info: () => ResponseInfo;
}

/** What a runtime sends to: a limit per window, and an answer to each request as it arrives. */
export interface Upstream {
  readonly limit: number;
  readonly windowMs: number;
  answer(by?: string): UpstreamAnswer;
}

/** How the upstream counts its window: from the first request, on the clock's grid, or as a sliding log. */
export type WindowKind = "first-request" | "minute" | "sliding";

/**
 * What the upstream says of its limit: the honest forms (every header, Limit and Remaining only, the IETF fields,
 * nothing), and the hostile ones:
 * - `tiny-waits`: Retry-After 0.001 and a reset of 0.5 s, in a window that lasts the whole minute;
 * - `over-limit`: a Remaining above the Limit;
 * - `r-over-q`: the IETF fields with r above q;
 * - `flapping`: Limit and Remaining only, the Remaining alternating the limit less one and 0;
 * - `hourly`: a quota of 1,000 an hour (its reset the hour's end), while 60 a minute is enforced.
 */
export type UpstreamForm =
  "full" | "partial" | "ietf" | "none" | "tiny-waits" | "over-limit" | "r-over-q" | "flapping" | "hourly";

export interface SpecUpstreamOptions {
  readonly limit: number;
  readonly windowMs: number;
  readonly window: WindowKind;
  readonly form: UpstreamForm;
  /** The count an answer tells is the count when it leaves (sends that arrived while it was processed included). */
  readonly countAtAnswer?: boolean;
  /** Each request's time from arrival to answer, by its number: unequal times answer out of order. */
  readonly latencyMs?: (n: number) => number;
}

/** Ms of an hour: the hourly quota's window. */
const HOUR_MS = 3_600_000;

/**
 * An upstream that keeps the spec (a limit per minute, 429 beyond it) written independently of the reference
 * service, with the switches a test needs: how it counts its window, when it writes the count into an answer, the
 * order of its answers, and what its headers say (honest or hostile). On a fake clock.
 */
export class SpecUpstream implements Upstream {
  /** Every arrival: when, by whom, and whether it was refused. */
  readonly arrivals: Array<{ readonly at: number; readonly status: number; readonly by: string }> = [];
  /** When each of its fixed windows began (none for a sliding one): the windows it really counted in. */
  readonly windowStarts: number[] = [];
  private fixed = { start: -Infinity, count: 0 };
  private accepted: number[] = [];
  private answers = 0;

  constructor(
    private readonly clock: FakeClock,
    private readonly options: SpecUpstreamOptions,
  ) {}

  get limit(): number {
    return this.options.limit;
  }

  get windowMs(): number {
    return this.options.windowMs;
  }

  get rejected(): number {
    return this.arrivals.filter((a) => a.status === 429).length;
  }

  /** 429s in the worst window-long stretch that begins at an arrival. */
  worstRefusalsPerWindow(): number {
    const refused = this.arrivals.filter((a) => a.status === 429).map((a) => a.at);
    let worst = 0;
    for (const from of refused)
      worst = Math.max(worst, refused.filter((at) => at >= from && at < from + this.windowMs).length);
    return worst;
  }

  /** Accepted sends in each window-long stretch from `from`, window after window, until `until`. */
  acceptedPerWindow(from: number, until: number): number[] {
    const ok = this.arrivals.filter((a) => a.status === 200).map((a) => a.at);
    const counts: number[] = [];
    for (let at = from; at + this.windowMs <= until; at += this.windowMs)
      counts.push(ok.filter((t) => t >= at && t < at + this.windowMs).length);
    return counts;
  }

  /**
   * Sends let through in the window the upstream counted in at `at`: its fixed window's so far, or the sliding log's;
   * `as` "sliding" reads a fixed window's arrivals as a sliding log would have counted them.
   */
  usedAt(at: number, as: WindowKind = this.options.window): number {
    const start = this.windowStarts.filter((s) => s <= at).pop() ?? at;
    const counted = (t: number) => (as === "sliding" ? t > at - this.windowMs : t >= start);
    return this.arrivals.filter((a) => a.status === 200 && a.at <= at && counted(a.at)).length;
  }

  answer(by = ""): UpstreamAnswer {
    const { status, latencyMs, headers } = this.arrive(by);
    return {
      latencyMs,
      info: () => responseInfo("/", status, headers()),
    };
  }

  /** Counts a request as it arrives: its status, and its headers as they are written when it is answered (once). */
  arrive(by = ""): {
    readonly status: number;
    readonly latencyMs?: number | undefined;
    readonly headers: () => Headers;
  } {
    const n = this.arrivals.length;
    const allowed = this.count();
    const status = allowed ? 200 : 429;
    this.arrivals.push({ at: this.clock.now(), status, by });
    const atArrival = this.told();
    let written: Headers | undefined;
    return {
      status,
      latencyMs: this.options.latencyMs?.(n),
      headers: () => (written ??= this.write(status, this.options.countAtAnswer === true ? this.told() : atArrival)),
    };
  }

  /** Counts a request; true when it is let through. */
  private count(): boolean {
    const { limit, windowMs, window } = this.options;
    const now = this.clock.now();
    if (window === "sliding") {
      this.accepted = this.accepted.filter((at) => at > now - windowMs);
      if (this.accepted.length >= limit) return false;
      this.accepted.push(now);
      return true;
    }
    if (this.fixed.start + windowMs <= now) {
      this.fixed = { start: window === "minute" ? Math.floor(now / windowMs) * windowMs : now, count: 0 };
      this.windowStarts.push(this.fixed.start);
    }
    this.fixed.count += 1;
    return this.fixed.count <= limit;
  }

  /** The window as it stands now: what is left and how long until a slot frees. */
  private told(): { readonly remaining: number; readonly resetMs: number; readonly hourUsed: number } {
    const { limit, windowMs, window } = this.options;
    const now = this.clock.now();
    const hourStart = Math.floor(now / HOUR_MS) * HOUR_MS;
    const hourUsed = this.arrivals.filter((a) => a.at >= hourStart && a.status === 200).length;
    if (window === "sliding") {
      const live = this.accepted.filter((at) => at > now - windowMs);
      return { remaining: limit - live.length, resetMs: (live[0] ?? now) + windowMs - now, hourUsed };
    }
    const turned = this.fixed.start + windowMs <= now;
    const remaining = turned ? limit : Math.max(0, limit - this.fixed.count);
    return { remaining, resetMs: turned ? windowMs : this.fixed.start + windowMs - now, hourUsed };
  }

  private write(status: number, window: ReturnType<SpecUpstream["told"]>): Headers {
    const { limit } = this.options;
    const h = new Headers();
    const reset = String(Math.max(0, Math.ceil(window.resetMs / 1000)));
    const x = (l: number, r: number, resetS?: string) => {
      h.set("x-ratelimit-limit", String(l));
      h.set("x-ratelimit-remaining", String(r));
      if (resetS !== undefined) h.set("x-ratelimit-reset", resetS);
    };
    this.answers += 1;
    switch (this.options.form) {
      case "full":
        x(limit, window.remaining, reset);
        if (status === 429) h.set("retry-after", reset);
        break;
      case "partial":
        x(limit, window.remaining);
        break;
      case "ietf":
        h.set("ratelimit-policy", `"default";q=${limit};w=${Math.round(this.windowMs / 1000)}`);
        h.set("ratelimit", `"default";r=${window.remaining};t=${reset}`);
        break;
      case "none":
        break;
      case "tiny-waits":
        x(limit, window.remaining, "0.5");
        if (status === 429) h.set("retry-after", "0.001");
        break;
      case "over-limit":
        x(limit, window.remaining + 100, reset);
        break;
      case "r-over-q":
        h.set("ratelimit-policy", `"default";q=${limit};w=${Math.round(this.windowMs / 1000)}`);
        h.set("ratelimit", `"default";r=${window.remaining + 100};t=${reset}`);
        break;
      case "flapping":
        x(limit, this.answers % 2 === 1 ? limit - 1 : 0);
        break;
      case "hourly": {
        const hourReset = Math.ceil((HOUR_MS - (this.clock.now() % HOUR_MS)) / 1000);
        x(1000, Math.max(0, 1000 - window.hourUsed), String(hourReset));
        break;
      }
    }
    return h;
  }
}

/** A seeded pseudo-random sequence in [0, 1): the same run every time. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
