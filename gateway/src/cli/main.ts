#!/usr/bin/env node
/**
 * `index-data-gateway …` (from a checkout: `npm run gateway -- …`): the desk's Index Data gateway (docs/gateway.md).
 * Prints where it listens and what it uses, never the upstream key or a token; logs one JSON line per request.
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { checkApiKey, isLoopbackHost } from "@index-data/wire";
import { UsageError, parseCommandLine, type ServeCommand } from "./args";
import { helpText, programName, synopsis } from "./help";
import { startGateway } from "../compose";
import { OptionRefused, SHARED_OPTIONS, type GatewayOptions } from "../options/gateway-options";
import { flagOf, spelledAsFlag } from "../options/serve-options";
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
    throw new UsageError(
      `${flagOf("metricsTokenFile")} ${file}: the token must be 16 to 512 visible ASCII characters.`,
    );
  if ((statSync(file).mode & 0o077) !== 0) console.log(`Warning: ${file} can be read by other users; chmod 600 it.`);
  return createHash("sha256").update(token).digest();
}

/** Who may use the gateway, and the tokens file's refused lines. */
interface TokenSource {
  readonly tokens: () => readonly DeskToken[] | undefined;
  readonly problems: () => readonly TokenProblem[];
}

/** The tokens, or undefined without authentication (the rules between the options allow it on loopback only). */
function tokenSource(command: ServeCommand): TokenSource {
  if (command.noAuth) {
    console.log(
      `Authentication is OFF (${flagOf("noAuth")}): anyone on this machine can use the gateway, and its upstream key.`,
    );
    return { tokens: () => undefined, problems: () => [] };
  }
  const file = command.tokensFile;
  if (file === undefined) {
    console.log(
      `Desk tokens are off (no ${flagOf("tokensFile")}): only sign-in tokens from ${command.signIn?.issuer ?? "the issuer"} are accepted.`,
    );
    return { tokens: () => [], problems: () => [] };
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

/** The tenants' parts of the budget, when it is shared per tenant: from the weights file, or even. */
function loadTenantShare(command: ServeCommand): { tenantShare?: TenantShareRules } {
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

/** The options a replica takes as the command line read them (same names, same types). */
function sharedOptions(command: ServeCommand): Pick<GatewayOptions, (typeof SHARED_OPTIONS)[number]> {
  const given = SHARED_OPTIONS.flatMap((name) => (command[name] === undefined ? [] : [[name, command[name]] as const]));
  // SHARED_OPTIONS holds only names whose types the two share (gateway-options.ts checks it).
  return Object.fromEntries(given) as Pick<GatewayOptions, (typeof SHARED_OPTIONS)[number]>;
}

async function startServing(command: ServeCommand): Promise<void> {
  const source = tokenSource(command);
  const { key, from } = upstreamKey(command);
  const metricsDigest = metricsTokenDigest(command);
  const options: GatewayOptions = {
    ...sharedOptions(command),
    tokens: source.tokens,
    tokenProblems: source.problems,
    logger: { level: "info" },
    onStoreState: (state, reason) =>
      console.log(
        state === "down"
          ? `Redis is away (${reason ?? "no answer"}): serving from this replica's memory, degraded.`
          : "Redis is back: sharing the cache, locks and budget again.",
      ),
    upstreamKey: key,
    metricsTokenDigest: metricsDigest,
    signIn: command.signIn,
    ...loadTenantShare(command),
    https: command.tls && { cert: readFileSync(command.tls.cert), key: readFileSync(command.tls.key) },
  };
  // host:port of the Redis URL (the rows checked it is one): a password in it is never printed.
  const store = command.redisUrl !== undefined ? `redis at ${new URL(command.redisUrl).host}` : "memory";
  const gateway = await startGateway(options);
  // Before the listening line, which a supervisor (and a test) waits for.
  if (command.mcp && !command.noAuth)
    console.log(`MCP for AI agents at ${command.publicUrl ?? gateway.url}/mcp (${flagOf("mcp")} turns it off).`);
  console.log(
    `Index Data gateway listening on ${gateway.url}; upstream ${new URL(command.upstream).origin} (key: ${from}); store: ${store}.`,
  );
  if (command.tls === undefined && !isLoopbackHost(command.host)) {
    console.log(
      `Warning: plain http on the network. The add-in sends a token over http only to this machine: give ${flagOf("tlsCert")}/${flagOf("tlsKey")}, or put a TLS-terminating proxy in front (docs/gateway.md).`,
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
function addNewToken(file: string, name: string): string {
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
    const token = addNewToken(command.tokensFile, command.name);
    console.log(`Token for ${command.name} (shown once; only its SHA-256 is in ${command.tokensFile}):\n${token}`);
    console.log("They enter it as the API key in the add-in's Settings, with the gateway's URL as the service URL.");
    return;
  }
  await startServing(command);
}

/** An option the replica refused, named as the command line spells it. */
function asUsageError(error: OptionRefused): UsageError {
  return new UsageError(error.say(spelledAsFlag(error.option)));
}

main().catch((thrown: unknown) => {
  const error = thrown instanceof OptionRefused ? asUsageError(thrown) : thrown;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof UsageError) {
    console.error(`${message}\n\n${synopsis(PROGRAM)}\nEvery option: ${PROGRAM} --help`);
    process.exit(2);
  }
  console.error(`The gateway could not start: ${message}`);
  process.exit(1);
});
