import { parseArgs } from "node:util";
import { DEFAULT_TTLS, type TtlTable } from "../../src/wire";

export const USAGE = `Usage (installed: index-data-gateway …; from a checkout: npm run gateway -- …):
  index-data-gateway --upstream URL --port N --tokens FILE [--host H] [--redis URL] [--allow-origin ORIGIN ...]
                     [--upstream-key-file FILE] [--tls-cert FILE --tls-key FILE] [--ttl KIND=SECONDS ...]
                     [--cache-mb N] [--upstream-timeout-ms N] [--rate-window-ms N] [--metrics-token-file FILE]
  index-data-gateway --upstream URL --port N --host 127.0.0.1 --no-auth      (this machine only)
  index-data-gateway new-token NAME --tokens FILE
  index-data-gateway --help
The upstream key comes from INDEX_GATEWAY_UPSTREAM_KEY or --upstream-key-file, never from a flag (flags show in ps).
docs/gateway.md explains every option.`;

/** A command line the gateway refuses: exit code 2, with the reason and the usage. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export interface ServeCommand {
  readonly command: "serve";
  readonly upstream: string;
  readonly port: number;
  readonly host: string;
  readonly redis?: string;
  readonly tokensFile?: string;
  readonly noAuth: boolean;
  readonly allowOrigins: readonly string[];
  readonly upstreamKeyFile?: string;
  readonly tls?: { readonly cert: string; readonly key: string };
  readonly ttls: Partial<TtlTable>;
  readonly cacheBytes?: number;
  readonly upstreamTimeoutMs?: number;
  readonly windowMs?: number;
  readonly metricsTokenFile?: string;
}

interface HelpCommand {
  readonly command: "help";
}

interface NewTokenCommand {
  readonly command: "new-token";
  readonly name: string;
  readonly tokensFile: string;
}

const KEY_FLAGS = /^--(upstream-key|api-key|key)(=|$)/;

function whole(flag: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= min && n <= max))
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got "${text}".`);
  return n;
}

function ttlsOf(entries: readonly string[]): Partial<TtlTable> {
  const kinds = Object.keys(DEFAULT_TTLS);
  const ttls: Record<string, number> = {};
  for (const entry of entries) {
    const [kind = "", seconds] = entry.split("=");
    if (!kinds.includes(kind)) throw new UsageError(`--ttl ${entry}: the kind must be one of ${kinds.join(", ")}.`);
    ttls[kind] = (whole(`--ttl ${kind}`, seconds, 1, 30 * 86_400) ?? 0) * 1000;
  }
  return ttls;
}

function newToken(argv: readonly string[]): NewTokenCommand {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: { tokens: { type: "string" } },
    allowPositionals: true,
    strict: true,
  });
  const [name, ...extra] = positionals;
  if (name === undefined || extra.length > 0)
    throw new UsageError("new-token takes one NAME: npm run gateway -- new-token alice --tokens tokens.txt");
  if (values.tokens === undefined)
    throw new UsageError("new-token needs --tokens FILE: the file the token's hash is appended to.");
  return { command: "new-token", name, tokensFile: values.tokens };
}

function serve(argv: readonly string[]): ServeCommand {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      upstream: { type: "string" },
      port: { type: "string" },
      host: { type: "string", default: "127.0.0.1" },
      redis: { type: "string" },
      tokens: { type: "string" },
      "no-auth": { type: "boolean", default: false },
      "allow-origin": { type: "string", multiple: true, default: [] },
      "upstream-key-file": { type: "string" },
      "tls-cert": { type: "string" },
      "tls-key": { type: "string" },
      ttl: { type: "string", multiple: true, default: [] },
      "cache-mb": { type: "string" },
      "upstream-timeout-ms": { type: "string" },
      "rate-window-ms": { type: "string" },
      "metrics-token-file": { type: "string" },
    },
    strict: true,
  });
  if (values.upstream === undefined)
    throw new UsageError("--upstream URL is required: the Index Data Service the desk uses.");
  const port = whole("--port", values.port, 0, 65_535);
  if (port === undefined) throw new UsageError("--port N is required.");
  if ((values["tls-cert"] === undefined) !== (values["tls-key"] === undefined))
    throw new UsageError("--tls-cert and --tls-key go together.");
  const cacheMb = whole("--cache-mb", values["cache-mb"], 1, 1_000_000);
  const windowMs = whole("--rate-window-ms", values["rate-window-ms"], 1000, 3_600_000);
  const upstreamTimeoutMs = whole("--upstream-timeout-ms", values["upstream-timeout-ms"], 100, 60_000);
  return {
    command: "serve",
    upstream: values.upstream,
    port,
    host: values.host,
    noAuth: values["no-auth"],
    allowOrigins: values["allow-origin"],
    ttls: ttlsOf(values.ttl),
    ...(values.redis !== undefined ? { redis: values.redis } : {}),
    ...(values.tokens !== undefined ? { tokensFile: values.tokens } : {}),
    ...(values["upstream-key-file"] !== undefined ? { upstreamKeyFile: values["upstream-key-file"] } : {}),
    ...(values["tls-cert"] !== undefined && values["tls-key"] !== undefined
      ? { tls: { cert: values["tls-cert"], key: values["tls-key"] } }
      : {}),
    ...(cacheMb !== undefined ? { cacheBytes: cacheMb * 1024 * 1024 } : {}),
    ...(windowMs !== undefined ? { windowMs } : {}),
    ...(upstreamTimeoutMs !== undefined ? { upstreamTimeoutMs } : {}),
    ...(values["metrics-token-file"] !== undefined ? { metricsTokenFile: values["metrics-token-file"] } : {}),
  };
}

/** The command line, or a UsageError saying what to change. */
export function parseCommandLine(argv: readonly string[]): ServeCommand | NewTokenCommand | HelpCommand {
  if (argv.includes("--help") || argv.includes("-h")) return { command: "help" };
  if (argv.some((arg) => KEY_FLAGS.test(arg))) {
    throw new UsageError(
      "The upstream key is never given as a flag (flags show in ps): set INDEX_GATEWAY_UPSTREAM_KEY, or give --upstream-key-file FILE.",
    );
  }
  try {
    return argv[0] === "new-token" ? newToken(argv.slice(1)) : serve(argv);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
