import { connect, type Socket } from "node:net";
import { BODY_TIMEOUT_MS } from "../../reference-service/src/body-deadline";
import { FakeClock } from "../support/fake-clock";
import { record, serviceFor } from "./support";

/**
 * A request body is held to a bound, as headers are: a GET that dribbles a chunked body one byte at a time gets
 * 408 in the service's JSON shape once the bound passes, and its connection closes. The bound runs on a fake
 * clock, so the test moves time instead of waiting for it; the sockets are real.
 */
const clock = new FakeClock();
const service = serviceFor({ requestClock: clock, rateLimits: { anonymous: 10_000 } });
const PATH = "/api/v1/indexes";

interface Dribbler {
  readonly socket: Socket;
  /** Everything the server sent, once it closed the connection. */
  readonly answer: Promise<string>;
  received(): string;
}

function dribble(): Dribbler {
  const { hostname, port } = new URL(service().url);
  const socket = connect(Number(port), hostname);
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  const answer = new Promise<string>((resolve) =>
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8"))),
  );
  socket.on("error", () => undefined);
  // Headers, then one byte of a chunked body that never ends.
  socket.write(`GET ${PATH} HTTP/1.1\r\nHost: ${hostname}\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n`);
  return { socket, answer, received: () => Buffer.concat(chunks).toString("utf8") };
}

/** Lets the sockets' events run until the service has armed `count` body timers (or gives up, failing below). */
async function untilWaiting(count: number): Promise<void> {
  for (let turn = 0; turn < 2_000 && clock.pendingTimers < count; turn += 1)
    await new Promise((resolve) => setImmediate(resolve));
}

function parse(text: string): { status: number; headers: string; body: unknown } {
  const split = text.indexOf("\r\n\r\n");
  const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1]);
  return { status, headers: text.slice(0, split).toLowerCase(), body: JSON.parse(text.slice(split + 4)) };
}

test("50 GETs dribbling a chunked body are each answered 408 in JSON once the bound passes, and closed", async () => {
  service().resetRequestLog();
  const dribblers = Array.from({ length: 50 }, dribble);
  await untilWaiting(50);
  // The service holds each answer for its body: a timer per request, nothing sent yet.
  expect(clock.pendingTimers).toBe(50);
  expect(dribblers.map((d) => d.received())).toEqual(Array(50).fill(""));

  await clock.advance(BODY_TIMEOUT_MS);
  const answers = (await Promise.all(dribblers.map((d) => d.answer))).map(parse);

  // The fault happened as the service saw it: 50 GETs, each answered 408.
  expect(service().requests.map((r) => [r.method, r.path, r.status])).toEqual(Array(50).fill(["GET", PATH, 408]));
  for (const answer of answers) {
    expect(answer.status).toBe(408);
    expect(answer.headers).toContain("connection: close");
    expect(answer.headers).toContain("access-control-allow-origin: *");
    expect(record(answer.body)).toEqual({
      statusCode: 408,
      error: "Request Timeout",
      code: "REQUEST_TIMEOUT",
      message: "The request body did not arrive within 60 s; no endpoint of this service takes a body.",
    });
  }
  expect(dribblers.every((d) => d.socket.destroyed || d.socket.readyState === "closed")).toBe(true);
});

test("a GET whose body arrives in time is answered as usual, and no timer is left behind", async () => {
  service().resetRequestLog();
  const { hostname, port } = new URL(service().url);
  const socket = connect(Number(port), hostname);
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  socket.write(
    `GET ${PATH} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
  );
  await closed;
  const answer = parse(Buffer.concat(chunks).toString("utf8"));
  expect(answer.status).toBe(200);
  expect(record(answer.body)["indexes"]).toEqual(expect.any(Array));
  expect(service().requests.map((r) => r.status)).toEqual([200]);
  expect(clock.pendingTimers).toBe(0);
});
