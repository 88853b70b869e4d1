import { startReferenceService, DEMO_KEYS } from "../../reference-service/src";
import { startGateway } from "../../gateway/src";
import { FakeClock } from "../support/fake-clock";
import { makeDesk } from "./support/desk";
import { parsePrometheusText, sampleValue } from "./support/prometheus-text";

/**
 * 3,000 users, each with a desk token (names of 64 characters, as long as the tokens file allows), each asking once:
 * /metrics and the desk-wide health page stay under 100 KB, their series and keys bounded to the 20 busiest and
 * "(others)". A gateway in this process on a clock that stands still, so the window they count in never turns.
 */
const USERS = 3000;
const names = Array.from({ length: USERS }, (_, i) => `trader-${String(i).padStart(4, "0")}-`.padEnd(64, "x"));
const desk = makeDesk(names);
const LATEST = "/api/v1/index/RTM-NWE-A-1x3/latest";

test("3,000 users keep /metrics and the desk's health page under 100 KB: the 20 busiest and the rest together", async () => {
  const service = await startReferenceService();
  const gateway = await startGateway({
    upstream: service.url,
    upstreamKey: DEMO_KEYS.apiKey,
    tokens: () => desk.entries,
    clock: new FakeClock(Date.now()),
  });
  try {
    // The first user asks three times, the second twice, every other once: the busiest come first.
    const asks = [names[0], names[0], names[1], ...names].map((name) => desk.tokens[name ?? ""] ?? "");
    for (let next = 0; next < asks.length;) {
      const batch = asks.slice(next, next + 25);
      next += batch.length;
      const answers = await Promise.all(
        batch.map((token) => fetch(`${gateway.url}${LATEST}`, { headers: { "x-api-key": token } })),
      );
      expect(answers.map((a) => a.status)).toEqual(batch.map(() => 200));
    }
    const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
    const health = await (await fetch(`${gateway.url}/gateway/health`)).text();
    expect(Buffer.byteLength(metrics)).toBeLessThan(100_000);
    expect(Buffer.byteLength(health)).toBeLessThan(100_000);

    const samples = parsePrometheusText(metrics);
    const bySubject = samples.filter((s) => s.name === "index_gateway_window_requests");
    expect(bySubject).toHaveLength(21);
    expect(bySubject.slice(0, 2)).toEqual([
      { name: "index_gateway_window_requests", labels: { user: names[0] }, value: 3 },
      { name: "index_gateway_window_requests", labels: { user: names[1] }, value: 2 },
    ]);
    expect(sampleValue(samples, "index_gateway_window_requests", { user: "(others)" })).toBe(USERS - 20);
    expect(bySubject.reduce((sum, s) => sum + s.value, 0)).toBe(USERS + 3);

    const { requestsByUser } = JSON.parse(health) as { requestsByUser: Record<string, number> };
    expect(Object.keys(requestsByUser)).toHaveLength(21);
    expect(requestsByUser["(others)"]).toBe(USERS - 20);
  } finally {
    await gateway.close();
    await service.close();
  }
});
