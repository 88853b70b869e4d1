import { startGateway, type GatewayOptions, type RunningGateway } from "../../../gateway/src";
import { FakeClock } from "../../support/fake-clock";
import type { Desk } from "./desk";

/** A gateway a test started, and the fake clock it keeps time by. */
export interface DeskGateway {
  readonly gateway: RunningGateway;
  readonly clock: FakeClock;
}

/** What a test may set of a desk gateway: everything but its upstream, its tokens and its clock. */
export type DeskGatewayOptions = Omit<GatewayOptions, "upstream" | "tokens" | "clock">;

/**
 * A gateway in this process (memory store unless told) in front of `upstream`, taking `desk`'s tokens, on a fake clock
 * that starts at `startAt` (the real now unless told): its freshness, queue and windows move only when the test
 * advances the clock.
 */
export async function startDeskGateway(
  desk: Desk,
  upstream: string,
  options: DeskGatewayOptions = {},
  startAt = Date.now(),
): Promise<DeskGateway> {
  const clock = new FakeClock(startAt);
  const gateway = await startGateway({ upstream, tokens: () => desk.entries, clock, ...options });
  return { gateway, clock };
}
