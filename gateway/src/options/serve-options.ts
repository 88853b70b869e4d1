import { DEFAULT_TTLS, isLoopbackHost, type TtlTable } from "@index-data/wire";
import { signInProblem, type SignInOptions } from "../identity/oidc/sign-in";
import type { SubjectRule } from "../observability/top-subjects";
import { UsageError, httpsUrl, repeatedRow, switchRow, valueRow, wholeNumber, type OptionsOf } from "./option-rows";

/**
 * Every option the serving command takes, one row each, in the order an administrator needs them: the one place a
 * flag is named. The parser, `--help`, the typed options and the reference's flag table are made from these rows
 * (`npm run generate` writes the table into docs/gateway-reference.md); the rules between rows follow the table.
 */

function required(flag: string, text: string | undefined, what: string): string {
  if (text === undefined) throw new UsageError(`${flag} ${what}`);
  return text;
}

function ttlsOf(flag: string, entries: readonly string[]): Partial<TtlTable> {
  const kinds = Object.keys(DEFAULT_TTLS);
  const ttls: Record<string, number> = {};
  for (const entry of entries) {
    const [kind = "", seconds] = entry.split("=");
    if (!kinds.includes(kind)) throw new UsageError(`${flag} ${entry}: the kind must be one of ${kinds.join(", ")}.`);
    ttls[kind] = (wholeNumber(`${flag} ${kind}`, seconds, 1, 30 * 86_400) ?? 0) * 1000;
  }
  return ttls;
}

/** The gateway's origin: https (or http to this machine), with no path, query or credentials. */
function originOf(flag: string, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const url = new URL(httpsUrl(flag, text));
  if (url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "" || url.pathname !== "/")
    throw new UsageError(
      `${flag} must be the gateway's origin only, as its clients reach it (https://gateway.desk.example.com), got "${text}".`,
    );
  return url.origin;
}

/** A Redis URL, whose host:port (never its password) is printed at start. */
function redisUrlOf(flag: string, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (!URL.canParse(text))
    throw new UsageError(`${flag} must be a URL such as redis://127.0.0.1:6379, got something else.`);
  return text;
}

/** user[:N] | tenant[:N]: whose figures get series of their own (N: the busiest, default 20). */
function subjectsOf(flag: string, text: string | undefined): SubjectRule | undefined {
  if (text === undefined) return undefined;
  const match = /^(user|tenant)(?::(\d{1,4}))?$/.exec(text);
  const top = match?.[2] === undefined ? 20 : Number(match[2]);
  if (match === null || top > 1000)
    throw new UsageError(
      `${flag} must be user or tenant, optionally with how many get a series of their own (user:20, at most 1000), got "${text}".`,
    );
  return { by: match[1] === "tenant" ? "tenant" : "user", top };
}

/** A text taken as given (a file, a name): what it names is read when the gateway starts. */
const text = (given: string | undefined): string | undefined => given;
const MB = 1024 * 1024;

const EVERY_UNITS_MS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `--corrections-every`: a whole number of minutes, hours or days (`30m`, `6h`, `1d`), at least one, or `off`. */
function correctionsEvery(text: string): number | false {
  if (text === "off") return false;
  const [, amount, unit = ""] = /^(\d+)([mhd])$/.exec(text) ?? [];
  const unitMs = EVERY_UNITS_MS[unit];
  if (amount === undefined || unitMs === undefined || Number(amount) < 1)
    throw new UsageError(`--corrections-every: give a period such as 30m, 6h or 1d (or off), got "${text}".`);
  return Number(amount) * unitMs;
}

