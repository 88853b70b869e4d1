import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { findRedisServer, INSTALL_HINT } from "../../../scripts/test-tools.cjs";

/** REDIS_SERVER_PATH, else redis-server on PATH (Homebrew's), else Debian's, which .ci/run installs. */
const REDIS = findRedisServer();
export const REDIS_SERVER = REDIS.path ?? "/usr/bin/redis-server";

/** A redis-server of the test's own, on a free loopback port, persistence off. */
export interface TestRedis {
  readonly url: string;
  readonly port: number;
  /** SIGKILL, as a crash: no goodbye to clients. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty: nothing was persisted). */
  restart(): Promise<void>;
  /** SIGSTOP / SIGCONT: a server that stalls, its connections open and silent. */
  pause(): void;
  resume(): void;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no free port");
  return address.port;
}

function launch(port: number, extraArgs: readonly string[]): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", ...extraArgs],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  return new Promise((resolve, reject) => {
    let said = "";
    const onData = (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes("Ready to accept connections")) {
        child.stdout?.off("data", onData);
        child.stdout?.resume();
        resolve(child);
      }
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code) =>
      reject(new Error(`redis-server exited (code ${String(code)}) before it was ready:\n${said}`)),
    );
    child.once("error", reject);
  });
}

/** Starts one (with `extraArgs`, e.g. `--requirepass`); fails, never skips, when redis-server is not installed. */
export async function startRedis(extraArgs: readonly string[] = []): Promise<TestRedis> {
  if (REDIS.path === undefined || !existsSync(REDIS_SERVER)) {
    throw new Error(
      `redis-server for the gateway tests, which start their own: ${REDIS.problem ?? ""}. ${INSTALL_HINT}`,
    );
  }
  const port = await freePort();
  let child: ChildProcess | undefined = await launch(port, extraArgs);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill: async () => {
      const running = child;
      child = undefined;
      if (running === undefined || running.exitCode !== null) return;
      const gone = new Promise<void>((resolve) => running.once("exit", () => resolve()));
      running.kill("SIGKILL");
      await gone;
    },
    restart: async () => {
      child = await launch(port, extraArgs);
    },
    pause: () => void child?.kill("SIGSTOP"),
    resume: () => void child?.kill("SIGCONT"),
  };
}
