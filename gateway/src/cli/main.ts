#!/usr/bin/env node
/**
 * `index-data-gateway …` (from a checkout: `npm run gateway -- …`): the desk's Index Data gateway (docs/gateway.md).
 * Prints where it listens and what it uses, never the upstream key or a token; logs one JSON line per request.
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { checkApiKey, checkBaseUrl, isLoopbackHost, keyTransportAllowed } from "@index-data/wire";
import { UsageError, parseCommandLine, type ServeCommand } from "./args";
import { helpText, programName, synopsis } from "./help";
import { startGateway } from "../compose";
import type { GatewayOptions } from "../gateway-options";
import { TenantWeightsError, tenantShareRules, type TenantShareRules } from "../tenancy/tenant-weights";
import {
  addToken,
  loadTokens,
  reloadTokens,
  type DeskToken,
  type TokenProblem,
  type TokensReading,
} from "../identity/tokens";

const KEY_VARIABLE = "INDEX_GATEWAY_UPSTREAM_KEY";
/** The command as it was started, for the commands its messages name. */
const PROGRAM = programName(process.argv[1]);
/** SIGTERM or SIGINT ends the process within this, whatever its output or its store do. */
const STOP_BOUND_MS = 4000;

/** The upstream key, from the environment or a file; the message says where it came from, never what it is. */
function upstreamKey(command: ServeCommand): { key?: string; from: string } {
  const file = command.upstreamKeyFile;
  const text = file !== undefined ? readFileSync(file, "utf8") : process.env[KEY_VARIABLE];
  const checked = checkApiKey(text);
  const from = file !== undefined ? `the file ${file}` : KEY_VARIABLE;
  if (!checked.ok) throw new UsageError(`The upstream key in ${from}: ${checked.message}`);
  if (file !== undefined && (statSync(file).mode & 0o077) !== 0)
    console.log(`Warning: ${file} can be read by other users; chmod 600 it.`);
  return checked.key === undefined ? { from: "none: anonymous" } : { key: checked.key, from };
}

/** SHA-256 of the token that reads /metrics, from its file; undefined: /metrics answers this machine only. */
function metricsTokenDigest(command: ServeCommand): Buffer | undefined {
  const file = command.metricsTokenFile;
  if (file === undefined) return undefined;
  const token = readFileSync(file, "utf8").trim();
  if (!/^[\x21-\x7e]{16,512}$/.test(token))
    throw new UsageError(`--metrics-token-file ${file}: the token must be 16 to 512 visible ASCII characters.`);
  if ((statSync(file).mode & 0o077) !== 0) console.log(`Warning: ${file} can be read by other users; chmod 600 it.`);
  return createHash("sha256").update(token).digest();
}

/** Who may use the gateway, and the tokens file's refused lines. */
interface TokenSource {
  readonly tokens: () => readonly DeskToken[] | undefined;
  readonly problems: () => readonly TokenProblem[];
}

/** The tokens, or undefined with --no-auth; refuses to run open to the network. */
function tokenSource(command: ServeCommand): TokenSource {
  if (command.noAuth) {
    if (command.tokensFile !== undefined || command.signIn !== undefined)
      throw new UsageError("--no-auth contradicts --tokens and --oidc-issuer: give one.");
    if (!isLoopbackHost(command.host))
      throw new UsageError(
        `--no-auth is only allowed on a loopback host (127.0.0.1, ::1, localhost), not ${command.host}.`,
      );
    console.log("Authentication is OFF (--no-auth): anyone on this machine can use the gateway, and its upstream key.");
    return { tokens: () => undefined, problems: () => [] };
  }
  const file = command.tokensFile;
  if (file === undefined && command.signIn !== undefined) {
    console.log(`Desk tokens are off (no --tokens): only sign-in tokens from ${command.signIn.issuer} are accepted.`);
    return { tokens: () => [], problems: () => [] };
  }
  if (file === undefined) {
    throw new UsageError(
      `--tokens FILE is required: it lists who may use the gateway. Create it with: ${PROGRAM} new-token NAME --tokens FILE`,
    );
  }
  let reading: TokensReading = { tokens: loadTokens(file), problems: [] };
  if (reading.tokens.length === 0) console.log(`Warning: ${file} lists no tokens yet; every request will get 401.`);
  // SIGHUP reads the file again: its good lines apply at once (a name that left the file is refused from now on), and
  // each refused line is named by number, here and on /gateway/health, until the file is fixed.
  process.on("SIGHUP", () => {
    reading = reloadTokens(file);
    const refused = reading.problems.map((p) => (p.line === 0 ? p.problem : `line ${p.line} (${p.problem})`));
    console.log(
      refused.length === 0
        ? `Read ${file} again: ${reading.tokens.length} tokens.`
        : `Read ${file} again: ${reading.tokens.length} tokens; refused ${refused.join("; ")}. Fix the file and send SIGHUP again.`,
    );
  });
  return { tokens: () => reading.tokens, problems: () => reading.problems };
}

/** The tenants' parts of the budget (--oidc-tenant-share): from the weights file, or even. */
function tenantShareOf(command: ServeCommand): { tenantShare?: TenantShareRules } {
  if (command.tenantShare === undefined) return {};
  const { weightsFile } = command.tenantShare;
  const allowedTenants = command.signIn?.allowedTenants ?? [];
  try {
    return {
      tenantShare: tenantShareRules({ weightsFile, allowedTenants, deskTokens: command.tokensFile !== undefined }),
    };
  } catch (error) {
    if (error instanceof TenantWeightsError) throw new UsageError(error.message);
    throw error;
  }
}

