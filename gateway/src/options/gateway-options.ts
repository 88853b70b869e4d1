import type { FastifyServerOptions } from "fastify";
import type { Clock } from "@index-data/wire/time";
import type { Diagnostics, DiagnosticsLog } from "@index-data/wire/diagnostics";
import type { OpenRequestLimits } from "../mcp/open-requests";
import type { SignInOptions } from "../identity/oidc/sign-in";
import type { ReplicaStore } from "../store/replica-store";
import type { TenantShareRules } from "../tenancy/tenant-weights";
import type { DeskToken, TokenProblem } from "../identity/tokens";
import type { ServeOptions } from "./serve-options";
import type { ArchiveBounds } from "../corrections/archive";
import type { DeskCorrections } from "../corrections/desk-corrections";
import type { CorrectionsSweep } from "../corrections/sweep";
import type { SendMark } from "../store/store";

/**
 * The options a replica takes just as the command line reads them: same names, and the types of their rows in
 * serve-options.ts (whose words say what each does and its default). Only the upstream is required.
 */
export const SHARED_OPTIONS = [
  "upstream",
  "host",
  "port",
  "redisUrl",
  "allowOrigins",
  "ttls",
  "cacheBytes",
  "windowMs",
  "upstreamTimeoutMs",
  "metricsSubjects",
  "mcp",
  "publicUrl",
  "correctionsEveryMs",
] as const satisfies readonly (keyof ServeOptions)[];

/** Each optional, and undefined where it is not given. */
type Optional<T> = { readonly [K in keyof T]?: T[K] | undefined };

type SharedOptions = Pick<ServeOptions, "upstream"> &
  Optional<Pick<ServeOptions, Exclude<(typeof SHARED_OPTIONS)[number], "upstream">>>;

export interface GatewayOptions extends SharedOptions {
  /** The desk's key for the upstream; absent: anonymous. Never logged, never passed to a client. */
  readonly upstreamKey?: string | undefined;
  /** The desk's tokens (read again whenever asked); `undefined`: no authentication (loopback only). */
  readonly tokens: () => readonly DeskToken[] | undefined;
  /** Lines of the tokens file refused at its last reading (shown on the health page as degraded). @default none */
  readonly tokenProblems?: () => readonly TokenProblem[];
  readonly https?: { readonly key: Buffer; readonly cert: Buffer } | undefined;
  /** How long past its freshness an answer may stand in for a failing upstream. @default 24 h */
  readonly staleIfErrorMs?: number;
  /** Longest a request waits for a send before a 429. @default 4000 (the add-in gives up after 10 s) */
  readonly maxQueueWaitMs?: number;
  /**
   * Most requests one user may have waiting for a send. Sends go in bursts, so a sheet opened on a cold gateway
   * waits only for the first answers: room for a large sheet's worth. @default 1000
   */
  readonly maxQueuedPerUser?: number;
  /** @default systemClock */
  readonly clock?: Clock;
  readonly logger?: FastifyServerOptions["logger"];
  /**
   * Where a failure the gateway answers around (a store command, a heartbeat, a usage batch) is reported.
   * @default a DiagnosticsRecorder with the upstream key taken out (KeyScrubber), read as RunningGateway.diagnostics
   */
  readonly diagnostics?: Diagnostics;
  /** Single sign-on: OpenID Connect bearer tokens accepted beside the desk tokens. @default desk tokens only */
  readonly signIn?: SignInOptions | undefined;
  /** SHA-256 of the token that reads /metrics; absent: /metrics answers loopback only. */
  readonly metricsTokenDigest?: Buffer | undefined;
  /** The budget shared per tenant, by weight. @default per user */
  readonly tenantShare?: TenantShareRules;
  /** /mcp requests open at once, per user and in all, across the desk. @default 16 per user, 1000 in all */
  readonly mcpLimits?: OpenRequestLimits;
  /** The as-published archive's bounds (docs/corrections.md). @default 200,000 (index, day) pairs, 10,000 corrections */
  readonly archiveBounds?: ArchiveBounds;
  /** Told when the shared store goes away or comes back (the command line prints it). */
  readonly onStoreState?: (state: "up" | "down", reason?: string) => void;
}

export interface RunningGateway {
  readonly url: string;
  readonly store: ReplicaStore;
  /** The as-published archive and what records in it (corrections/). */
  readonly corrections: DeskCorrections;
  /** The corrections sweep (corrections/sweep.ts): its `settled` resolves when the sweep under way has ended. */
  readonly sweep: CorrectionsSweep<SendMark>;
  /** The failures answered around, as recorded (the default recorder's; empty when `diagnostics` was given). */
  readonly diagnostics: DiagnosticsLog;
  close(): Promise<void>;
}

/**
 * An option a replica refuses before it opens anything. Its message names the option as `say` is given it: by its
 * name in code here, and by its flag when the command line reports it (as a usage error).
 */
export class OptionRefused extends Error {
  override readonly name = "OptionRefused";

  constructor(
    readonly option: keyof GatewayOptions,
    readonly say: (name: string) => string,
  ) {
    super(say(option));
  }
}
