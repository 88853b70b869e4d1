import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import {
  DEFAULT_TTLS,
  GATEWAY_CACHE,
  RATE_WINDOW_MS,
  checkBaseUrl,
  keyFingerprint,
  keyTransportAllowed,
  tierLimit,
  type RateRules,
  type TtlTable,
} from "@index-data/wire";
import { systemClock, type Clock } from "@index-data/wire/time";
import { DiagnosticsRecorder } from "@index-data/wire/diagnostics";
import { buildApp, type AppOptions } from "./app";
import { AuditTrail } from "./observability/audit-trail";
import { FairQueue } from "./serving/fair-queue";
import { OptionRefused, type GatewayOptions, type RunningGateway } from "./options/gateway-options";
import { GatewayMetrics } from "./observability/gateway-metrics";
import { upstreamSeen, type HealthSources, type UpstreamSeen } from "./observability/health-page";
import { KeyScrubber } from "./logs/key-scrub";
import { BoundedLogOutput } from "./logs/log-output";
import { DeskCorrections } from "./corrections/desk-corrections";
import { deskSweep } from "./corrections/desk-sweep";
import type { CorrectionsSweep } from "./corrections/sweep";
import type { Resource } from "./answers/resources";
import type { SendMark } from "./store/store";
import { SignIn } from "./identity/oidc/sign-in";
import { LOCK_LEASE_MS, Resolver } from "./serving/resolver";
import { MemoryStore } from "./store/memory-store";
import { RedisStore } from "./store/redis-store";
import { ReplicaStore } from "./store/replica-store";
import { storedAnswerRule } from "./store/stored-answer";
import { DeskShares } from "./tenancy/tenant-shares";
import { DEFAULT_SUBJECTS } from "./observability/top-subjects";
import { Upstream, type UpstreamResult } from "./serving/upstream";
import { gatewayVersion } from "./version";

/** How long past its freshness an answer stands in for a failing upstream: the window whose ages the add-in believes. */
const DEFAULT_STALE_IF_ERROR_MS = GATEWAY_CACHE.staleIfErrorMs;
const HEARTBEAT_MS = 2000;
/** Longest a request waits for a send (the add-in gives up after 10 s). */
const DEFAULT_QUEUE_WAIT_MS = 4000;
/** One upstream request, headers and body. */
const DEFAULT_UPSTREAM_TIMEOUT_MS = 5000;
/** How long a close waits for the log's reader to take the last lines: a stalled one never holds the exit. */
const LOG_CLOSE_MS = 1000;

/** Keys of one upstream and key, so desks sharing a server never share a cache or a budget; the key only as a hash. */
function prefixOf(upstream: string, key: string | undefined): string {
  return `idg:${keyFingerprint(`${upstream}\n${key ?? ""}`)}:`;
}

/** The upstream's root, refused (before anything is opened) where the service or its key cannot be reached safely. */
function upstreamUrl(options: GatewayOptions): string {
  const checked = checkBaseUrl(options.upstream);
  if (!checked.ok) throw new OptionRefused("upstream", (name) => `${name}: ${checked.message}`);
  if (options.upstreamKey !== undefined && !keyTransportAllowed(checked.url)) {
    throw new OptionRefused(
      "upstream",
      (name) => `The upstream key is only sent over https (or plain http to this machine): give an https:// ${name}.`,
    );
  }
  return checked.url;
}

function storeFor(
  options: GatewayOptions,
  baseUrl: string,
  rules: RateRules,
  clock: Clock,
  { staleIfErrorMs, ttls }: { readonly staleIfErrorMs: number; readonly ttls: TtlTable },
): ReplicaStore {
  const local = new MemoryStore({
    rules,
    clock,
    maxBytes: options.cacheBytes,
  });
  const shared =
    options.redisUrl === undefined
      ? undefined
      : new RedisStore({
          url: options.redisUrl,
          prefix: prefixOf(baseUrl, options.upstreamKey),
          rules,
          diagnostics: options.diagnostics,
        });
  return new ReplicaStore({
    local,
    shared,
    staleIfErrorMs,
    admit: storedAnswerRule(ttls),
    now: () => clock.now(),
    clock,
    usageWindowMs: rules.windowMs,
    onSharedState: options.onStoreState,
    diagnostics: options.diagnostics,
  });
}

/** The fair queue on the desk's budget, its turns shared per user or per tenant (`shares`). */
function queueFor(
  options: GatewayOptions,
  {
    store,
    shares,
    maxWaitMs,
  }: { readonly store: ReplicaStore; readonly shares: DeskShares; readonly maxWaitMs: number },
  clock: Clock,
): FairQueue {
  return new FairQueue({
    take: (wanted) => store.take(clock.now(), 1, wanted),
    eta: (sends) => store.eta(clock.now(), sends),
    maxWaitMs,
    maxPerUser: options.maxQueuedPerUser ?? 1000,
    clock,
    parts: shares.parts,
    // Counted as the turn is granted, so a tenant's room is right for the very next turn.
    onGrant: (user) => store.count(user, clock.now(), "send"),
    diagnostics: options.diagnostics,
  });
}

