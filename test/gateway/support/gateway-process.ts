import { spawn, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";

const ROOT = resolve(__dirname, "..", "..", "..");

/** A gateway replica in a process of its own, started as a desk would: `npm run gateway -- …` (tsx, no npm). */
export interface GatewayProcess {
  readonly url: string;
  /** Its process id (a bench reads its memory from /proc). */
  readonly pid: number;
  /** Everything it printed so far, stdout and stderr: its log. */
  output(): string;
  /** SIGKILL: the replica dies without a goodbye. */
  kill(): Promise<void>;
  /** SIGTERM, as an administrator stops it. */
  stop(): Promise<void>;
  /** Sends a signal (SIGHUP: read the tokens file again). */
  signal(name: NodeJS.Signals): void;
}

/** Runs the gateway's command line and resolves with its output and exit code (for commands that end). */
export function runGatewayCommand(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): Promise<{ code: number | null; output: string }> {
  const child = launch(args, env);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => child.once("exit", (code) => done({ code, output })));
}

/**
 * The gateway's command in a child process: from its sources through tsx, or (`built`) its build, gateway/dist/cli/main.js
 * by plain node, as the installed package runs (`npm run build:gateway` first).
 */
function launch(args: readonly string[], env: Readonly<Record<string, string>>, built = false): ChildProcess {
  const clean = { ...process.env };
  delete clean["INDEX_GATEWAY_UPSTREAM_KEY"];
  const entry = built ? ["gateway/dist/cli/main.js"] : ["--import", "tsx", "gateway/src/cli/main.ts"];
  return spawn(process.execPath, [...entry, ...args], {
    cwd: ROOT,
    env: { ...clean, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

function ended(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((done) => child.once("exit", () => done()));
}

/**
 * Gathers a gateway process's log (stdout and stderr) and resolves with the URL it says it listens on; rejects with
 * the log if it exits before (`name` says which gateway, in that error).
 */
export function listening(child: ChildProcess, name: string): Promise<{ url: string; output: () => string }> {
  let output = "";
  let started = false;
  return new Promise((resolveStart, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`${name} exited (code ${String(code)}) before listening:\n${output}`));
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const url = started ? undefined : /listening on (\S+);/.exec(output)?.[1];
      if (url === undefined) return;
      started = true;
      child.off("exit", onExit);
      resolveStart({ url, output: () => output });
    });
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", onExit);
  });
}

/** Starts a replica and resolves once it says where it listens; rejects with its output if it exits first. */
export async function spawnGateway(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
  { built = false }: { readonly built?: boolean } = {},
): Promise<GatewayProcess> {
  const child = launch(args, env, built);
  const { url, output } = await listening(child, "the gateway");
  return {
    url,
    pid: child.pid ?? 0,
    output,
    kill: async () => {
      child.kill("SIGKILL");
      await ended(child);
    },
    stop: async () => {
      child.kill("SIGTERM");
      await ended(child);
    },
    signal: (name) => void child.kill(name),
  };
}