export const SERVE_OPTIONS = {
  upstream: valueRow("--upstream", "URL", {
    otherwise: "required",
    help: "required: the Index Data Service (https, or http to this machine)",
    reference:
      "the Index Data Service (its root; a trailing `/api` or `/api/v1` is trimmed, as in the add-in); https, or plain http to this machine only when the desk has an upstream key",
    read: (given, flag) => required(flag, given, "URL is required: the Index Data Service the desk uses."),
  }),
  port: valueRow("--port", "N", {
    otherwise: "required",
    help: "required: the port to listen on; 0 picks a free one",
    reference: "the port to listen on; `0` picks a free one",
    read: (given, flag) => wholeNumber(flag, required(flag, given, "N is required."), 0, 65_535) ?? 0,
  }),
  host: valueRow("--host", "H", {
    otherwise: "`127.0.0.1`",
    help: "the address to listen on (default 127.0.0.1); 0.0.0.0 serves the desk",
    reference: "the address to listen on; `0.0.0.0` (or the machine's address) to serve the desk",
    read: (given) => given ?? "127.0.0.1",
  }),
  tokensFile: valueRow("--tokens", "FILE", {
    otherwise: "required",
    help: "who may use it: name:sha256 lines, added by new-token; SIGHUP rereads",
    reference: "who may use it ([the tokens file](gateway.md#the-tokens-file)); not needed with sign-in alone",
    read: text,
  }),
  noAuth: switchRow("--no-auth", {
    otherwise: "off",
    help: "no tokens: allowed on a loopback --host only, and refused with --tokens",
    reference:
      "no tokens: only on a loopback host, and it says so; refused with `--tokens`. A request whose `Host` is not `localhost`, 127.0.0.0/8 or `[::1]` is then refused (421), so DNS rebinding cannot reach it, and so is a page of another site (an `Origin` not given with `--allow-origin`, or `Sec-Fetch-Site: cross-site`/`same-site`: 403), so no web page the trader opens spends the desk's budget",
  }),
  mcp: switchRow("--no-mcp", {
    otherwise: "off",
    help: "no /mcp for AI agents (on by default where authentication is on)",
    reference:
      "no `/mcp` for AI agents ([MCP](gateway-mcp.md#mcp-prices-for-ai-agents)); without it `/mcp` is on wherever authentication is on (never with `--no-auth`)",
    read: (given) => !given,
  }),
  publicUrl: valueRow("--public-url", "URL", {
    otherwise: "the listening address",
    help: "the origin clients reach (a proxy, a balancer): /mcp's OAuth metadata names it; default: the listening address",
    reference:
      "the gateway's origin as its clients reach it, e.g. `https://gateway.desk.example.com` behind a TLS-terminating proxy or a balancer: `/mcp`'s OAuth metadata and 401s name it. Without it they name the address the gateway listens on (each of the machine's with `--host 0.0.0.0`, and `localhost` beside loopback), and a request to `/mcp` addressed to another name is refused (421): nothing is ever made of a `Host` header",
    read: (given, flag) => originOf(flag, given),
  }),
  redisUrl: valueRow("--redis", "URL", {
    otherwise: "none",
    help: "redis://host:port: share the cache, locks and budget with replicas",
    reference:
      "`redis://host:port` (or `rediss://`, with a password): share with other replicas; a database of the desk's own ([what a desk must not share](#what-a-desk-must-not-share))",
    read: (given, flag) => redisUrlOf(flag, given),
  }),
  allowOrigins: repeatedRow("--allow-origin", "ORIGIN", {
    otherwise: "none",
    help: "CORS for the add-in's pages, the only pages /mcp answers; repeat for each origin",
    reference:
      "CORS for the add-in's pages; repeat for each origin (e.g. production and test builds). The only pages `/mcp` answers: a request with any other `Origin` gets 403",
    read: (texts) => texts,
  }),
  upstreamKeyFile: valueRow("--upstream-key-file", "FILE", {
    otherwise: "none",
    help: "the upstream key from a file, read once (chmod 600 it)",
    reference: "the upstream key from a file (read once; a warning if others can read it)",
    read: text,
  }),
  tlsCert: valueRow("--tls-cert", "FILE", {
    otherwise: "none",
    help: "serve https: the certificate (PEM), with --tls-key",
    read: text,
  }),
  tlsKey: valueRow("--tls-key", "FILE", {
    otherwise: "none",
    help: "serve https: its private key (PEM), with --tls-cert",
    read: text,
  }),
  ttls: repeatedRow("--ttl", "KIND=SECONDS", {
    otherwise: "the add-in's",
    help: `override a time-to-live; repeat; KIND: ${Object.keys(DEFAULT_TTLS).join(", ")}`,
    reference:
      "override a time-to-live, e.g. `--ttl latest=10`; repeat; kinds: " + Object.keys(DEFAULT_TTLS).join(", "),
    read: (texts, flag) => ttlsOf(flag, texts),
  }),
  cacheBytes: valueRow("--cache-mb", "N", {
    otherwise: "256",
    help: "memory kept for answers in this process (default 256)",
    reference: "memory kept for answers in this process (least recently used go first)",
    read: (given, flag) => {
      const mb = wholeNumber(flag, given, 1, 1_000_000);
      return mb === undefined ? undefined : mb * MB;
    },
  }),
  upstreamTimeoutMs: valueRow("--upstream-timeout-ms", "N", {
    otherwise: "5000",
    help: "one upstream request, headers and body (default 5000)",
    reference: "one upstream request, headers and body; keep it under the add-in's 10 s less the queue's 4 s",
    read: (given, flag) => wholeNumber(flag, given, 100, 60_000),
  }),
  windowMs: valueRow("--rate-window-ms", "N", {
    otherwise: "60000",
    help: "the upstream's rate window (default 60000: per minute)",
    reference: "the upstream's rate window; the spec's limits are per minute. Benchmarks and tests compress it",
    read: (given, flag) => wholeNumber(flag, given, 1000, 3_600_000),
  }),
  correctionsEveryMs: valueRow("--corrections-every", "PERIOD", {
    otherwise: "`1d`",
    help: "re-read the last 30 days of every index asked for, from spare budget (default 1d; 6h, 30m, off)",
    reference:
      "how often the corrections sweep re-reads the last 30 days of every index asked for, from spare budget only (`30m`, `6h`, `1d`, `off`): [corrections.md](corrections.md)",
    read: (given) => (given === undefined ? undefined : correctionsEvery(given)),
  }),
  metricsTokenFile: valueRow("--metrics-token-file", "FILE", {
    otherwise: "none",
    help: "the token that reads /metrics; without it /metrics answers this machine only",
    reference:
      "the token that reads `/metrics` and the desk-wide health page; without it, they answer this machine only",
    read: text,
  }),
  metricsSubjects: valueRow("--metrics-subjects", "user[:N]|tenant[:N]", {
    otherwise: "`user:20`",
    help: "whose requests /metrics and health show one by one: the N busiest (default user:20), then (others)",
    reference:
      "whose requests `/metrics` and the desk-wide health page show one by one: the N busiest users (or tenants) of the window, the rest together as `(others)`",
    read: (given, flag) => subjectsOf(flag, given),
  }),
  oidcIssuer: valueRow("--oidc-issuer", "URL", {
    otherwise: "none",
    help: "accept sign-in tokens from this issuer (https), with --oidc-audience",
    reference:
      "accept sign-in tokens ([single sign-on](gateway-sign-in.md#single-sign-on-openid-connect)): the tokens' `iss`, https (plain http only to this machine); `{tenantid}` in it (Entra ID's multi-tenant form, `https://login.microsoftonline.com/{tenantid}/v2.0`) stands for each token's own `tid`, and then needs `--oidc-allowed-tenant`",
    read: (given, flag) => (given === undefined ? undefined : httpsUrl(flag, given)),
  }),
  oidcAudience: valueRow("--oidc-audience", "AUD", {
    otherwise: "none",
    help: "the audience (aud) sign-in tokens must carry",
    reference: "the tokens' `aud`: the gateway's application ID URI (or client id) in the app registration",
    read: text,
  }),
  oidcJwksUrl: valueRow("--oidc-jwks-url", "URL", {
    otherwise: "from discovery",
    help: "the issuer's signing keys (default: from its discovery document)",
    reference:
      "the issuer's signing keys; default: `jwks_uri` of `<issuer>/.well-known/openid-configuration` (`{tenantid}` read as `common`), which must be https too",
    read: (given, flag) => (given === undefined ? undefined : httpsUrl(flag, given)),
  }),
  oidcRequiredScope: valueRow("--oidc-required-scope", "S", {
    otherwise: "none",
    help: "a scope or app role every sign-in token must carry",
    reference:
      "a scope or app role the token must carry ([scopes and roles](gateway-sign-in.md#scopes-and-roles)); without it: 403 `INSUFFICIENT_SCOPE`",
    read: text,
  }),
  oidcAllowedTenants: repeatedRow("--oidc-allowed-tenant", "T", {
    otherwise: "any",
    help: "a tenant (tid) whose users may sign in; repeat; none: any the issuer signs for",
    reference:
      "repeat for each tenant (`tid`) whose users may sign in. Required with `{tenantid}`: the gateway refuses to start without it (usage error, exit code 2) rather than take any tenant the issuer signs for; with an issuer of one tenant, that tenant",
    read: (texts) => texts,
  }),
  oidcKeysMaxAgeMs: valueRow("--oidc-keys-max-age", "SECONDS", {
    otherwise: "600",
    help: "longest the issuer's key set is used before it is loaded again (60 to 86400, default 600)",
    reference: "longest the issuer's key set is used before it is loaded again, 60 to 86400 (10 minutes by default)",
    read: (given, flag) => {
      const seconds = wholeNumber(flag, given, 60, 86_400);
      return seconds === undefined ? undefined : seconds * 1000;
    },
  }),
  shareByTenant: switchRow("--oidc-tenant-share", {
    otherwise: "per user",
    help: "share the budget per tenant first (even parts), then per user",
    reference:
      "share the budget per tenant first (even parts for the desk and each allowed tenant), then per user ([tenants](gateway-sign-in.md#tenants))",
  }),
  tenantWeightsFile: valueRow("--oidc-tenant-weights", "FILE", {
    otherwise: "even",
    help: "that share by weight: lines of TENANT WEIGHT (desk, sign-in, a tenant id, or * for the rest)",
    reference:
      "that share by weight (implies `--oidc-tenant-share`): lines of `TENANT WEIGHT` (`desk`, `sign-in`, a tenant id, or `*` for the rest)",
    read: text,
  }),
} as const;

