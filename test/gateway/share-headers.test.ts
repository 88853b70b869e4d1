import { makeDesk } from "./support/desk";
import { startScriptedDesk, type ScriptedDesk } from "./support/scripted-desk";

/**
 * The rate-limit headers a gateway answer carries: each user's share of the desk's budget, in the service's own
 * `X-RateLimit-*` and in the IETF `RateLimit-Policy` / `RateLimit` fields. One gateway in this process on a fake
 * clock; the upstream's figures are the test's (a scripted front before the reference service).
 */
const ORIGIN = "https://addin.example.com";
const desk = makeDesk(["alice", "bob"]);
const PATH = "/api/v1/index/RTM-NWE-A-1x3/forward";

let rig: ScriptedDesk;

beforeEach(async () => {
  // 20 s into a minute: the gateway counts by user in windows aligned on the clock.
  rig = await startScriptedDesk(desk, { allowOrigins: [ORIGIN] }, Math.floor(Date.now() / 60_000) * 60_000 + 20_000);
});

afterEach(() => rig.close());

function ask(who: string, path = PATH): Promise<Response> {
  return fetch(`${rig.gateway.url}${path}`, { headers: { "x-api-key": desk.tokens[who] ?? "", origin: ORIGIN } });
}

function share(response: Response): Record<string, string | null> {
  const names = ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "ratelimit-policy", "ratelimit"];
  return Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));
}

test("each answer tells its user's share: the limit divided among the users active in the window, less that user's sends", async () => {
  const miss = await ask("alice");
  expect(miss.headers.get("cache-status")).toMatch(/fwd=miss/);
  // One user so far: the whole limit, less her one send; 40 s until the window ends.
  expect(share(miss)).toEqual({
    "x-ratelimit-limit": "100",
    "x-ratelimit-remaining": "99",
    "x-ratelimit-reset": "40",
    "ratelimit-policy": '"desk";q=100;w=60',
    ratelimit: '"desk";r=99;t=40',
  });
  // A hit is no send: it leaves the share as it was.
  const hit = await ask("alice");
  expect(hit.headers.get("cache-status")).toMatch(/^IndexDataGateway; hit/);
  expect(share(hit)["x-ratelimit-remaining"]).toBe("99");
  // Bob comes: two users share the limit; his hit costs him nothing, alice's send is hers.
  await rig.clock.advance(5000);
  const bobs = await ask("bob");
  expect(share(bobs)).toEqual({
    "x-ratelimit-limit": "50",
    "x-ratelimit-remaining": "50",
    "x-ratelimit-reset": "35",
    "ratelimit-policy": '"desk";q=50;w=60',
    ratelimit: '"desk";r=50;t=35',
  });
  expect(share(await ask("alice"))["x-ratelimit-remaining"]).toBe("49");
  expect(rig.front.seen).toHaveLength(1);
});

test("never more than the upstream's window has room for, whoever spent it", async () => {
  expect((await ask("alice")).status).toBe(200);
  // Someone else spends the same key: the upstream says 3 are left.
  rig.front.window.remaining = 4;
  await rig.clock.advance(1000);
  const other = await ask("bob", "/api/v1/index/RTM-NWE-B-1x3/forward");
  expect(rig.front.seen).toHaveLength(2);
  expect(share(other)).toMatchObject({ "x-ratelimit-limit": "50", "x-ratelimit-remaining": "3" });
  expect(share(await ask("alice"))["x-ratelimit-remaining"]).toBe("3");
});

test("CORS lets the add-in's pages read the rate-limit headers", async () => {
  const answer = await ask("alice");
  expect(answer.headers.get("access-control-allow-origin")).toBe(ORIGIN);
  const exposed = (answer.headers.get("access-control-expose-headers") ?? "").toLowerCase().split(/\s*,\s*/);
  expect(exposed).toEqual(
    expect.arrayContaining([
      "x-ratelimit-limit",
      "x-ratelimit-remaining",
      "x-ratelimit-reset",
      "ratelimit-policy",
      "ratelimit",
      "retry-after",
    ]),
  );
});
