import { eventWithin, type EventSource } from "@index-data/wire/time";

/** What the log output writes to: process.stdout, or a test's stream; "drain" says the reader took what waited. */
export interface LogSink extends EventSource<"drain"> {
  write(chunk: string): boolean;
  /** Bytes written but not yet taken by the reader (a pipe nobody reads keeps them here). */
  readonly writableLength: number;
}

interface LogOutputOptions {
  readonly sink: LogSink;
  /** Lines gather until this many bytes, then go out in one write. @default 8 KiB */
  readonly batchBytes?: number;
  /** A quiet log's lines go out within this. @default 1000 */
  readonly flushMs?: number;
  /** Most bytes left waiting for the reader; a batch past it is dropped, never kept. @default 1 MiB */
  readonly maxWaitingBytes?: number;
  /** Told how many lines were dropped (the metrics count them). */
  readonly onDrop?: (lines: number) => void;
}

const KIB = 1024;

/**
 * Where the gateway's log lines go (a pino destination): gathered in memory and written in one write per 8 KiB or
 * per second, never synchronously, and bounded. When the reader stalls (stdout into a pipe nobody reads), writes wait
 * in the sink up to `maxWaitingBytes`; past that each batch is dropped and counted, so a stalled log costs a bounded
 * amount of memory and never blocks a request or the process's exit.
 */
export class BoundedLogOutput {
  private pending = "";
  private pendingLines = 0;
  private readonly timer: ReturnType<typeof setInterval>;
  private droppedLines = 0;

  constructor(private readonly options: LogOutputOptions) {
    this.timer = setInterval(() => this.flush(), options.flushMs ?? 1000);
    this.timer.unref();
  }

  /** Lines dropped so far because the reader did not keep up. */
  get dropped(): number {
    return this.droppedLines;
  }

  /** One line from the logger (it ends in a newline). */
  write(line: string): void {
    this.pending += line;
    this.pendingLines += 1;
    if (this.pending.length >= (this.options.batchBytes ?? 8 * KIB)) this.flush();
  }

  /** Writes what has gathered, or drops it when the reader is too far behind. */
  flush(): void {
    if (this.pendingLines === 0) return;
    const batch = this.pending;
    const lines = this.pendingLines;
    this.pending = "";
    this.pendingLines = 0;
    const { sink } = this.options;
    if (sink.writableLength + batch.length > (this.options.maxWaitingBytes ?? KIB * KIB)) {
      this.droppedLines += lines;
      this.options.onDrop?.(lines);
      return;
    }
    sink.write(batch);
  }

  /** Writes what is left and waits, at most `withinMs`, for the reader to take it; never longer, whatever it does. */
  async close(withinMs: number): Promise<void> {
    clearInterval(this.timer);
    this.flush();
    const { sink } = this.options;
    if (sink.writableLength === 0) return;
    await eventWithin(sink, "drain", withinMs);
  }
}
