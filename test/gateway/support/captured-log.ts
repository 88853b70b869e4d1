import { Writable } from "node:stream";

/** A gateway's log as a test reads it: the stream to give as the logger's, and every line written, raw and parsed. */
export interface CapturedLog {
  readonly lines: Array<Record<string, unknown>>;
  readonly raw: string[];
  readonly stream: Writable;
}

/** A logger stream whose lines the test reads: every line the gateway writes, parsed. */
export function capturedLog(): CapturedLog {
  const raw: string[] = [];
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { lines, raw, stream };
}
