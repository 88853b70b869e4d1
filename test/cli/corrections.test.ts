import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import { makeDesk } from "../gateway/support/desk";
import { startDeskGateway, type DeskGateway } from "../gateway/support/desk-gateway";
import { runCli } from "./run-cli";

/**
 * `index-data corrections` through a real desk gateway (in this process, memory store, fake clock) in front of the
 * reference service: a range is served, the service restates a day, the range is served again, and the command lists
 * the day as the gateway's archive keeps it. Without a gateway it says what to give.
 */
const FLAGSHIP = "RTM-NWE-A-1x3";
const TODAY = new Date("2025-06-18T10:00:00.000Z");
const RESTATED = "2025-06-16";
const RANGE = `/api/v1/index/${FLAGSHIP}/history?startDate=2025-06-09`;
const desk = makeDesk(["alice"]);
const token = desk.tokens["alice"] ?? "";

let service: RunningReferenceService;
let desked: DeskGateway;

beforeEach(async () => {
  service = await startReferenceService({ testFaults: true, now: () => TODAY });
  desked = await startDeskGateway(desk, service.url, { upstreamKey: DEMO_KEYS.apiKey }, TODAY.getTime());
});

afterEach(async () => {
  await desked.gateway.close();
  await service.close();
});

async function dayServed(): Promise<{ value: number; status: string }> {
  const response = await fetch(`${desked.gateway.url}${RANGE}`, { headers: { "x-api-key": token } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { values: Array<{ date: string; value: number; status: string }> };
  const point = body.values.find((value) => value.date.startsWith(RESTATED));
  if (point === undefined) throw new Error(`no ${RESTATED} served`);
  return point;
}

test("lists a restated day from the gateway's archive: what was first seen, what is said now", async () => {
  const first = await dayServed();
  service.faults.restate({ symbol: FLAGSHIP, date: RESTATED, valuePercent: 1.5, status: "REVISED" });
  await desked.clock.advance(31_000);
  service.resetRequestLog();
  const now = await dayServed();
  // The fault happened: the service was asked again and answered the day restated.
  expect(service.requests.map((request) => request.path)).toEqual([RANGE]);
  expect(now.status).toBe("REVISED");
  expect(now.value).not.toBe(first.value);
  await desked.gateway.corrections.settled();

  const args = ["corrections", FLAGSHIP, "2025-06-01", "--gateway", "--base-url", desked.gateway.url];
  const run = await runCli([...args, "--api-key", token, "--json"], TODAY);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout)).toEqual([
    {
      date: RESTATED,
      was: first.value,
      wasStatus: first.status,
      now: now.value,
      nowStatus: "REVISED",
      seenChanged: new Date(TODAY.getTime() + 31_000).toISOString(),
      firstSeen: TODAY.toISOString(),
    },
  ]);
});

test("without --gateway, or with a bad date, it says what to give and sends nothing", async () => {
  const noGateway = await runCli(["corrections", FLAGSHIP, "--base-url", service.url], TODAY);
  expect(noGateway.code).not.toBe(0);
  expect(noGateway.stderr).toContain("--gateway");
  const badDate = await runCli(["corrections", FLAGSHIP, "last week", "--gateway", "--base-url", service.url], TODAY);
  expect(badDate.code).toBe(2);
  expect(badDate.stderr).toMatch(/^index-data: SINCE: /);
  expect(service.requests).toEqual([]);
});
