import { FairQueue } from "../../gateway/src/serving/fair-queue";
import { usageWindowStart } from "../../gateway/src/store/usage-tally";
import { accountOf } from "../../gateway/src/tenancy/account";
import { DeskShares } from "../../gateway/src/tenancy/tenant-shares";
import { parseTenantWeights, TenantWeightsError } from "../../gateway/src/tenancy/tenant-weights";
import type { RateSnapshot } from "@index-data/wire";
import { FakeClock } from "../support/fake-clock";

/**
 * The budget shared per tenant, by weight: the fair queue gives each tenant's part as many turns in a row as its
 * weight, and no tenant more sends in a window than its part; the weights file names its line when it is wrong.
 */
const WINDOW_MS = 60_000;
const T0 = 10 * WINDOW_MS + 20_000;

/** The window's sends by account, as the replica store's tally keeps them: counted at each grant, per window. */
class Usage {
  private readonly sends = new Map<number, Map<string, number>>();

  constructor(private readonly clock: FakeClock) {}

  grant(account: string): void {
    const start = usageWindowStart(this.clock.now(), WINDOW_MS);
    const window = this.sends.get(start) ?? new Map<string, number>();
    window.set(account, (window.get(account) ?? 0) + 1);
    this.sends.set(start, window);
  }

  eachUser(now: number, visit: (account: string, requests: number, sends: number) => void): void {
    for (const [account, n] of this.sends.get(usageWindowStart(now, WINDOW_MS)) ?? []) visit(account, n, n);
  }
}

function budget(limit: number): RateSnapshot {
  return { limit, windowMs: WINDOW_MS, sendableNow: limit, pausedForMs: 0, roomInMs: 0 };
}

test("turns go tenant by tenant, as many in a row as each weight; no tenant sends past its part in a window", async () => {
  const clock = new FakeClock(T0);
  const usage = new Usage(clock);
  const shares = new DeskShares(
    {
      snapshotNow: () => budget(9),
      shareInputs: () => ({ users: 1, sends: 0 }),
      eachUser: (now, visit) => usage.eachUser(now, visit),
      windowMs: WINDOW_MS,
    },
    { weights: new Map([["tid:heavy", 2]]), othersWeight: 1 },
  );
  const order: string[] = [];
  const queue = new FairQueue({
    // The desk's budget always has room: only the tenants' parts hold sends back.
    take: async (wanted) => ({ granted: wanted, waitMs: 0, lastSeq: wanted, ledger: "memory" }),
    eta: async () => 0,
    maxWaitMs: 2 * WINDOW_MS,
    maxPerUser: 100,
    clock,
    parts: shares.parts,
    onGrant: (account) => usage.grant(account),
  });
  const heavy = accountOf("tid:heavy", "h1");
  const light = accountOf("tid:light", "l1");
  const tickets = Array.from({ length: 9 }, () => [queue.wait(heavy), queue.wait(light)]).flat();
  for (const ticket of tickets) void ticket.granted.then((turn) => order.push(turn.user === heavy ? "H" : "L"));
  await clock.advance(0);
  // Parts of a limit of 9 by weight 2 : 1 (the tenant not listed is in the others' part): 6 and 3.
  expect(order.join("")).toBe("HHLHHLHHL");
  expect(queue.waiting()).toEqual({ [heavy]: 3, [light]: 6 });

  // Nothing more goes in this window, however long they wait in it; the next window opens both parts again.
  await clock.advance(usageWindowStart(T0, WINDOW_MS) + WINDOW_MS - T0 - 1);
  expect(order).toHaveLength(9);
  await clock.advance(1);
  expect(order.join("")).toBe("HHLHHLHHL" + "HHLHLL");
  queue.close();
});

test("a weights file: tenant ids, desk, sign-in and * with whole weights; a wrong line is named by number", () => {
  const rules = parseTenantWeights(
    "# tenant weight\ndesk 2\n7c1a5f0e-0000-4000-8000-00000000d35c 3\ntid:other 1\nsign-in 1   # no tid\n* 0\n",
    "weights.txt",
  );
  expect(rules).toEqual({
    weights: new Map([
      ["desk", 2],
      ["tid:7c1a5f0e-0000-4000-8000-00000000d35c", 3],
      ["tid:other", 1],
      ["sign-in", 1],
    ]),
    othersWeight: 0,
  });
  expect(parseTenantWeights("desk 1\n", "w").othersWeight).toBe(1);
  const refused = (text: string) => () => parseTenantWeights(text, "w.txt");
  expect(refused("desk 1\nacme two\n")).toThrow(
    new TenantWeightsError(
      'w.txt, line 2: write "TENANT WEIGHT", a weight from 1 to 1000 (TENANT: desk, sign-in, * or a tenant id).',
    ),
  );
  expect(refused("acme 0\n")).toThrow("w.txt, line 1: write");
  expect(refused("acme 1001\n")).toThrow("w.txt, line 1: write");
  expect(refused("acme 1 2\n")).toThrow("w.txt, line 1: write");
  expect(refused("acme 1\n\ntid:acme 2\n")).toThrow("w.txt, line 3: tid:acme is listed twice; give it one line.");
});