interface Parts {
  readonly store: ReplicaStore;
  readonly queue: FairQueue;
  readonly resolver: Resolver;
  readonly health: HealthSources;
  readonly metrics: GatewayMetrics;
  readonly audit: AuditTrail;
  readonly corrections: DeskCorrections;
  readonly sweep: CorrectionsSweep<SendMark>;
}

/** The store, the fair queue on the desk's budget and the resolver, wired together. */
async function partsFor(options: GatewayOptions, clock: Clock, staleIfErrorMs: number): Promise<Parts> {
  const baseUrl = upstreamUrl(options);
  const windowMs = options.windowMs ?? RATE_WINDOW_MS;
  // Before any answer, the tier table's limit for the desk's credential: the spec promises nothing more.
  const rules: RateRules = {
    windowMs,
    assumedLimit: tierLimit(options.upstreamKey !== undefined ? "api-key" : "anonymous"),
  };
  const ttls: TtlTable = { ...DEFAULT_TTLS, ...options.ttls };
  const store = storeFor(options, baseUrl, rules, clock, { staleIfErrorMs, ttls });
  await store.start(5000);
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const upstream = new Upstream({
    baseUrl,
    apiKey: options.upstreamKey,
    timeoutMs: upstreamTimeoutMs,
  });
  const maxQueueWaitMs = options.maxQueueWaitMs ?? DEFAULT_QUEUE_WAIT_MS;
  const shares = new DeskShares(
    {
      snapshotNow: (now) => store.snapshotNow(now),
      shareInputs: (account, now) => store.shareInputs(account, now),
      eachUser: (now, visit) => store.eachUser(now, visit),
      windowMs,
    },
    options.tenantShare,
  );
  const queue = queueFor(options, { store, shares, maxWaitMs: maxQueueWaitMs }, clock);
  // What the upstream last answered: the resolver tells it, the health page reads it.
  let lastUpstream: UpstreamSeen | undefined;
  const health: HealthSources = {
    store,
    queue,
    upstreamOrigin: upstream.origin,
    windowMs,
    now: () => clock.now(),
    lastUpstream: () => lastUpstream,
    tokenProblems: options.tokenProblems ?? (() => []),
    shares,
    subjects: options.metricsSubjects ?? DEFAULT_SUBJECTS,
  };
  const metrics = new GatewayMetrics(health, health.subjects, options.diagnostics);
  const audit = new AuditTrail();
  const corrections = new DeskCorrections({
    redis:
      options.redisUrl === undefined
        ? undefined
        : { url: options.redisUrl, prefix: prefixOf(baseUrl, options.upstreamKey) },
    bounds: options.archiveBounds,
    clock,
    registry: metrics.registry,
    audit,
    diagnostics: options.diagnostics,
  });
  await corrections.start(5000);
  /** Every upstream answer or failure, a trader's or the corrections sweep's: health, metrics, audit, archive. */
  const onUpstream = (resource: Resource, result: UpstreamResult, user: string): void => {
    lastUpstream = upstreamSeen(result, clock.now());
    metrics.sent(result.status);
    audit.upstreamSend(user, resource.path, result.status, result.ok ? undefined : result.reason);
    corrections.observe(resource, result, user);
  };
  const resolver = new Resolver({
    store,
    upstream,
    queue,
    clock,
    ttls,
    staleIfErrorMs,
    collapseWaitMs: maxQueueWaitMs + upstreamTimeoutMs + LOCK_LEASE_MS,
    onUpstream,
    diagnostics: options.diagnostics,
  });
  const sweep = deskSweep({
    clock,
    everyMs: options.correctionsEveryMs,
    store,
    queue,
    upstream,
    corrections,
    onUpstream,
    diagnostics: options.diagnostics,
  });
  sweep.start();
  return { store, queue, resolver, health, metrics, audit, corrections, sweep };
}

/**
 * Fastify's logger options writing to stdout through a bounded output (logs/log-output.ts): lines go out in one write
 * per 8 KiB or per second, and are dropped (and counted in /metrics) rather than kept when the reader stalls.
 * `close` waits at most LOG_CLOSE_MS for the reader. A logger given with its own stream keeps it. Every line carries
 * one `time`, ISO 8601 by the gateway's clock (unless the options name their own), the audit trail's lines included.
 */
