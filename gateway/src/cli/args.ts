import { parseArgs } from "node:util";
import { DEFAULT_TTLS, keyTransportAllowed, type TtlTable } from "@index-data/wire";
import { signInProblem, type SignInOptions } from "../identity/oidc/sign-in";
import type { SubjectRule } from "../observability/top-subjects";

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
  /** --no-mcp: no /mcp for AI agents (on by default where authentication is on). */
  readonly noMcp: boolean;
  /** --public-url: the gateway's origin as its clients reach it (behind a proxy), named by /mcp's resource metadata. */
  readonly publicUrl?: string;
  readonly allowOrigins: readonly string[];
  readonly upstreamKeyFile?: string;
  readonly tls?: { readonly cert: string; readonly key: string };
  readonly ttls: Partial<TtlTable>;
  readonly cacheBytes?: number;
  readonly upstreamTimeoutMs?: number;
  readonly windowMs?: number;
  readonly metricsTokenFile?: string;
  readonly signIn?: SignInOptions;
  /** The budget shared per tenant (--oidc-tenant-share), by the weights of a file or evenly. */
  readonly tenantShare?: { readonly weightsFile?: string };
  readonly metricsSubjects?: SubjectRule;
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

/** An https URL (or http to this machine), or a UsageError naming the flag. */
function httpsUrl(flag: string, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // Expected: not a URL; the usage error says what to give.
    throw new UsageError(`${flag} must be a URL such as https://login.microsoftonline.com/<tenant>/v2.0.`);
  }
  if (!keyTransportAllowed(url.href)) throw new UsageError(`${flag} must be https (or http to this machine).`);
  return text;
}

interface SignInFlags {
  readonly "oidc-issuer"?: string | undefined;
  readonly "oidc-audience"?: string | undefined;
  readonly "oidc-jwks-url"?: string | undefined;
  readonly "oidc-required-scope"?: string | undefined;
  readonly "oidc-allowed-tenant": string[];
  readonly "oidc-keys-max-age"?: string | undefined;
}

/** The sign-in flags: none, or at least the issuer and the audience. */
function signInOf(values: SignInFlags): { signIn?: SignInOptions } {
  const issuer = values["oidc-issuer"];
  const audience = values["oidc-audience"];
  const maxAge = values["oidc-keys-max-age"];
  const others = [values["oidc-jwks-url"], values["oidc-required-scope"], maxAge, ...values["oidc-allowed-tenant"]];
  if (issuer === undefined && audience === undefined) {
    if (others.some((value) => value !== undefined))
      throw new UsageError("The --oidc-… flags need --oidc-issuer URL and --oidc-audience AUD.");
    return {};
  }
  if (issuer === undefined || audience === undefined)
    throw new UsageError("--oidc-issuer and --oidc-audience go together.");
  const jwksUrl = values["oidc-jwks-url"];
  const scope = values["oidc-required-scope"];
  const maxAgeSeconds = whole("--oidc-keys-max-age", maxAge, 60, 86_400);
  const signIn: SignInOptions = {
    issuer: httpsUrl("--oidc-issuer", issuer),
    audience,
    allowedTenants: values["oidc-allowed-tenant"],
    ...(jwksUrl !== undefined ? { jwksUrl: httpsUrl("--oidc-jwks-url", jwksUrl) } : {}),
    ...(scope !== undefined ? { requiredScope: scope } : {}),
    ...(maxAgeSeconds !== undefined ? { keysMaxAgeMs: maxAgeSeconds * 1000 } : {}),
  };
  const problem = signInProblem(signIn);
  if (problem !== undefined) throw new UsageError(problem);
  return { signIn };
}

