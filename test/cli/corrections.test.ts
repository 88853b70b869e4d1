import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import { makeDesk } from "../gateway/support/desk";
import { startDeskGateway, type DeskGateway } from "../gateway/support/desk-gateway";
import {
  RESTATED_DAY as RESTATED,
  RESTATED_SYMBOL as FLAGSHIP,
  RESTATED_TODAY as TODAY,
  restateThroughDesk,
} from "../gateway/support/restated-day";
import { runCli } from "./run-cli";

/**
 * `index-data corrections` through a real desk gateway (in this process, memory store, fake clock) in front of the
 * reference service: a range is served, the service restates a day, the range is served again, and the command lists
 * the day as the gateway's archive keeps it. Without a gateway it says what to give.
 */
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

test("lists a restated day from the gateway's archive: what was first seen, what is said now", async () => {
  const { first, now } = await restateThroughDesk(service, desked, token);

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
