import type { IncomingHttpHeaders } from "node:http";
import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
  type AuthInfo,
  type McpHttpHandler,
  type McpServer,
} from "@modelcontextprotocol/server";
import { resolveWithin, type Clock } from "@index-data/wire/time";
import { roomOf } from "./answer-room";
import type { McpCaller } from "./caller";

/** An HTTP answer to a POST /mcp, to send as it is. */
export interface HttpAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface ExchangeOptions {
  /** The MCP server of one request, for its caller (server.ts). */
  readonly serverFor: (caller: McpCaller) => McpServer;
  /** Every request is answered within this long (the gateway's clock): a JSON-RPC error when the work is not done. */
  readonly settleMs: number;
  readonly clock: Clock;
  /** Told of each request answered at the settle bound. */
  readonly onTimeout: () => void;
  /** Told of a failure the SDK reports out of band (a closed transport, a rejected request). */
  readonly onError: (error: Error) => void;
}

/** Most messages one batch may hold (2025-03-26 clients batch; later revisions never do). */
export const MAX_BATCH = 64;

/** Request headers the SDK never sees: the caller is passed as authInfo, and no URL is made of Host. */
const KEPT_BACK: ReadonlySet<string> = new Set([
  "host",
  "authorization",
  "cookie",
  "x-api-key",
  "content-length",
  "connection",
]);
/** Response headers of the SDK's web Response that Fastify sets itself. */
const NOT_PASSED_ON: ReadonlySet<string> = new Set(["content-length", "connection", "transfer-encoding", "keep-alive"]);

type Message = Record<string, unknown>;
type RequestId = string | number;

const isMessage = (value: unknown): value is Message => typeof value === "object" && value !== null;
/** A request's id, when the message is a request (a notification has none). */
const idOf = (message: Message): RequestId | undefined =>
  typeof message["id"] === "string" || typeof message["id"] === "number" ? message["id"] : undefined;

function rpcError(status: number, id: RequestId | null, code: number, message: string): HttpAnswer {
  return {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
    body: JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id }),
  };
}

/**
 * The MCP conversation of one HTTP request, with nothing kept between requests, so any replica answers any request:
 * a 2026-07-28 request (its version and capabilities in its own `_meta`) goes to the SDK's handler for that revision;
 * a 2025 one (the `initialize` handshake, then requests without a session) to a stateless Streamable HTTP transport
 * made for it, answering JSON. A batch (2025-03-26) is split here and answered one message at a time, each in its
 * share of the room. Whatever happens, the request is answered within the settle bound.
 */
export class McpExchange {
  private readonly modern: McpHttpHandler;

  constructor(private readonly options: ExchangeOptions) {
    this.modern = createMcpHandler((context) => options.serverFor(callerOf(context.authInfo)), {
      legacy: "reject",
      onerror: options.onError,
    });
  }

  close(): Promise<void> {
    return this.modern.close();
  }

  /** The answer to a POST of `body` (parsed JSON) by `account`, reached at `url` (the gateway's own origin). */
  async answer(body: unknown, headers: IncomingHttpHeaders, url: string, account: string): Promise<HttpAnswer> {
    const bodyBytes = Buffer.byteLength(JSON.stringify(body) ?? "");
    const abort = new AbortController();
    const post = { headers: forwarded(headers), url, account, signal: abort.signal };
    const ids = (Array.isArray(body) ? body : [body]).filter(isMessage).map(idOf);
    const answered: Message[] = [];
    const work = Array.isArray(body)
      ? this.batch(body, post, bodyBytes, answered)
      : this.one(body, post, roomOf(bodyBytes, 1));
    return resolveWithin(
      work,
      this.options.settleMs,
      () => {
        abort.abort();
        this.options.onTimeout();
        return this.timedOut(Array.isArray(body), ids, answered);
      },
      this.options.clock,
    );
  }

  /** What the settle bound answers: a JSON-RPC error for each request not yet answered (the others as they were). */
  private timedOut(batch: boolean, ids: readonly (RequestId | undefined)[], answered: readonly Message[]): HttpAnswer {
    const message = `The gateway gave up on this request after ${Math.round(this.options.settleMs / 1000)} s: the Index Data Service did not answer in time. Try again later.`;
    const done = new Set(answered.map(idOf));
    const errors = ids
      .filter((id): id is RequestId => id !== undefined && !done.has(id))
      .map((id) => ({ jsonrpc: "2.0", error: { code: -32001, message }, id }));
    if (!batch)
      return ids[0] === undefined ? { status: 202, headers: {}, body: "" } : rpcError(200, ids[0], -32001, message);
    return json([...answered, ...errors]);
  }

