import { DiagnosticsRecorder } from "@index-data/wire/diagnostics";

let shared: DiagnosticsRecorder | undefined;

/**
 * The shared runtime's one recorder of the failures it swallows (the engine's, the ribbon's, Office's refusals of
 * a hint): the task pane's About section reads it. Until the context knows the settings, nothing is keyed yet.
 */
export function runtimeDiagnostics(): DiagnosticsRecorder {
  shared ??= new DiagnosticsRecorder();
  return shared;
}