/** The serving command's options as its rows read them. */
export type ServeOptions = OptionsOf<typeof SERVE_OPTIONS>;

/** The flag of an option, for a message that names it (the rows are the one place it is spelled). */
export function flagOf(option: keyof typeof SERVE_OPTIONS): string {
  return SERVE_OPTIONS[option].flag;
}

/** How the command line names a replica's option: the flag of its row, or the option's own name when it has none. */
export function spelledAsFlag(option: string): string {
  return Object.entries(SERVE_OPTIONS).find(([name]) => name === option)?.[1].flag ?? option;
}

/** What the rules between rows make of them: the flags that only mean something together. */
export interface ServeCommand extends ServeOptions {
  readonly command: "serve";
  readonly tls?: { readonly cert: string; readonly key: string };
  readonly signIn?: SignInOptions | undefined;
  /** The budget shared per tenant, by the weights of a file or evenly. */
  readonly tenantShare?: { readonly weightsFile?: string };
}

/** The sign-in flags: none, or at least the issuer and the audience. */
function signInOf(options: ServeOptions): SignInOptions | undefined {
  const { oidcIssuer: issuer, oidcAudience: audience } = options;
  const others = [options.oidcJwksUrl, options.oidcRequiredScope, options.oidcKeysMaxAgeMs];
  if (issuer === undefined && audience === undefined) {
    if (others.some((value) => value !== undefined) || options.oidcAllowedTenants.length > 0)
      throw new UsageError("The --oidc-… flags need --oidc-issuer URL and --oidc-audience AUD.");
    return undefined;
  }
  if (issuer === undefined || audience === undefined)
    throw new UsageError("--oidc-issuer and --oidc-audience go together.");
  const signIn: SignInOptions = {
    issuer,
    audience,
    allowedTenants: options.oidcAllowedTenants,
    jwksUrl: options.oidcJwksUrl,
    requiredScope: options.oidcRequiredScope,
    keysMaxAgeMs: options.oidcKeysMaxAgeMs,
  };
  const problem = signInProblem(signIn);
  if (problem !== undefined) throw new UsageError(problem);
  return signIn;
}

