/**
 * Command line: `npm run serve:reference -- [--flavor newer|older] [--port 3001] [--host 127.0.0.1]
 * [--rate-headers full|partial|ietf|none] [--rate-window first-request|minute|sliding] [--rate-window-phase MS]
 * [--rate-count arrival|answered] [--answer-jitter MS] [--jitter-seed N] [--latest-age [SYMBOL=]DAYS]…
 * [--corrections SYMBOL@YYYY-MM-DD=value:+1.5%,status:REVISED,after:10m]…` (restatements.ts says the form).
 * Fault injection cannot be switched on from here; it exists for tests only.
 */
import { parseArgs } from "node:util";
import {
  RATE_COUNTS,
  RATE_HEADER_FORMS,
  RATE_WINDOWS,
  startReferenceService,
  type Flavor,
  type LatestAges,
  type RateCount,
  type RateHeaders,
  type RateWindow,
  type Restatement,
} from "./index";
import { parseRestatement } from "./restatements";

const USAGE =
  "Usage: serve:reference [--flavor newer|older] [--port 3001] [--host 127.0.0.1] " +
  `[--rate-headers ${RATE_HEADER_FORMS.join("|")}] [--rate-window ${RATE_WINDOWS.join("|")}] ` +
  `[--rate-window-phase MS] [--rate-count ${RATE_COUNTS.join("|")}] [--answer-jitter MS] [--jitter-seed N] ` +
  "[--latest-age [SYMBOL=]DAYS]… [--corrections SYMBOL@YYYY-MM-DD=value:+1.5%,status:REVISED,after:10m]…";

interface CommandLine {
  readonly flavor: Flavor;
  readonly port: number;
  readonly host: string;
  readonly rateHeaders: RateHeaders;
  readonly rateWindow: RateWindow;
  readonly rateCount: RateCount;
  readonly rateWindowPhaseMs?: number | undefined;
  readonly answerJitterMs?: number | undefined;
  readonly jitterSeed?: number | undefined;
  readonly latestAgeDays?: LatestAges | undefined;
  readonly corrections: readonly Restatement[];
}

/**
 * `--latest-age DAYS` (every index) or `--latest-age SYMBOL=DAYS` (one index; given again for others): how many days
 * old the latest fixes are. The days are checked with the dataset (startReferenceService's `latestAgeDays`).
 */
function latestAges(values: readonly string[]): LatestAges | undefined {
  if (values.length === 0) return undefined;
  const bySymbol: Record<string, number> = {};
  for (const value of values) {
    const [, symbol, days] = /^(?:(.+)=)?(\d+)$/.exec(value) ?? [];
    if (days === undefined) throw new Error(`--latest-age ${value}: give DAYS, or SYMBOL=DAYS, in whole days.`);
    if (symbol === undefined && values.length > 1)
      throw new Error(`--latest-age ${value}: give DAYS once, or SYMBOL=DAYS for each index.`);
    if (symbol === undefined) return Number(days);
    bySymbol[symbol] = Number(days);
  }
  return bySymbol;
}

/** `value` as a whole number 0 or more (milliseconds, a seed), else an error naming the flag. */
function wholeNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  throw new Error(`--${flag} must be a whole number, 0 or more, got "${value}".`);
}

/** `value` when it is one of `allowed`, else an error naming the flag and its choices. */
function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`--${flag} must be one of ${allowed.join(", ")}, got "${value}".`);
}

function parseCommandLine(argv: readonly string[]): CommandLine {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      flavor: { type: "string", default: "newer" },
      port: { type: "string", default: "3001" },
      host: { type: "string", default: "127.0.0.1" },
      "rate-headers": { type: "string", default: "full" },
      "rate-window": { type: "string", default: "first-request" },
      "rate-window-phase": { type: "string" },
      "rate-count": { type: "string", default: "arrival" },
      "answer-jitter": { type: "string" },
      "jitter-seed": { type: "string" },
      "latest-age": { type: "string", multiple: true, default: [] },
      corrections: { type: "string", multiple: true, default: [] },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const { flavor, port, host } = values;
  if (flavor !== "newer" && flavor !== "older")
    throw new Error(`--flavor must be "newer" or "older", got "${flavor}".`);
  const portNumber = /^\d+$/.test(port) ? Number(port) : Number.NaN;
  if (!(portNumber >= 0 && portNumber <= 65_535))
    throw new Error(`--port must be a number from 0 to 65535, got "${port}".`);
  const rateHeaders = oneOf("rate-headers", values["rate-headers"], RATE_HEADER_FORMS);
  const rateWindow = oneOf("rate-window", values["rate-window"], RATE_WINDOWS);
  const rateCount = oneOf("rate-count", values["rate-count"], RATE_COUNTS);
  const phase = wholeNumber("rate-window-phase", values["rate-window-phase"]);
  if (phase !== undefined && rateWindow !== "minute")
    throw new Error(`--rate-window-phase shifts the grid of --rate-window minute; a ${rateWindow} window has none.`);
  const jitter = wholeNumber("answer-jitter", values["answer-jitter"]);
  const seed = wholeNumber("jitter-seed", values["jitter-seed"]);
  if (seed !== undefined && jitter === undefined)
    throw new Error("--jitter-seed seeds --answer-jitter: give --answer-jitter MS as well.");
  const ages = latestAges(values["latest-age"]);
  return {
    flavor,
    port: portNumber,
    host,
    rateHeaders,
    rateWindow,
    rateCount,
    rateWindowPhaseMs: phase,
    answerJitterMs: jitter,
    jitterSeed: seed,
    corrections: values.corrections.map((text) => parseRestatement(text, new Date())),
    latestAgeDays: ages,
  };
}

/** How the limit counts, as the start line says it: the phase, the count and the jitter, when set. */
function countingText(options: CommandLine): string {
  const phase = options.rateWindowPhaseMs !== undefined ? ` turning at ${options.rateWindowPhaseMs} ms past` : "";
  const jitter =
    options.answerJitterMs !== undefined
      ? `; answers held 1-${options.answerJitterMs} ms (seed ${options.jitterSeed ?? 1})`
      : "";
  return `${phase}, counted on ${options.rateCount}${jitter}`;
}

/** The latest ages as the start line says them, when any was set. */
function agesText(ages: LatestAges | undefined): string {
  if (ages === undefined) return "";
  if (typeof ages === "number") return `; latest fixes ${ages} days old`;
  return `; latest fixes ${Object.entries(ages)
    .map(([symbol, days]) => `${symbol} ${days}`)
    .join(", ")} days old`;
}

/** The restatements as the start line says them, when any was given. */
function correctionsText(corrections: readonly Restatement[]): string {
  if (corrections.length === 0) return "";
  return `; restating ${corrections.map(({ symbol, date, from }) => `${symbol} ${date}${from ? ` from ${from.toISOString()}` : ""}`).join(", ")}`;
}

async function main(): Promise<void> {
  let options: CommandLine;
  try {
    options = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  let service: Awaited<ReturnType<typeof startReferenceService>>;
  try {
    service = await startReferenceService({ ...options, logger: false });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
  console.log(
    `Reference Index Data Service (${service.flavor} description) listening on ${service.url}; rate-limit headers: ${options.rateHeaders}, window: ${options.rateWindow}${countingText(options)}${agesText(options.latestAgeDays)}${correctionsText(options.corrections)}`,
  );
  const stop = () => {
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(
          `Reference service did not close cleanly: ${error instanceof Error ? error.message : String(error)}`,
        );
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(`Reference service failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
