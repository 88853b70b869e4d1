// The reference service for the benchmark, in a process of its own: in real life the service does its work on
// another machine, so its CPU time (building histories, serialising JSON) must not be charged to the client
// being timed. Started by bench/remote-service.ts; answers its requests for the request log over IPC.
import { startReferenceService, type ExtraIndex } from "../reference-service/src";
import type { RemoteServiceOptions, ServiceCommand, ServiceReply } from "./remote-service";

/** `count` more indexes with data, SCALE-0001 and on, for sheets over hundreds of symbols. */
function extraIndexes(count: number): ExtraIndex[] {
  return Array.from({ length: count }, (_, i) => ({
    symbol: `SCALE-${String(i + 1).padStart(4, "0")}`,
    hub: "NWE",
    grade: "A",
    leadTime: "1x3",
    description: `Scale test index ${i + 1}`,
    isActive: true,
  }));
}

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? "{}") as RemoteServiceOptions;
  const { windowMs, latencyMs, extraIndexes: extra, latestAgeDays } = options;
  const service = await startReferenceService({
    testFaults: true,
    rateHeaders: options.rateHeaders ?? "full",
    rateWindow: options.rateWindow ?? "first-request",
    rateCount: options.rateCount ?? "arrival",
    ...(options.answerJitterMs ? { answerJitterMs: options.answerJitterMs, jitterSeed: options.jitterSeed ?? 1 } : {}),
    ...(windowMs ? { rateLimitWindowMs: windowMs } : {}),
    ...(extra ? { extraIndexes: extraIndexes(extra) } : {}),
    ...(latestAgeDays ? { latestAgeDays } : {}),
  });
  service.faults.setLatency(latencyMs ?? 0);
  const reply = (message: ServiceReply) => process.send?.(message);
  process.on("message", (command: ServiceCommand) => {
    if (command.type === "log")
      reply({ type: "log", entries: service.requests.map(({ path, status }) => ({ path, status })) });
    if (command.type === "reset") {
      service.resetRequestLog();
      reply({ type: "reset" });
    }
    if (command.type === "turn") {
      service.faults.turnWindow();
      reply({ type: "turn" });
    }
    if (command.type === "close") void service.close().then(() => process.exit(0));
  });
  // If the benchmark dies, do not outlive it.
  process.on("disconnect", () => void service.close().then(() => process.exit(0)));
  reply({ type: "ready", url: service.url });
}

void main();