/** Who may use it: tokens, sign-in, or this machine alone; never open to the network. */
function checkAuthentication(options: ServeOptions, program: string): void {
  if (options.noAuth) {
    if (options.tokensFile !== undefined || options.oidcIssuer !== undefined)
      throw new UsageError("--no-auth contradicts --tokens and --oidc-issuer: give one.");
    if (!isLoopbackHost(options.host))
      throw new UsageError(
        `--no-auth is only allowed on a loopback host (127.0.0.1, ::1, localhost), not ${options.host}.`,
      );
    return;
  }
  if (options.tokensFile === undefined && options.oidcIssuer === undefined)
    throw new UsageError(
      `--tokens FILE is required: it lists who may use the gateway. Create it with: ${newTokenUsage(program)}`,
    );
}

/** How a person is added: the command that prints their token. */
export function newTokenUsage(program: string, name = "NAME", file = "FILE"): string {
  return `${program} new-token ${name} --tokens ${file}`;
}

/** The rules between rows: the options that only mean something together, checked and put together. */
export function serveCommand(options: ServeOptions, program: string): ServeCommand {
  const { tlsCert, tlsKey } = options;
  if ((tlsCert === undefined) !== (tlsKey === undefined)) throw new UsageError("--tls-cert and --tls-key go together.");
  const signIn = signInOf(options);
  const weightsFile = options.tenantWeightsFile;
  if ((options.shareByTenant || weightsFile !== undefined) && signIn === undefined)
    throw new UsageError(
      "--oidc-tenant-share and --oidc-tenant-weights need sign-in (--oidc-issuer): tenants come from it.",
    );
  checkAuthentication(options, program);
  return {
    ...options,
    command: "serve",
    ...(options.shareByTenant || weightsFile !== undefined
      ? { tenantShare: weightsFile !== undefined ? { weightsFile } : {} }
      : {}),
    ...(tlsCert !== undefined && tlsKey !== undefined ? { tls: { cert: tlsCert, key: tlsKey } } : {}),
    signIn,
  };
}