function boundedLogger(
  logger: GatewayOptions["logger"],
  metrics: GatewayMetrics,
  clock: Clock,
): { logger: GatewayOptions["logger"]; close: () => Promise<void> } {
  if (typeof logger !== "object" || logger === null) return { logger, close: () => Promise.resolve() };
  const timed = { timestamp: () => `,"time":"${new Date(clock.now()).toISOString()}"`, ...logger };
  if ("stream" in logger) return { logger: timed, close: () => Promise.resolve() };
  const output = new BoundedLogOutput({ sink: process.stdout, onDrop: (lines) => metrics.logLinesDropped(lines) });
  return { logger: { ...timed, stream: output }, close: () => output.close(LOG_CLOSE_MS) };
}

/** The default recorder: the upstream key taken out in every spelling KeyScrubber knows (base64, hex, escapes). */
function recorderFor(upstreamKey: string | undefined): DiagnosticsRecorder {
  if (upstreamKey === undefined) return new DiagnosticsRecorder();
  const scrubber = new KeyScrubber(upstreamKey);
  return new DiagnosticsRecorder({ secrets: () => [upstreamKey], scrub: (text) => scrubber.scrubText(text) });
}

/** Reads a tool call makes one after another at most (a figure, then the latest fix it is of). */
const READS_PER_CALL = 2;

/**
 * How long an /mcp request may take before the gateway answers it with a JSON-RPC error: what a call's reads may take
 * at their own bounds (each a queue wait, an upstream request and a lock's lease), and a second to spare. 25 s with
 * the default timeouts.
 */
export function mcpSettleMs(options: Pick<GatewayOptions, "maxQueueWaitMs" | "upstreamTimeoutMs">): number {
  const readMs =
    (options.maxQueueWaitMs ?? DEFAULT_QUEUE_WAIT_MS) +
    (options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS) +
    LOCK_LEASE_MS;
  return READS_PER_CALL * readMs + 1000;
}

/** The MCP face's options: on by default where authentication is on, never without authentication, off when turned off. */
function mcpOf(options: GatewayOptions, clock: Clock): Pick<AppOptions, "mcp"> {
  if (options.mcp === false || options.tokens() === undefined) return {};
  return {
    mcp: {
      clock,
      version: gatewayVersion(),
      settleMs: mcpSettleMs(options),
      limits: options.mcpLimits,
      issuer: options.signIn?.issuer,
      requiredScope: options.signIn?.requiredScope,
      publicOrigin: options.publicUrl === undefined ? undefined : new URL(options.publicUrl).origin,
    },
  };
}

/** Starts a gateway replica and resolves once it listens. */
export async function startGateway(given: GatewayOptions): Promise<RunningGateway> {
  const recorder = recorderFor(given.upstreamKey);
  const diagnostics = given.diagnostics ?? recorder;
  const options: GatewayOptions = { ...given, diagnostics };
  const clock = options.clock ?? systemClock;
  const staleIfErrorMs = options.staleIfErrorMs ?? DEFAULT_STALE_IF_ERROR_MS;
  // Before anything is opened: sign-in options it refuses throw here, leaving no store behind.
  const signIn = options.signIn !== undefined ? new SignIn(options.signIn, clock, diagnostics) : undefined;
  const { store, queue, resolver, health, metrics, audit, corrections, sweep } = await partsFor(
    options,
    clock,
    staleIfErrorMs,
  );
  const log = boundedLogger(options.logger, metrics, clock);
  const app = await buildApp({
    resolver,
    health,
    tokens: options.tokens,
    allowOrigins: options.allowOrigins ?? [],
    staleIfErrorSeconds: Math.floor(staleIfErrorMs / 1000),
    metrics: {
      metrics,
      tokenDigest: options.metricsTokenDigest,
    },
    audit,
    corrections: corrections.archive,
    signIn,
    ...mcpOf(options, clock),
    https: options.https,
    logger: log.logger,
  });
  const replica = randomUUID();
  // A missed heartbeat only makes this replica look gone for a moment (the health page counts replicas).
  const beat = () =>
    void store
      .heartbeat(replica, clock.now(), HEARTBEAT_MS * 3)
      .catch((error: unknown) => diagnostics.note({ where: "heartbeat", error }));
  beat();
  const heartbeat = setInterval(beat, HEARTBEAT_MS);
  const host = options.host ?? "127.0.0.1";
  await app.listen({ host, port: options.port ?? 0 });
  const { port } = app.server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `${options.https !== undefined ? "https" : "http"}://${host.includes(":") ? `[${host}]` : host}:${port}`,
    store,
    corrections,
    sweep,
    diagnostics: recorder,
    close: () => {
      closing ??= (async () => {
        clearInterval(heartbeat);
        await sweep.close();
        queue.close();
        resolver.close();
        await app.close();
        await corrections.close();
        await store.close();
        await log.close();
      })();
      return closing;
    },
  };
}
