import { DEMO_KEYS, startReferenceService, type RunningReferenceService } from "../../../reference-service/src";
import type { RunningGateway } from "../../../gateway/src";
import type { FakeClock } from "../../support/fake-clock";
import { capturedLog, type CapturedLog } from "./captured-log";
import type { Desk } from "./desk";
import { startDeskGateway } from "./desk-gateway";

/** What an MCP suite runs against: the reference service, a desk gateway in front of it, its clock and its log. */
export interface McpRig {
  service: RunningReferenceService;
  gateway: RunningGateway;
  clock: FakeClock;
  readonly log: CapturedLog;
}

/**
 * Starts the reference service and `desk`'s gateway (the desk's key upstream, a fake clock, its log captured) before
 * the file's tests, and closes both after them. The fields are set once the file's beforeAll has run.
 */
export function mcpRig(desk: Desk): McpRig {
  const rig = { log: capturedLog() } as McpRig;
  beforeAll(async () => {
    rig.service = await startReferenceService();
    const started = await startDeskGateway(desk, rig.service.url, {
      upstreamKey: DEMO_KEYS.apiKey,
      logger: { level: "info", stream: rig.log.stream },
    });
    rig.gateway = started.gateway;
    rig.clock = started.clock;
  });
  afterAll(async () => {
    await rig.gateway?.close();
    await rig.service?.close();
  });
  return rig;
}