  /** A batch, one message at a time; every request answered in the array, in order. */
  private async batch(messages: readonly unknown[], post: Post, bodyBytes: number, answered: Message[]) {
    const refusal = batchRefusal(messages);
    if (refusal !== undefined) return rpcError(400, null, -32600, refusal);
    const idsOf = messages.map((message) => (isMessage(message) ? idOf(message) : undefined));
    const room = roomOf(bodyBytes, idsOf.filter((id) => id !== undefined).length);
    for (const [i, message] of messages.entries()) {
      const answer = await this.one(message, post, room);
      if (answer.status === 202) continue;
      answered.push(parsedAnswer(answer, idsOf[i]));
    }
    return answered.length === 0 ? { status: 202, headers: {}, body: "" } : json(answered);
  }

  /** One message, as the SDK answers it for its revision. */
  private async one(message: unknown, post: Post, room: number): Promise<HttpAnswer> {
    // The 2026-07-28 revision answers a method a server does not serve with 404.
    if (isMessage(message) && message["method"] === "subscriptions/listen")
      return rpcError(
        404,
        idOf(message) ?? null,
        -32601,
        "This gateway sends no notifications: its tools and documents never change while it runs.",
      );
    const request = new Request(post.url, {
      method: "POST",
      headers: post.headers,
      body: JSON.stringify(message),
      signal: post.signal,
    });
    const authInfo: AuthInfo = {
      token: "",
      clientId: post.account,
      scopes: [],
      extra: { account: post.account, room },
    };
    const response = (await isLegacyRequest(request, message))
      ? await this.legacy(request, authInfo, message)
      : await this.modern.fetch(request, { authInfo, parsedBody: message });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!NOT_PASSED_ON.has(name)) headers[name] = value;
    });
    return { status: response.status, headers, body: await response.text() };
  }

  /** A 2025 request on a transport of its own, with no session: a JSON answer, then transport and server closed. */
  private async legacy(request: Request, authInfo: AuthInfo, message: unknown): Promise<Response> {
    const server = this.options.serverFor(callerOf(authInfo));
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    const teardown = () => {
      transport.close().catch(this.options.onError);
      server.close().catch(this.options.onError);
    };
    request.signal.addEventListener("abort", teardown, { once: true });
    try {
      return await transport.handleRequest(request, { authInfo, parsedBody: message });
    } finally {
      request.signal.removeEventListener("abort", teardown);
      teardown();
    }
  }
}

interface Post {
  readonly headers: Headers;
  readonly url: string;
  readonly account: string;
  readonly signal: AbortSignal;
}

/** The caller the plugin put in a request's authInfo. */
function callerOf(authInfo: AuthInfo | undefined): McpCaller {
  const account = authInfo?.extra?.["account"];
  const room = authInfo?.extra?.["room"];
  if (typeof account !== "string" || typeof room !== "number") throw new Error("an MCP request without its caller");
  return { account, room };
}

/** The request's headers the SDK reads (content type, accept, the MCP ones), never its credentials or Host. */
function forwarded(headers: IncomingHttpHeaders): Headers {
  const kept = new Headers();
  for (const [name, value] of Object.entries(headers))
    if (typeof value === "string" && !KEPT_BACK.has(name)) kept.set(name, value);
  return kept;
}

/** Why a batch is refused whole, if it is: empty, too long, or two requests sharing an id (one answer would be lost). */
function batchRefusal(messages: readonly unknown[]): string | undefined {
  if (messages.length === 0) return "An empty batch: send at least one message.";
  if (messages.length > MAX_BATCH) return `A batch holds at most ${MAX_BATCH} messages: send the rest in another.`;
  const ids = messages.filter(isMessage).flatMap((message) => {
    const id = idOf(message);
    return id === undefined ? [] : [JSON.stringify(id)];
  });
  return new Set(ids).size === ids.length ? undefined : "Two requests of the batch share an id: give each its own.";
}

/** One message's answer as an element of the batch's array. */
function parsedAnswer(answer: HttpAnswer, id: RequestId | undefined): Message {
  try {
    const parsed: unknown = JSON.parse(answer.body);
    if (isMessage(parsed) && !Array.isArray(parsed)) return parsed;
  } catch {
    // Expected: a refusal without a JSON body; the element says what the status was.
  }
  return { jsonrpc: "2.0", error: { code: -32603, message: `Answered ${answer.status}.` }, id: id ?? null };
}

function json(value: unknown): HttpAnswer {
  return { status: 200, headers: { "content-type": "application/json" }, body: JSON.stringify(value) };
}
