import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import type { RunningGateway } from "../../gateway/src";
import { GatewayError } from "../../gateway/src/answers/gateway-error";
import { makeDesk } from "./support/desk";
import { startDeskGateway } from "./support/desk-gateway";

/**
 * The gateway's own refusals: to a desk member they carry the rate-limit headers of the member's share, as every
 * answer does (docs/gateway.md); their messages carry no control or bidirectional character, whatever they quote.
 */
const desk = makeDesk(["alice"]);
const SHARE_HEADERS = [
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "ratelimit-policy",
  "ratelimit",
];

let service: RunningReferenceService;
let gateway: RunningGateway;
beforeAll(async () => {
  service = await startReferenceService();
  ({ gateway } = await startDeskGateway(desk, service.url, { upstreamKey: DEMO_KEYS.apiKey }));
});
afterAll(async () => {
  await gateway.close();
  await service.close();
});

function share(response: Response): Record<string, string | null> {
  return Object.fromEntries(SHARE_HEADERS.map((name) => [name, response.headers.get(name)]));
}

test("a 400 or a 404 to a desk member carries their share in the rate-limit headers, as an answer does", async () => {
  const ask = (path: string) =>
    fetch(`${gateway.url}${path}`, { headers: { "x-api-key": desk.tokens["alice"] ?? "" } });
  const answered = await ask("/api/v1/index/RTM-NWE-A-1x3/latest");
  const refusals = await Promise.all([
    ask("/api/v1/index/not%20a%20symbol/latest"),
    ask("/api/v1/index/RTM-NWE-A-1x3/history?startDate=31/12/2025"),
    ask("/api/v1/index/RTM-NWE-A-1x3/volatility?windowDays=1&windowDays=2"),
    ask("/api/v1/no-such-endpoint"),
  ]);
  expect(refusals.map((r) => r.status)).toEqual([400, 400, 400, 404]);
  // The refusals cost no send: the share is the answer's.
  for (const refusal of refusals) expect(share(refusal)).toEqual(share(answered));
  expect(share(answered)["x-ratelimit-limit"]).toMatch(/^\d+$/);
  // Without a desk token there is no share to tell.
  const stranger = await fetch(`${gateway.url}/api/v1/index/not%20a%20symbol/latest`);
  expect(stranger.status).toBe(401);
  expect(share(stranger)["x-ratelimit-limit"]).toBeNull();
});

test("an error message never carries a control or bidirectional character, whatever it quotes", () => {
  const quoted = "report\u202Efdp.exe \u001b[2J\u0007\u200f\u2066x\u2069 line\nbreak \u009b1m";
  const error = new GatewayError(
    404,
    "NOT_FOUND",
    `GET /api/v1/${quoted} is not an endpoint of the Index Data Service.`,
  );
  const { message } = error.toBody();
  expect(message).toBe(
    "GET /api/v1/report\\u202efdp.exe \\u001b[2J\\u0007\\u200f\\u2066x\\u2069 line\\u000abreak \\u009b1m is not an endpoint of the Index Data Service.",
  );
  // And a quote cannot make it long.
  expect(Buffer.byteLength(new GatewayError(400, "BAD_REQUEST", "x".repeat(100_000)).message)).toBeLessThanOrEqual(
    1024,
  );
});