/** --oidc-tenant-share and --oidc-tenant-weights (which implies it): only with sign-in, which has tenants. */
function tenantShareOf(values: {
  readonly "oidc-issuer"?: string | undefined;
  readonly "oidc-tenant-share": boolean;
  readonly "oidc-tenant-weights"?: string | undefined;
}): { tenantShare?: { weightsFile?: string } } {
  const weightsFile = values["oidc-tenant-weights"];
  if (!values["oidc-tenant-share"] && weightsFile === undefined) return {};
  if (values["oidc-issuer"] === undefined)
    throw new UsageError(
      "--oidc-tenant-share and --oidc-tenant-weights need sign-in (--oidc-issuer): tenants come from it.",
    );
  return { tenantShare: weightsFile !== undefined ? { weightsFile } : {} };
}

/** --public-url: an origin, https (or http to this machine), with no path, query or credentials. */
function publicUrlOf(text: string | undefined): { publicUrl?: string } {
  if (text === undefined) return {};
  const url = new URL(httpsUrl("--public-url", text));
  if (url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "" || url.pathname !== "/")
    throw new UsageError(
      `--public-url must be the gateway's origin only, as its clients reach it (https://gateway.desk.example.com), got "${text}".`,
    );
  return { publicUrl: url.origin };
}

/** --metrics-subjects user[:N] | tenant[:N]: whose figures get series of their own (N: the busiest, default 20). */
function subjectsOf(text: string | undefined): { metricsSubjects?: SubjectRule } {
  if (text === undefined) return {};
  const match = /^(user|tenant)(?::(\d{1,4}))?$/.exec(text);
  const top = match?.[2] === undefined ? 20 : Number(match[2]);
  if (match === null || top > 1000)
    throw new UsageError(
      `--metrics-subjects must be user or tenant, optionally with how many get a series of their own (user:20, at most 1000), got "${text}".`,
    );
  return { metricsSubjects: { by: match[1] === "tenant" ? "tenant" : "user", top } };
}

function newToken(argv: readonly string[], program: string): NewTokenCommand {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: { tokens: { type: "string" } },
    allowPositionals: true,
    strict: true,
  });
  const [name, ...extra] = positionals;
  if (name === undefined || extra.length > 0)
    throw new UsageError(`new-token takes one NAME: ${program} new-token alice --tokens tokens.txt`);
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
      "no-mcp": { type: "boolean", default: false },
      "public-url": { type: "string" },
      "allow-origin": { type: "string", multiple: true, default: [] },
      "upstream-key-file": { type: "string" },
      "tls-cert": { type: "string" },
      "tls-key": { type: "string" },
      ttl: { type: "string", multiple: true, default: [] },
      "cache-mb": { type: "string" },
      "upstream-timeout-ms": { type: "string" },
      "rate-window-ms": { type: "string" },
      "metrics-token-file": { type: "string" },
      "oidc-issuer": { type: "string" },
      "oidc-audience": { type: "string" },
      "oidc-jwks-url": { type: "string" },
      "oidc-required-scope": { type: "string" },
      "oidc-allowed-tenant": { type: "string", multiple: true, default: [] },
      "oidc-tenant-share": { type: "boolean", default: false },
      "oidc-tenant-weights": { type: "string" },
      "metrics-subjects": { type: "string" },
      "oidc-keys-max-age": { type: "string" },
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
    noMcp: values["no-mcp"],
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
    ...publicUrlOf(values["public-url"]),
    ...signInOf(values),
    ...tenantShareOf(values),
    ...subjectsOf(values["metrics-subjects"]),
  };
}

/** The command line, or a UsageError saying what to change (naming `program`, the command as it was started). */
export function parseCommandLine(
  argv: readonly string[],
  program = "index-data-gateway",
): ServeCommand | NewTokenCommand | HelpCommand {
  if (argv.includes("--help") || argv.includes("-h")) return { command: "help" };
  if (argv.some((arg) => KEY_FLAGS.test(arg))) {
    throw new UsageError(
      "The upstream key is never given as a flag (flags show in ps): set INDEX_GATEWAY_UPSTREAM_KEY, or give --upstream-key-file FILE.",
    );
  }
  try {
    return argv[0] === "new-token" ? newToken(argv.slice(1), program) : serve(argv);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
