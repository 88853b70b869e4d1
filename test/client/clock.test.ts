import { DirectSource, IndexDataClient } from "../../src/client";
import { DiagnosticsRecorder } from "@index-data/wire/diagnostics";
import { TimeoutError } from "@index-data/wire";
import { FakeClock } from "../support/fake-clock";
import { startService, stopAll } from "../engine/helpers";
import { closeLoopbackServers, sendJson, startLoopbackServer } from "./loopback-server";

afterEach(async () => {
  await closeLoopbackServers();
  await stopAll();
});

describe("the client's time comes from the clock it is given", () => {
  test("the request timeout runs on the injected clock: a silent server times out when the fake clock passes it", async () => {
    let reached: () => void = () => undefined;
    const seen = new Promise<void>((resolve) => (reached = resolve));
    const server = await startLoopbackServer(() => reached()); // never answers
    const clock = new FakeClock();
    const client = new IndexDataClient({ baseUrl: server.url, timeoutMs: 10_000, timeoutClock: clock });
    let settled = false;
    const asked = client.call("listIndexes", []).finally(() => (settled = true));
    asked.catch(() => undefined);
    await seen;
    expect(server.requests).toHaveLength(1); // the fault: the server holds the request and never answers
    await clock.advance(9_999);
    expect(settled).toBe(false);
    await clock.advance(1);
    const error: unknown = await asked.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as { timeoutMs?: number }).timeoutMs).toBe(10_000);
  });

  test("a direct source stamps an answer with the injected clock's time", async () => {
    const service = await startService();
    const clock = new FakeClock(Date.UTC(2025, 5, 2, 14, 30));
    const source = new DirectSource(new IndexDataClient({ baseUrl: service.url, clock }));
    const served = await source.listIndexes();
    expect(served.meta.producedAt).toBe("2025-06-02T14:30:00.000Z");
    expect(served.meta.servedStale).toBe(false);
  });

  test("a response listener that throws is recorded; the answer still arrives", async () => {
    const server = await startLoopbackServer((_request, response) => sendJson(response, { ok: true }));
    const diagnostics = new DiagnosticsRecorder();
    const client = new IndexDataClient({
      baseUrl: server.url,
      diagnostics,
      onResponse: () => {
        throw new Error("a listener's bug");
      },
    });
    await expect(client.call("health", [])).resolves.toBeDefined();
    expect(server.requests).toHaveLength(1);
    expect(diagnostics.recent()).toEqual([
      expect.objectContaining({ where: "response listener", message: "Error: a listener's bug" }),
    ]);
  });
});
