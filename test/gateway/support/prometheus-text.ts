/** One sample of a Prometheus text exposition: its metric name, labels and value. */
export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Parses the text format (version 0.0.4); throws on a line that is neither a comment nor a sample. */
export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const match = SAMPLE.exec(line);
    if (match === null) throw new Error(`Not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name = "", value = ""] of (match[2] ?? "").matchAll(LABEL)) labels[name] = value;
    const value = Number(match[3] === "+Inf" ? Infinity : match[3] === "-Inf" ? -Infinity : match[3]);
    if (Number.isNaN(value) && !/^nan$/i.test(match[3] ?? "")) throw new Error(`Not a sample value: ${line}`);
    samples.push({ name: match[1] ?? "", labels, value });
  }
  return samples;
}

/** The value of the one sample named `name` whose labels include `labels`; throws when there is not exactly one. */
export function sampleValue(
  samples: readonly Sample[],
  name: string,
  labels: Readonly<Record<string, string>>,
): number {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  if (found.length !== 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value ?? Number.NaN;
}
