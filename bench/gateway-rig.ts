// The parts of the desk-through-gateway benchmarks that run beside them: a redis-server of their own, a tokens file,
// and gateway replicas, each a process of its own (as on two machines), sharing the Redis (or one alone, without).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnGateway, type GatewayProcess } from "../test/gateway/support/gateway-process";
import { makeDesk, type Desk } from "../test/gateway/support/desk";
import { startRedis, type TestRedis } from "../test/gateway/support/redis-server";

export interface GatewayRig {
  readonly replicas: readonly GatewayProcess[];
  readonly desk: Desk;
  /** Requests the replicas answered 429 (their logs). */
  refusals(): number;
  close(): Promise<void>;
}

/** Starts `count` replicas in front of `upstream`, sharing `redis` (none: memory only); `upstreamKey` goes in their environment. */
export async function startGatewayRig(
  upstream: string,
  redis: TestRedis | undefined,
  traders: readonly string[],
  options: { name: string; windowMs: number; upstreamKey?: string; count?: number },
): Promise<GatewayRig> {
  const desk = makeDesk(traders);
  const folder = mkdtempSync(join(tmpdir(), "bench-gateway-"));
  writeFileSync(join(folder, "tokens.txt"), desk.file);
  const args = [
    "--upstream",
    upstream,
    "--port",
    "0",
    ...(redis !== undefined ? ["--redis", redis.url] : []),
    "--tokens",
    join(folder, "tokens.txt"),
    "--rate-window-ms",
    String(options.windowMs),
  ];
  const env = options.upstreamKey !== undefined ? { INDEX_GATEWAY_UPSTREAM_KEY: options.upstreamKey } : {};
  const replicas = await Promise.all(Array.from({ length: options.count ?? 2 }, () => spawnGateway(args, env)));
  return {
    replicas,
    desk,
    refusals: () => replicas.reduce((sum, r) => sum + (r.output().match(/"status":429/g) ?? []).length, 0),
    close: async () => {
      await Promise.all(replicas.map((r) => r.stop()));
      // Their logs, for a look at what they did (test-artifacts is not tracked).
      const logs = join(__dirname, "..", "test-artifacts", "bench");
      mkdirSync(logs, { recursive: true });
      replicas.forEach((r, i) => writeFileSync(join(logs, `gateway-${options.name}-replica-${i + 1}.log`), r.output()));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export { startRedis, type TestRedis };
