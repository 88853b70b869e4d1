import { fork, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import type { RateCount, RateHeaders, RateWindow } from "../reference-service/src";

export interface LoggedRequest {
  readonly path: string;
  readonly status: number;
}
export type ServiceCommand =
  { readonly type: "log" } | { readonly type: "reset" } | { readonly type: "turn" } | { readonly type: "close" };
export type ServiceReply =
  | { readonly type: "ready"; readonly url: string }
  | { readonly type: "log"; readonly entries: readonly LoggedRequest[] }
  | { readonly type: "reset" }
  | { readonly type: "turn" };

/** How the service in its own process is started (bench/service-process.ts reads it as its one argument, JSON). */
export interface RemoteServiceOptions {
  readonly windowMs: number;
  readonly latencyMs: number;
  readonly extraIndexes?: number;
  readonly rateHeaders?: RateHeaders;
  readonly rateWindow?: RateWindow;
  readonly rateCount?: RateCount;
  readonly answerJitterMs?: number;
  readonly jitterSeed?: number;
  readonly latestAgeDays?: number;
}

/** A reference service running in its own process, with the part of its test API the benchmark uses. */
export interface RemoteService {
  readonly url: string;
  requestLog(): Promise<readonly LoggedRequest[]>;
  resetRequestLog(): Promise<void>;
  /** Turns every caller's rate-limit window now (the service's `faults.turnWindow()`). */
  turnWindow(): Promise<void>;
  close(): Promise<void>;
}

function nextReply<T extends ServiceReply["type"]>(
  child: ChildProcess,
  type: T,
): Promise<Extract<ServiceReply, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ServiceReply) => {
      if (message.type !== type) return;
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve(message as Extract<ServiceReply, { type: T }>);
    };
    const onExit = (code: number | null) =>
      reject(new Error(`the reference service process exited (code ${String(code)})`));
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
}

/** A round trip to the real service, as every rig adds it to the reference service's answers. */
export const SERVICE_LATENCY_MS = 50;

/**
 * Starts the reference service in a child process with `latencyMs` added to every answer (and `extraIndexes` more
 * indexes, latest fixes `latestAgeDays` old), speaking `rateHeaders` of its limit (default full), counting its window
 * as `rateWindow` says (default from the first request), each request on arrival or once answered (`rateCount`), and
 * its answers held back by a seeded jitter when `answerJitterMs` is set.
 */
export async function startRemoteService(options: RemoteServiceOptions): Promise<RemoteService> {
  const child = fork(join(__dirname, "service-process.ts"), [JSON.stringify(options)], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const { url } = await nextReply(child, "ready");
  const send = (command: ServiceCommand) => child.send(command);
  return {
    url,
    requestLog: async () => {
      const reply = nextReply(child, "log");
      send({ type: "log" });
      return (await reply).entries;
    },
    resetRequestLog: async () => {
      const reply = nextReply(child, "reset");
      send({ type: "reset" });
      await reply;
    },
    turnWindow: async () => {
      const reply = nextReply(child, "turn");
      send({ type: "turn" });
      await reply;
    },
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      send({ type: "close" });
      await exited;
    },
  };
}
