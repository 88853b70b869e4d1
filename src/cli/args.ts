import { parseArgs } from "node:util";
import { KEY_HEADER_STYLES, type KeyHeaderStyle } from "../client/options";

export const DEFAULT_CLI_BASE_URL = "http://127.0.0.1:3001";

export interface CliArgs {
  readonly command: string | undefined;
  readonly positionals: readonly string[];
  readonly baseUrl: string;
  readonly apiKey: string | undefined;
  readonly keyHeaderStyle: KeyHeaderStyle;
  readonly timeoutMs: number | undefined;
  readonly json: boolean;
  readonly help: boolean;
  readonly start: string | undefined;
  readonly end: string | undefined;
  readonly granularity: string | undefined;
  readonly window: number | undefined;
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

/** Parses argv (without node and script); the environment supplies the defaults of --base-url and --api-key. */
export function parseCliArgs(argv: readonly string[], env: NodeJS.ProcessEnv): CliArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        "base-url": { type: "string" },
        "api-key": { type: "string" },
        "key-header": { type: "string" },
        timeout: { type: "string" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
        start: { type: "string" },
        end: { type: "string" },
        granularity: { type: "string" },
        window: { type: "string" },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const apiKey = values["api-key"] ?? env["INDEX_API_KEY"];
  return {
    command: positionals[0],
    positionals: positionals.slice(1),
    baseUrl: values["base-url"] ?? env["INDEX_API_BASE_URL"] ?? DEFAULT_CLI_BASE_URL,
    apiKey: apiKey === undefined || apiKey.trim() === "" ? undefined : apiKey,
    keyHeaderStyle: keyHeader(values["key-header"]),
    timeoutMs: numberOption("timeout", values.timeout),
    json: values.json,
    help: values.help,
    start: values.start,
    end: values.end,
    granularity: values.granularity,
    window: numberOption("window", values.window),
  };
}
