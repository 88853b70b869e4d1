import type { DiagnosticsLog } from "@index-data/wire/diagnostics";

export interface AboutSectionProps {
  /** The failures the runtime recorded instead of showing them (the app context's recorder). */
  readonly diagnostics: DiagnosticsLog;
  /**
   * How many recent failures are listed; the rest stay in the recorder.
   * @default 10
   */
  readonly shown?: number;
}
