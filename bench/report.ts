import type { RequestMinimum } from "./request-minimum";
import type { Measured } from "./measure";

export interface ScenarioReport {
  readonly name: string;
  readonly description: string;
  readonly minimum: RequestMinimum;
  readonly ours: Measured;
  readonly baseline: Measured;
  /** Settle time in round trips of one request (cold open's target: the critical path, one, plus three). */
  readonly roundTrips: number;
  readonly targets: Readonly<Record<string, boolean>>;
}

function ratio(ours: number, baseline: number): string {
  if (baseline === 0) return ours === 0 ? "-" : "∞";
  return `${(ours / baseline).toFixed(3)}x`;
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}

/** The table `npm run bench` prints (and the README shows). */
export function table(reports: readonly ScenarioReport[]): string {
  const header = [
    "scenario",
    "cells",
    "minimum",
    "requests ours/naive (ratio)",
    "429s ours/naive",
    "settled ms ours/naive",
    "CPU ms per 1,000 cells ours/naive",
    "settled in RTTs",
    "peak heap MB ours/naive",
    "error cells ours/naive",
    "targets",
  ];
  const rows = reports.map((r) => [
    r.name,
    String(r.ours.cells),
    String(r.minimum.requests),
    `${r.ours.requests}/${r.baseline.requests} (${ratio(r.ours.requests, r.baseline.requests)})`,
    `${r.ours.rateLimited}/${r.baseline.rateLimited}`,
    `${r.ours.settledMs}/${r.baseline.settledMs}`,
    `${r.ours.cpuMsPer1000}/${r.baseline.cpuMsPer1000}`,
    r.roundTrips.toFixed(1),
    `${r.ours.peakHeapMb}/${r.baseline.peakHeapMb}`,
    `${r.ours.errorCells}/${r.baseline.errorCells}`,
    Object.values(r.targets).every(Boolean)
      ? "met"
      : `MISSED: ${Object.entries(r.targets)
          .filter(([, ok]) => !ok)
          .map(([k]) => k)
          .join(", ")}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => pad(c, widths[i] ?? 0)).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

/**
 * Runs one scenario when its own file is the program (`npx tsx bench/desk.ts`): prints its lines, then the
 * targets it missed. `npm run bench` runs them all instead.
 */
export function runAlone<R>(
  main: NodeModule,
  scenario: () => Promise<R>,
  lines: (result: R) => string[],
  missed: (result: R) => string[],
): void {
  if (require.main !== main) return;
  void scenario().then((result) => {
    for (const line of lines(result)) console.log(line);
    const targets = missed(result);
    if (targets.length > 0) console.log(`Targets missed: ${targets.join("; ")}`);
  });
}
