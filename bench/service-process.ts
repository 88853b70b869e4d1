// The reference service for the benchmark, in a process of its own: in real life the service does its work on
// another machine, so its CPU time (building histories, serialising JSON) must not be charged to the client
// being timed. Started by bench/remote-service.ts; answers its requests for the request log over IPC.
import { startReferenceService } from "../reference-service/src";
import type { ServiceCommand, ServiceReply } from "./remote-service";

async function main(): Promise<void> {
  const [windowMs, latencyMs] = process.argv.slice(2).map(Number);
  const service = await startReferenceService({ testFaults: true, ...(windowMs ? { rateLimitWindowMs: windowMs } : {}) });
  service.faults.setLatency(latencyMs ?? 0);
  const reply = (message: ServiceReply) => process.send?.(message);
  process.on("message", (command: ServiceCommand) => {
    if (command.type === "log") reply({ type: "log", entries: service.requests.map(({ path, status }) => ({ path, status })) });
    if (command.type === "reset") {
      service.resetRequestLog();
      reply({ type: "reset" });
    }
    if (command.type === "close") void service.close().then(() => process.exit(0));
  });
  // If the benchmark dies, do not outlive it.
  process.on("disconnect", () => void service.close().then(() => process.exit(0)));
  reply({ type: "ready", url: service.url });
}

void main();
