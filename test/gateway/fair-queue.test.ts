import { DiagnosticsRecorder } from "@index-data/wire/diagnostics";
import { FairQueue, isQueueRefusal } from "../../gateway/src/serving/fair-queue";
import { GatewayError } from "../../gateway/src/answers/gateway-error";
import type { SendGrant } from "../../gateway/src/store/store";
import { FakeClock } from "../support/fake-clock";

const GRANTED = (wanted: number): SendGrant => ({ granted: wanted, waitMs: 0, lastSeq: wanted, ledger: "memory" });

test("a failed take of sends reaches the diagnostics, and the queue asks the budget again", async () => {
  const clock = new FakeClock(Date.now());
  const diagnostics = new DiagnosticsRecorder();
  let asked = 0;
  const queue = new FairQueue({
    take: async (wanted) => {
      asked += 1;
      if (asked === 1) throw new Error("the budget's store is unreachable");
      return GRANTED(wanted);
    },
    eta: async () => 0,
    maxWaitMs: 10_000,
    maxPerUser: 10,
    clock,
    diagnostics,
  });
  const granted = queue.wait("alice").granted;
  await clock.advance(0);
  // The fault happened: the first take failed, and what was lost says so.
  expect(asked).toBe(1);
  expect(diagnostics.recent()).toEqual([
    expect.objectContaining({ where: "send budget", message: "Error: the budget's store is unreachable" }),
  ]);
  // The request is not lost: the budget is asked again soon, and it is sent.
  await clock.advance(100);
  expect(asked).toBe(2);
  await expect(granted).resolves.toMatchObject({ user: "alice" });
  queue.close();
});

test("the queue's own refusals are told apart from any other 429", async () => {
  const clock = new FakeClock(Date.now());
  const queue = new FairQueue({
    take: async () => ({ granted: 0, waitMs: 60_000, lastSeq: 0, ledger: "memory" }),
    eta: async () => 1000,
    maxWaitMs: 10_000,
    maxPerUser: 1,
    clock,
  });
  void queue.wait("alice").granted.catch(() => undefined);
  const refused = await queue.wait("alice").granted.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(GatewayError);
  expect(refused).toMatchObject({ statusCode: 429, reason: "line-full" });
  expect(isQueueRefusal(refused)).toBe(true);
  expect(isQueueRefusal(new GatewayError(429, "RATE_LIMITED", "the upstream's own"))).toBe(false);
  queue.close();
});