/** host:port of the Redis URL: a password in it is never printed. */
function redisPlace(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    // Expected: not a URL; the usage error says what to give.
    throw new UsageError(`--redis must be a URL such as redis://127.0.0.1:6379, got something else.`);
  }
}

/** An --upstream the command line cannot use, refused before start (exit 2: restarting would only repeat it). */
function checkUpstream(command: ServeCommand, key: string | undefined): void {
  const upstream = checkBaseUrl(command.upstream);
  if (!upstream.ok) throw new UsageError(`--upstream: ${upstream.message}`);
  if (key !== undefined && !keyTransportAllowed(upstream.url))
    throw new UsageError(
      "The upstream key is only sent over https (or plain http to this machine): give an https:// --upstream.",
    );
}

async function serve(command: ServeCommand): Promise<void> {
  const source = tokenSource(command);
  const { key, from } = upstreamKey(command);
  checkUpstream(command, key);
  const metricsDigest = metricsTokenDigest(command);
  const options: GatewayOptions = {
    upstream: command.upstream,
    host: command.host,
    port: command.port,
    tokens: source.tokens,
    tokenProblems: source.problems,
    allowOrigins: command.allowOrigins,
    ttls: command.ttls,
    logger: { level: "info" },
    onStoreState: (state, reason) =>
      console.log(
        state === "down"
          ? `Redis is away (${reason ?? "no answer"}): serving from this replica's memory, degraded.`
          : "Redis is back: sharing the cache, locks and budget again.",
      ),
    ...(key !== undefined ? { upstreamKey: key } : {}),
    ...(metricsDigest !== undefined ? { metricsTokenDigest: metricsDigest } : {}),
    ...(command.signIn !== undefined ? { signIn: command.signIn } : {}),
    ...tenantShareOf(command),
    ...(command.metricsSubjects !== undefined ? { metricsSubjects: command.metricsSubjects } : {}),
    ...(command.redis !== undefined ? { redisUrl: command.redis } : {}),
    ...(command.tls !== undefined
      ? { https: { cert: readFileSync(command.tls.cert), key: readFileSync(command.tls.key) } }
      : {}),
    ...(command.cacheBytes !== undefined ? { cacheBytes: command.cacheBytes } : {}),
    ...(command.windowMs !== undefined ? { windowMs: command.windowMs } : {}),
    ...(command.upstreamTimeoutMs !== undefined ? { upstreamTimeoutMs: command.upstreamTimeoutMs } : {}),
    ...(command.noMcp ? { mcp: false } : {}),
    ...(command.publicUrl !== undefined ? { publicUrl: command.publicUrl } : {}),
  };
  const store = command.redis !== undefined ? `redis at ${redisPlace(command.redis)}` : "memory";
  const gateway = await startGateway(options);
  // Before the listening line, which a supervisor (and a test) waits for.
  if (!command.noMcp && !command.noAuth)
    console.log(`MCP for AI agents at ${command.publicUrl ?? gateway.url}/mcp (--no-mcp turns it off).`);
  console.log(
    `Index Data gateway listening on ${gateway.url}; upstream ${new URL(command.upstream).origin} (key: ${from}); store: ${store}.`,
  );
  if (command.tls === undefined && !isLoopbackHost(command.host)) {
    console.log(
      "Warning: plain http on the network. The add-in sends a token over http only to this machine: give --tls-cert/--tls-key, or put a TLS-terminating proxy in front (docs/gateway.md).",
    );
  }
  const stop = () => {
    // A close that cannot finish (a store that does not answer) never keeps the process: it ends within the bound.
    setTimeout(() => {
      console.error(`The gateway did not close within ${STOP_BOUND_MS / 1000} s; exiting.`);
      process.exit(1);
    }, STOP_BOUND_MS).unref();
    void gateway.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`The gateway did not close cleanly: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

/** A new token for `name`; a name or file the command cannot take is refused as a usage error (exit 2). */
function newToken(file: string, name: string): string {
  try {
    return addToken(file, name);
  } catch (error) {
    // addToken's own refusals (a bad name, a name already listed, a bad line) carry no system error code.
    if (error instanceof Error && !("code" in error)) throw new UsageError(error.message);
    console.error(`new-token could not add to ${file}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const command = parseCommandLine(process.argv.slice(2), PROGRAM);
  if (command.command === "help") {
    console.log(helpText(PROGRAM));
    return;
  }
  if (command.command === "new-token") {
    const token = newToken(command.tokensFile, command.name);
    console.log(`Token for ${command.name} (shown once; only its SHA-256 is in ${command.tokensFile}):\n${token}`);
    console.log("They enter it as the API key in the add-in's Settings, with the gateway's URL as the service URL.");
    return;
  }
  await serve(command);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof UsageError) {
    console.error(`${message}\n\n${synopsis(PROGRAM)}\nEvery option: ${PROGRAM} --help`);
    process.exit(2);
  }
  console.error(`The gateway could not start: ${message}`);
  process.exit(1);
});
