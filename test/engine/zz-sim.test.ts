import { FakeClock } from "../support/fake-clock";
import { LimitedService, runtimeOn, settleOn } from "./limited-service";
import type { RateHeaders } from "../../reference-service/src/rate-limit";
import type { RateWindow } from "../../reference-service/src/rate-windows";

const W = 60_000;
async function desk(headers: RateHeaders, window: RateWindow, machines: number, each: number, paneReads = 0, recalcAt = 0, start = 0) {
  const clock = new FakeClock(start);
  const t0 = clock.now();
  const service = new LimitedService(clock, 60, W, { headers, window });
  const desk = Array.from({ length: machines }, (_, i) =>
    runtimeOn(service, clock, { latencyMs: 50, marginMs: 1200, connections: 6, maxQueueWaitMs: 10 * W, name: `m${i}` }),
  );
  if (paneReads > 0) await settleOn(clock, Promise.all(desk.map((m) => m.sendForUser(paneReads))), W, 10);
  await clock.advance(t0 + recalcAt - clock.now());
  const { value, afterMs } = await settleOn(clock, Promise.all(desk.map((m) => m.send(each))), 12 * W, 50);
  return { rejected: service.rejected, bad: value.flat().filter((s) => s !== 200).length, settled: afterMs };
}

test("sim", async () => {
  const lines: string[] = [];
  for (const window of ["first-request", "minute", "sliding"] as RateWindow[])
    for (const headers of ["full", "partial", "ietf", "none"] as RateHeaders[]) {
      const fresh = await desk(headers, window, 3, 30, 0, 0, 7_000);
      const mid = await desk(headers, window, 3, 30, 2, 20_000, 7_000);
      const alone = await desk(headers, window, 1, 84, 0, 0, 7_000);
      const five = await desk(headers, window, 3, 100, 0, 0, 7_000);
      lines.push(`${window} ${headers}: fresh ${JSON.stringify(fresh)} mid ${JSON.stringify(mid)} alone84 ${JSON.stringify(alone)} five ${JSON.stringify(five)}`);
    }
  require("fs").writeFileSync("/tmp/sim/out.txt", lines.join("\n") + "\n");
}, 600_000);
