/**
 * Words for the benchmark's reason codes. The spec lists only two observed codes and says the full list is
 * not shown, so an unknown code is still explained from its own words rather than hidden.
 */
const KNOWN_REASONS: Readonly<Record<string, string>> = {
  benchmark_flagship_flat_over_72h: "The flagship index has not moved for more than 72 hours; its inputs may be stale.",
  benchmark_avg_confidence_below_50:
    "The average confidence score of the active indexes is below 50; values are less reliable than usual.",
  benchmark_source_feed_unavailable:
    "A source data feed is unavailable; indexes may be carried forward instead of freshly computed.",
  benchmark_no_approved_real_data_72h: "No approved real (non-carried-forward) data arrived in the last 72 hours.",
};

interface ReasonExplanation {
  readonly code: string;
  readonly text: string;
  /** False when the code is not one this add-in knows; the text is then derived from the code itself. */
  readonly known: boolean;
}

export function explainReason(code: string): ReasonExplanation {
  const text = KNOWN_REASONS[code];
  if (text !== undefined) return { code, text, known: true };
  const words = code
    .replace(/^benchmark_/, "")
    .replace(/_/g, " ")
    .trim();
  return { code, text: `The service reports: ${words || "an unnamed condition"}.`, known: false };
}

/** What a system state means for the numbers, in one sentence. */
export function explainState(state: "ok" | "degraded" | "down"): string {
  switch (state) {
    case "ok":
      return "The benchmark is healthy.";
    case "degraded":
      return "The benchmark is degraded: values are published but may be less reliable.";
    case "down":
      return "The benchmark is down: new values are not being published.";
  }
}

/** The service could not be asked for its state: what the pane says instead of its last answer. */
export function explainUnreachable(lastState: string, lastSeenAt: string): string {
  const when = lastSeenAt.slice(0, 16).replace("T", " ");
  return `The service did not answer; figures shown are last-known values. It was last seen ${lastState} at ${when} UTC.`;
}
