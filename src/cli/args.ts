import { parseArgs } from "node:util";
import { checkApiKey } from "@index-data/wire";
import { KEY_HEADER_STYLES, type KeyHeaderStyle } from "../client";

const DEFAULT_CLI_BASE_URL = "http://127.0.0.1:3001";

export interface CliArgs {
  readonly command: string | undefined;
  readonly positionals: readonly string[];
  readonly baseUrl: string;
  readonly apiKey: string | undefined;
  readonly keyHeaderStyle: KeyHeaderStyle;
  /** --gateway: the base URL is the desk's Index Data gateway, whose stale marks (Cache-Status) are believed. */
  readonly gateway: boolean;
  readonly timeoutMs: number | undefined;
  readonly json: boolean;
  readonly csv: boolean;
  readonly help: boolean;
  readonly start: string | undefined;
  readonly end: string | undefined;
  readonly granularity: string | undefined;
  readonly window: number | undefined;
  readonly period: string | undefined;
  readonly stats: string | undefined;
  readonly mode: string | undefined;
}

/** A mistake in the command line itself (exit code 2). */
export class UsageError extends Error {
  override readonly name = "UsageError" as const;
}

function numberOption(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(n)) throw new UsageError(`--${name} must be a number, got "${raw}".`);
  return n;
}

function keyHeader(raw: string | undefined): KeyHeaderStyle {
  if (raw === undefined) return "x-api-key";
  const style = KEY_HEADER_STYLES.find((s) => s === raw.toLowerCase());
  if (style === undefined) throw new UsageError(`--key-header must be one of ${KEY_HEADER_STYLES.join(", ")}.`);
  return style;
}

const VALUE_OPTIONS: ReadonlySet<string> = new Set([
  "--base-url",
  "--api-key",
  "--key-header",
  "--timeout",
  "--start",
  "--end",
  "--granularity",
  "--window",
]);
const DATE_OPTIONS: ReadonlySet<string> = new Set(["--start", "--end"]);
/**
 * A relative date before today ("-30D", "-6W", "-6M", "-1Y"), or a number that was meant as one ("-30"): no option
 * of ours starts with a digit, so the date rules, not the option parser, say what is wrong with it.
 */
const PAST_RELATIVE = /^-\d/;
/** Marks a positional that starts with "-" so parseArgs does not take it for an option; removed after parsing. */
const POSITIONAL_MARK = "\u0000";

/**
 * parseArgs takes any argument starting with "-" for an option, so it refuses `--start -30D` and
 * `history SYM -30D today`. No option of ours looks like a relative date, so such an argument is a date:
 * after --start/--end it becomes `--start=-30D`; standing alone it is marked as a positional.
 */
function protectRelativeDates(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const next = argv[i + 1];
    if (DATE_OPTIONS.has(arg) && next !== undefined && PAST_RELATIVE.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else if (VALUE_OPTIONS.has(arg) && next !== undefined) {
      out.push(arg, next);
      i++;
    } else if (arg === "--") {
      out.push(...argv.slice(i));
      break;
    } else out.push(PAST_RELATIVE.test(arg) ? `${POSITIONAL_MARK}${arg}` : arg);
  }
  return out;
}

function unmark(positional: string): string {
  return positional.startsWith(POSITIONAL_MARK) ? positional.slice(POSITIONAL_MARK.length) : positional;
}

function parse(argv: readonly string[]) {
  try {
    return parseArgs({
      args: protectRelativeDates(argv),
      allowPositionals: true,
      options: {
        "base-url": { type: "string" },
        "api-key": { type: "string" },
        "key-header": { type: "string" },
        timeout: { type: "string" },
        gateway: { type: "boolean", default: false },
        json: { type: "boolean", default: false },
        csv: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
        start: { type: "string" },
        end: { type: "string" },
        granularity: { type: "string" },
        window: { type: "string" },
        period: { type: "string" },
        stats: { type: "string" },
        mode: { type: "string" },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** Parses argv (without node and script); the environment supplies the defaults of --base-url and --api-key. */
export function parseCliArgs(argv: readonly string[], env: NodeJS.ProcessEnv): CliArgs {
  const { values, positionals: marked } = parse(argv);
  const positionals = marked.map(unmark);
  if (values.json && values.csv) throw new UsageError("--json and --csv cannot be used together; pick one.");
  const key = checkApiKey(values["api-key"] ?? env["INDEX_API_KEY"]);
  if (!key.ok) throw new UsageError(`--api-key (or INDEX_API_KEY): ${key.message}`);
  return {
    command: positionals[0],
    positionals: positionals.slice(1),
    baseUrl: values["base-url"] ?? env["INDEX_API_BASE_URL"] ?? DEFAULT_CLI_BASE_URL,
    apiKey: key.key,
    keyHeaderStyle: keyHeader(values["key-header"]),
    gateway: values.gateway,
    timeoutMs: numberOption("timeout", values.timeout),
    json: values.json,
    csv: values.csv,
    help: values.help,
    start: values.start,
    end: values.end,
    granularity: values.granularity,
    window: numberOption("window", values.window),
    period: values.period,
    stats: values.stats,
    mode: values.mode,
  };
}
