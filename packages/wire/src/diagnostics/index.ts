/**
 * Failures the code swallows (a lost hint, a listener's bug, a refused storage write) reported, not silent: the
 * Diagnostics port every such place takes (a no-op by default, like the Clock), and a bounded recorder with its
 * secrets scrubbed, which the task pane's About section and the tests read. Imports only src/time.
 */
export { noDiagnostics, type DiagnosticEvent, type Diagnostics } from "./diagnostics";
export { DiagnosticsRecorder, type Diagnostic, type DiagnosticsLog } from "./recorder";
export { scrubSecrets } from "./scrub";
