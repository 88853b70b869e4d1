import {
  RESTATED_DAY as RESTATED,
  RESTATED_SYMBOL as FLAGSHIP,
  RESTATED_TODAY as TODAY,
  restateThroughDesk,
  restatingDesk,
} from "../gateway/support/restated-day";
import { runCli } from "./run-cli";

/**
 * `index-data corrections` through a real desk gateway (in this process, memory store, fake clock) in front of the
 * reference service: a range is served, the service restates a day, the range is served again, and the command lists
 * the day as the gateway's archive keeps it. Without a gateway it says what to give.
 */
const desk = restatingDesk(beforeEach, afterEach);

test("lists a restated day from the gateway's archive: what was first seen, what is said now", async () => {
  const { first, now } = await restateThroughDesk(desk());

  const args = ["corrections", FLAGSHIP, "2025-06-01", "--gateway", "--base-url", desk().desked.gateway.url];
  const run = await runCli([...args, "--api-key", desk().token, "--json"], TODAY);
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
  const noGateway = await runCli(["corrections", FLAGSHIP, "--base-url", desk().service.url], TODAY);
  expect(noGateway.code).not.toBe(0);
  expect(noGateway.stderr).toContain("--gateway");
  const badDate = await runCli(
    ["corrections", FLAGSHIP, "last week", "--gateway", "--base-url", desk().service.url],
    TODAY,
  );
  expect(badDate.code).toBe(2);
  expect(badDate.stderr).toMatch(/^index-data: SINCE: /);
  expect(desk().service.requests).toEqual([]);
});
