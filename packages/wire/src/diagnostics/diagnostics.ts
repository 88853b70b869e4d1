/** A failure the code chose not to show the user (a hint lost, a listener's bug), reported so it is not silent. */
export interface DiagnosticEvent {
  /** What failed, in a few words a developer can search for ("last-known write", "data type registration"). */
  readonly where: string;
  readonly error: unknown;
}

/**
 * Where swallowed failures go. Injected like the Clock: everything that swallows a failure takes one, and the
 * default hears nothing, so a test or the shared runtime passes a DiagnosticsRecorder to read them.
 */
export interface Diagnostics {
  note(event: DiagnosticEvent): void;
}

/** The default: failures stay swallowed, as before anyone asked to read them. */
export const noDiagnostics: Readonly<Diagnostics> = { note: () => undefined };
