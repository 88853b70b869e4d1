import { EventEmitter } from "node:events";
import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import { startGateway, type RunningGateway } from "../../gateway/src";
import { BoundedLogOutput, type LogSink } from "../../gateway/src/logs/log-output";
import { capturedLog } from "./support/captured-log";
import { makeDesk } from "./support/desk";

/**
 * What the request and audit lines copy from a request: the path and query cut to 512 bytes, the values of the
 * secret-looking query parameters redacted. And the log's output: bounded when its reader stalls.
 */
const desk = makeDesk(["alice"]);
const LATEST = "/api/v1/index/RTM-NWE-A-1x3/latest";
const SECRETS = ["s3cret-apikey", "s3cret-api_key", "s3cret-key", "s3cret-token", "s3cret-access", "s3cret-code"];

let service: RunningReferenceService;
let gateway: RunningGateway;
const log = capturedLog();
const { lines } = log;
beforeAll(async () => {
  service = await startReferenceService();
  gateway = await startGateway({
    upstream: service.url,
    upstreamKey: DEMO_KEYS.apiKey,
    tokens: () => desk.entries,
    logger: { level: "info", stream: log.stream },
  });
});
afterAll(async () => {
  await gateway.close();
  await service.close();
});

test("the request and audit lines never keep the value of a secret-looking query parameter", async () => {
  const query =
    `apikey=${SECRETS[0]}&API_KEY=${SECRETS[1]}&key=${SECRETS[2]}&Token=${SECRETS[3]}` +
    `&access_token=${SECRETS[4]}&code=${SECRETS[5]}&%6Bey=${SECRETS[2]}&keep=visible`;
  const refused = await fetch(`${gateway.url}${LATEST}?${query}`);
  const answered = await fetch(`${gateway.url}${LATEST}?${query}`, {
    headers: { "x-api-key": desk.tokens["alice"] ?? "" },
  });
  expect([refused.status, answered.status]).toEqual([401, 200]);
  const requestLines = lines.filter((line) => line["msg"] === "request");
  expect(requestLines.map((line) => line["url"])).toEqual([
    `${LATEST}?apikey=[redacted]&API_KEY=[redacted]&key=[redacted]&Token=[redacted]&access_token=[redacted]` +
      `&code=[redacted]&%6Bey=[redacted]&keep=visible`,
    `${LATEST}?apikey=[redacted]&API_KEY=[redacted]&key=[redacted]&Token=[redacted]&access_token=[redacted]` +
      `&code=[redacted]&%6Bey=[redacted]&keep=visible`,
  ]);
  for (const secret of SECRETS) expect(log.raw.join("\n")).not.toContain(secret);
});

test("a 15 KB URL costs each line at most 512 bytes of it, and a 404 quotes no more than 200", async () => {
  const long = `/api/v1/${"y".repeat(15 * 1024)}`;
  const before = lines.length;
  const refused = await fetch(`${gateway.url}${long}?apikey=${SECRETS[0]}`);
  const notFound = await fetch(`${gateway.url}${long}`, { headers: { "x-api-key": desk.tokens["alice"] ?? "" } });
  expect([refused.status, notFound.status]).toEqual([401, 404]);
  const message = ((await notFound.json()) as { message: string }).message;
  expect(message).toMatch(/^GET \/api\/v1\/y+… is not an endpoint of the Index Data Service\.$/);
  expect(Buffer.byteLength(message)).toBeLessThan(300);
  const written = lines.slice(before);
  // Two requests: a request line each, an audit line each (both are refusals).
  expect(written.map((line) => line["msg"])).toEqual(["audit", "request", "audit", "request"]);
  for (const line of written) {
    const copied = String(line["url"] ?? line["resource"]);
    expect(copied.startsWith("/api/v1/yyyy")).toBe(true);
    expect(copied.endsWith("…")).toBe(true);
    expect(Buffer.byteLength(copied)).toBeLessThanOrEqual(512);
  }
});

/** A sink whose reader never reads: whatever is written stays waiting in it. */
class StalledSink extends EventEmitter implements LogSink {
  writableLength = 0;
  writes = 0;
  write(chunk: string): boolean {
    this.writes += 1;
    this.writableLength += Buffer.byteLength(chunk);
    return false;
  }
}

test("a stalled reader: the output keeps at most its bound waiting, drops and counts the rest, and its close still settles", async () => {
  const sink = new StalledSink();
  const dropped: number[] = [];
  const output = new BoundedLogOutput({
    sink,
    batchBytes: 1000,
    maxWaitingBytes: 10_000,
    onDrop: (n) => dropped.push(n),
  });
  const line = `${JSON.stringify({ msg: "request", url: "/".padEnd(98, "z") })}\n`;
  for (let i = 0; i < 1000; i += 1) output.write(line);
  expect(sink.writableLength).toBeLessThanOrEqual(10_000);
  expect(sink.writes).toBeGreaterThan(0);
  const linesOut = (sink.writableLength / Buffer.byteLength(line)) | 0;
  expect(output.dropped).toBe(1000 - linesOut);
  expect(dropped.reduce((sum, n) => sum + n, 0)).toBe(output.dropped);
  // Its reader never comes back: close still settles, after its bound.
  await output.close(20);
});
