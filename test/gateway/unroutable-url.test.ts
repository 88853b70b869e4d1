import { request } from "node:http";
import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import type { RunningGateway } from "../../gateway/src";
import { capturedLog } from "./support/captured-log";
import { makeDesk, startRecordingFront, type RecordingFront } from "./support/desk";
import { startDeskGateway } from "./support/desk-gateway";

/**
 * A URL Fastify refuses before routing it (`/%zz`: bad percent-encoding in the path) reaches none of the gateway's
 * hooks, so the request carries no caller. It is refused like any other mistake (400 in the service's shape, a line in
 * the audit trail naming nobody), and the gateway goes on answering: before, the audit line threw on the missing
 * caller and took the whole process down.
 */
const desk = makeDesk(["alice"]);
const log = capturedLog();

let service: RunningReferenceService;
let front: RecordingFront;
let gateway: RunningGateway;

beforeAll(async () => {
  service = await startReferenceService();
  front = await startRecordingFront(service.url);
  ({ gateway } = await startDeskGateway(desk, front.url, { logger: { level: "info", stream: log.stream } }));
});
afterAll(async () => {
  await gateway.close();
  await front.close();
  await service.close();
});

/** A GET of `path` as written (fetch would encode it), answered with status, headers and body. */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; cache?: string; body: string }> {
  const url = new URL(gateway.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, headers }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          ...(typeof res.headers["cache-control"] === "string" ? { cache: res.headers["cache-control"] } : {}),
          body,
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

test.each([
  ["with a desk token", { "x-api-key": desk.tokens["alice"] ?? "" }],
  ["without one", {}],
])(
  "a path Fastify cannot decode, %s, is a 400 in the service's shape, audited, and the gateway lives on",
  async (_, headers) => {
    const answer = await rawGet("/api/v1/index/%zz/latest", headers);
    expect(answer.status).toBe(400);
    expect(answer.cache).toBe("no-store");
    expect(JSON.parse(answer.body)).toMatchObject({ code: "BAD_REQUEST" });
    const refused = log.lines.filter((line) => line["audit"] === "refused");
    expect(refused.at(-1)).toMatchObject({ user: null, credential: null, status: 400, code: "BAD_REQUEST" });
    expect((await rawGet("/gateway/health", {})).status).toBe(200);
    expect(front.seen).toEqual([]);
  },
);
