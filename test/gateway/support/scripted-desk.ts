import { DEMO_KEYS, startReferenceService, type RunningReferenceService } from "../../../reference-service/src";
import type { RunningGateway } from "../../../gateway/src";
import type { FakeClock } from "../../support/fake-clock";
import type { Desk } from "./desk";
import { startDeskGateway, type DeskGatewayOptions } from "./desk-gateway";
import { startScriptedFront, type ScriptedFront } from "./scripted-front";

/** The reference service, a scripted front before it, and a desk gateway before that, on one fake clock. */
export interface ScriptedDesk {
  readonly service: RunningReferenceService;
  /** Its window is the test's: 100 a minute, all left, until the test says otherwise. */
  readonly front: ScriptedFront;
  readonly gateway: RunningGateway;
  readonly clock: FakeClock;
  close(): Promise<void>;
}

/**
 * The rig of the tests of the desk's budget: the reference service with room to spare on the demo key, a scripted
 * front that tells the test's figures, and a gateway on the desk's key in front of it, whose clock starts at `startAt`.
 */
export async function startScriptedDesk(
  desk: Desk,
  options: DeskGatewayOptions = {},
  startAt = Date.now(),
): Promise<ScriptedDesk> {
  const service = await startReferenceService({ rateLimits: { "api-key": 1_000_000 } });
  const front = await startScriptedFront(service.url, { limit: 100, remaining: 100, resetSeconds: 60 });
  const { gateway, clock } = await startDeskGateway(
    desk,
    front.url,
    { upstreamKey: DEMO_KEYS.apiKey, ...options },
    startAt,
  );
  return {
    service,
    front,
    gateway,
    clock,
    close: async () => {
      await gateway.close();
      await front.close();
      await service.close();
    },
  };
}
