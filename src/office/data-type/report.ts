import type { ConvertOutcome } from "./convert";
import type { Diagnostics } from "@index-data/wire/diagnostics";

/**
 * What a ribbon button of the data type ended with, for the pane to say: a ribbon button has no place for words,
 * so when the outcome says more than what changed (cells left untouched, formulas instead of entities) or the action
 * failed, the command opens the pane (Office.addin.showAsTaskpane) and the pane shows the latest report.
 */
export type DataTypeAction = "toIndex" | "toText";
export type DataTypeReport =
  | { readonly action: DataTypeAction; readonly outcome: ConvertOutcome }
  | { readonly action: DataTypeAction; readonly error: unknown };

export class DataTypeReports {
  #latest: DataTypeReport | undefined;
  readonly #listeners = new Set<(report: DataTypeReport) => void>();

  /** Tells the pane if it is listening; otherwise keeps the report until a pane takes it. */
  publish(report: DataTypeReport): void {
    this.#latest = this.#listeners.size === 0 ? report : undefined;
    for (const listener of [...this.#listeners]) listener(report);
  }

  /** The report no pane has shown yet (the pane's UI loads only when shown); taking it marks it shown. */
  take(): DataTypeReport | undefined {
    const report = this.#latest;
    this.#latest = undefined;
    return report;
  }

  subscribe(listener: (report: DataTypeReport) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/** Opens the pane (SharedRuntime 1.1); where Office cannot, the report waits for the pane to be opened by hand. */
export async function showPane(diagnostics: Diagnostics): Promise<void> {
  const addin =
    typeof Office !== "undefined" ? (Office as { addin?: { showAsTaskpane?: () => Promise<void> } }).addin : undefined;
  try {
    await addin?.showAsTaskpane?.();
  } catch (error) {
    // The report stays on the board; the pane shows it when the user opens it.
    diagnostics.note({ where: "show the pane", error });
  }
}
