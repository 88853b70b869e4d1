import type { FastifyServerOptions } from "fastify";
import type { TtlTable } from "@index-data/wire";
import type { Clock } from "@index-data/wire/time";
import type { Diagnostics, DiagnosticsLog } from "@index-data/wire/diagnostics";
import type { OpenRequestLimits } from "./mcp/open-requests";
import type { SignInOptions } from "./identity/oidc/sign-in";
import type { ReplicaStore } from "./store/replica-store";
import type { TenantShareRules } from "./tenancy/tenant-weights";
import type { DeskToken, TokenProblem } from "./identity/tokens";
import type { SubjectRule } from "./observability/top-subjects";

export interface GatewayOptions {
  /** The Index Data Service's root, e.g. https://indexes.example.com. */
  readonly upstream: string;
  /** The desk's key for the upstream; absent: anonymous. Never logged, never passed to a client. */
  readonly upstreamKey?: string;
  /** @default "127.0.0.1" */
  readonly host?: string;
  /** 0 picks a free port. @default 0 */
  readonly port?: number;
  /** Valkey/Redis shared by the replicas; absent: memory only (one machine). */
  readonly redisUrl?: string;
  /** The desk's tokens (read again whenever asked); `undefined`: no authentication (loopback only). */
  readonly tokens: () => readonly DeskToken[] | undefined;
  /** Lines of the tokens file refused at its last reading (shown on the health page as degraded). @default none */
  readonly tokenProblems?: () => readonly TokenProblem[];
  /** Origins allowed by CORS (the add-in's, e.g. https://addin.example.com). @default [] */
  readonly allowOrigins?: readonly string[];
  readonly https?: { readonly key: Buffer; readonly cert: Buffer };
  /** The upstream's rate window; its limits are per minute. The benchmark compresses it. @default 60000 */
  readonly windowMs?: number;
  /** Time-to-live per kind, over the add-in engine's own (DEFAULT_TTLS). */
  readonly ttls?: Partial<TtlTable>;
  /** How long past its freshness an answer may stand in for a failing upstream. @default 24 h */
  readonly staleIfErrorMs?: number;
  /** Longest a request waits for a send before a 429. @default 4000 (the add-in gives up after 10 s) */
  readonly maxQueueWaitMs?: number;
  /**
   * Most requests one user may have waiting for a send. Sends go in bursts, so a sheet opened on a cold gateway
   * waits only for the first answers: room for a large sheet's worth. @default 1000
   */
  readonly maxQueuedPerUser?: number;
  /** One upstream request, headers and body. @default 5000 */
  readonly upstreamTimeoutMs?: number;
  /** Bytes of answers this process keeps in memory. @default 256 MiB */
  readonly cacheBytes?: number;
  /** @default systemClock */
  readonly clock?: Clock;
  readonly logger?: FastifyServerOptions["logger"];
  /**
   * Where a failure the gateway answers around (a store command, a heartbeat, a usage batch) is reported.
   * @default a DiagnosticsRecorder with the upstream key taken out (KeyScrubber), read as RunningGateway.diagnostics
   */
  readonly diagnostics?: Diagnostics;
  /** Single sign-on: OpenID Connect bearer tokens accepted beside the desk tokens. @default desk tokens only */
  readonly signIn?: SignInOptions;
  /** SHA-256 of the token that reads /metrics (--metrics-token-file); absent: /metrics answers loopback only. */
  readonly metricsTokenDigest?: Buffer;
  /** The budget shared per tenant, by weight (--oidc-tenant-share). @default per user */
  readonly tenantShare?: TenantShareRules;
  /** Whose figures /metrics and the desk-wide health page show one by one (--metrics-subjects). @default top 20 users */
  readonly metricsSubjects?: SubjectRule;
  /** `/mcp` for AI agents (docs/gateway.md, MCP); only ever with authentication on (tokens). @default true */
  readonly mcp?: boolean;
  /** /mcp requests open at once, per user and in all, across the desk. @default 16 per user, 1000 in all */
  readonly mcpLimits?: OpenRequestLimits;
  /**
   * The gateway's origin as its clients reach it (--public-url), e.g. https://gateway.desk.example.com behind a
   * TLS-terminating proxy: /mcp's resource metadata and its 401s name it. Absent: the address it listens on (a request
   * to /mcp addressed to any other name is refused).
   */
  readonly publicUrl?: string;
  /** Told when the shared store goes away or comes back (the command line prints it). */
  readonly onStoreState?: (state: "up" | "down", reason?: string) => void;
}

export interface RunningGateway {
  readonly url: string;
  readonly store: ReplicaStore;
  /** The failures answered around, as recorded (the default recorder's; empty when `diagnostics` was given). */
  readonly diagnostics: DiagnosticsLog;
  close(): Promise<void>;
}
