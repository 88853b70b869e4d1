import { systemClock, type Clock } from "../time";
import type { DiagnosticEvent, Diagnostics } from "./diagnostics";
import { scrubSecrets } from "./scrub";

/** One recorded failure, with nothing of the error object kept but its scrubbed words. */
export interface Diagnostic {
  /** When it was noted (epoch ms, on the recorder's clock). */
  readonly at: number;
  readonly where: string;
  /** The error's name and message, secrets taken out, control characters removed, at most MAX_MESSAGE long. */
  readonly message: string;
}

interface RecorderOptions {
  /** Failures kept; the oldest goes first. @default 50 */
  readonly capacity?: number;
  /** @default systemClock */
  readonly clock?: Clock;
  /** The secrets of the moment (the API key, a desk token), taken out of every message. @default none */
  readonly secrets?: () => readonly (string | undefined)[];
  /** Further scrubbing (the gateway's KeyScrubber). @default none */
  readonly scrub?: (text: string) => string;
}

const MAX_MESSAGE = 300;

/** An error's name and message, as text; never the object (it may hold a request, headers, a key). */
function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === "string" || typeof error === "number" || typeof error === "boolean") return String(error);
  if (typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string")
    return (error as { message: string }).message;
  return Object.prototype.toString.call(error);
}

/** What a reader of the recorded failures sees (the task pane's About section). */
export interface DiagnosticsLog {
  /** The recorded failures, newest first. */
  recent(): readonly Diagnostic[];
  /** Calls `listener` after every new failure; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** The recent swallowed failures in memory, bounded: what the task pane's About section and the tests read. */
export class DiagnosticsRecorder implements Diagnostics, DiagnosticsLog {
  private readonly kept: Diagnostic[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly capacity: number;
  private readonly clock: Clock;
  private secrets: () => readonly (string | undefined)[];

  constructor(private readonly options: RecorderOptions = {}) {
    this.capacity = Math.max(1, options.capacity ?? 50);
    this.clock = options.clock ?? systemClock;
    this.secrets = options.secrets ?? (() => []);
  }

  /** Takes these secrets (read at every note: the key of the moment) out of every message from now on. */
  keepOut(secrets: () => readonly (string | undefined)[]): void {
    this.secrets = secrets;
  }

  note(event: DiagnosticEvent): void {
    this.keep(event.where, this.cleaned(event.error));
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (error) {
        // A closed pane's listener: kept here, where the pane reads it, without telling the listeners again.
        this.keep("diagnostics listener", this.cleaned(error));
      }
    }
  }

  /** A failure as it is kept: its description without secrets or control characters, cut to MAX_MESSAGE. */
  private cleaned(error: unknown): string {
    let message = scrubSecrets(describe(error), this.secrets());
    if (this.options.scrub !== undefined) message = this.options.scrub(message);
    // eslint-disable-next-line no-control-regex
    message = message.replace(/[\x00-\x1f\x7f]+/g, " ");
    return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1)}…` : message;
  }

  private keep(where: string, message: string): void {
    this.kept.push({ at: this.clock.now(), where, message });
    if (this.kept.length > this.capacity) this.kept.splice(0, this.kept.length - this.capacity);
  }

  /** The recorded failures, newest first. */
  recent(): readonly Diagnostic[] {
    return [...this.kept].reverse();
  }

  /** Calls `listener` after every new failure; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
