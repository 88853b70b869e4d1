import { DEMO_KEYS, startReferenceService, type RunningReferenceService } from "../../../reference-service/src";
import { makeDesk } from "./desk";
import { startDeskGateway, type DeskGateway } from "./desk-gateway";

/**
 * A day the desk's gateway served, then the service restated, then the gateway served again: the way the corrections
 * suites (CLI, MCP) put one correction in the desk's archive before asking for it.
 */
export const RESTATED_SYMBOL = "RTM-NWE-A-1x3";
export const RESTATED_TODAY = new Date("2025-06-18T10:00:00.000Z");
export const RESTATED_DAY = "2025-06-16";
export const RESTATED_RANGE = `/api/v1/index/${RESTATED_SYMBOL}/history?startDate=2025-06-09`;

/** The reference service (faults on, its today RESTATED_TODAY) and a desk's gateway in front of it, for alice. */
export interface RestatingDesk {
  readonly service: RunningReferenceService;
  /** The gateway: memory store, fake clock at RESTATED_TODAY, the demo upstream key. */
  readonly desked: DeskGateway;
  /** Alice's token for the gateway. */
  readonly token: string;
  close(): Promise<void>;
}

async function startRestatingDesk(): Promise<RestatingDesk> {
  const desk = makeDesk(["alice"]);
  const service = await startReferenceService({ testFaults: true, now: () => RESTATED_TODAY });
  const desked = await startDeskGateway(desk, service.url, { upstreamKey: DEMO_KEYS.apiKey }, RESTATED_TODAY.getTime());
  return {
    service,
    desked,
    token: desk.tokens["alice"] ?? "",
    async close() {
      await desked.gateway.close();
      await service.close();
    },
  };
}

/**
 * A suite's restating desk, started by the hook `start` (beforeEach or beforeAll) and closed by `stop` (the matching
 * afterEach or afterAll): the function gives the running one.
 */
export function restatingDesk(start: typeof beforeAll, stop: typeof afterAll): () => RestatingDesk {
  let running: RestatingDesk | undefined;
  start(async () => {
    running = await startRestatingDesk();
  });
  stop(async () => {
    await running?.close();
    running = undefined;
  });
  return () => {
    if (running === undefined) throw new Error("The restating desk runs only while a test of its suite does.");
    return running;
  };
}

export interface ServedDay {
  readonly value: number;
  readonly status: string;
}

async function dayServed(desked: DeskGateway, token: string): Promise<ServedDay> {
  const response = await fetch(`${desked.gateway.url}${RESTATED_RANGE}`, { headers: { "x-api-key": token } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { values: Array<{ date: string; value: number; status: string }> };
  const point = body.values.find((value) => value.date.startsWith(RESTATED_DAY));
  if (point === undefined) throw new Error(`no ${RESTATED_DAY} served`);
  return point;
}

/** Serves the range, restates the day, serves it again past the cache, and waits until the archive has it. */
export async function restateThroughDesk({
  service,
  desked,
  token,
}: RestatingDesk): Promise<{ readonly first: ServedDay; readonly now: ServedDay }> {
  const first = await dayServed(desked, token);
  service.faults.restate({ symbol: RESTATED_SYMBOL, date: RESTATED_DAY, valuePercent: 1.5, status: "REVISED" });
  await desked.clock.advance(31_000);
  service.resetRequestLog();
  const now = await dayServed(desked, token);
  // The fault happened: the service was asked again and answered the day restated.
  expect(service.requests.map((request) => request.path)).toEqual([RESTATED_RANGE]);
  expect(now.status).toBe("REVISED");
  expect(now.value).not.toBe(first.value);
  await desked.gateway.corrections.settled();
  return { first, now };
}
