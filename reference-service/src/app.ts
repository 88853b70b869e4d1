import cors from "@fastify/cors";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import type { Clock } from "@index-data/wire/time";
import { bodyDeadline } from "./body-deadline";
import { RATE_LIMIT_HEADERS, type RateHeaders } from "./rate-limit";
import { registerRateLimit, type AnswerJitter, type RateCount } from "./rate-counting";
import type { RateWindows } from "./rate-windows";
import type { ServiceContext } from "./context";
import { registerHistoryRoute } from "./routes/history";
import { registerIndexRoutes } from "./routes/index-data";
import { registerSystemRoutes } from "./routes/system";
import { ServiceError, errorBody } from "./service-error";
import { applyFault, numbersAsStrings } from "./fault-responses";
import { answerClientError, answerFrameworkError, asServiceError } from "./framework-errors";
import { MAX_URL_LENGTH, PARSER_HEADER_LIMIT, requestGate } from "./request-gate";
import { identifyCaller, type Caller, type Tier } from "./tiers";

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller | null;
    wrongShape: boolean;
  }
}

export interface RequestLogEntry {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly apiKeyTier: Tier;
}

interface AppOptions {
  readonly context: ServiceContext;
  readonly limits: Readonly<Record<Tier, number>>;
  readonly rateLimitWindowMs: number;
  readonly requestLog: RequestLogEntry[];
  readonly logger: boolean;
  /** How long a request body may take to arrive, timed on `requestClock` (see body-deadline.ts). */
  readonly bodyTimeoutMs: number;
  readonly requestClock: Clock;
  /** What the service says about its limit (rate-limit.ts). */
  readonly rateHeaders: RateHeaders;
  /** Each caller's window, as the service counts it (rate-windows.ts); the test control turns it. */
  readonly rateWindows: RateWindows;
  /** When a request counts: as it arrives or once answered (rate-counting.ts). */
  readonly rateCount: RateCount;
  /** Answers held back a seeded random while, so they come back out of order; none when absent. */
  readonly answerJitter?: AnswerJitter | undefined;
}

/** The Fastify app: CORS, caller identification, rate limits per tier, faults, routes, JSON errors. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { context, limits, rateLimitWindowMs, requestLog } = options;
  // Force-closing lets close() finish even while a test holds a request open with injected latency.
  const app = Fastify({
    logger: options.logger,
    forceCloseConnections: true,
    // The parser's limit sits above the gate's, so that a long URL or big headers get the gate's 414/431.
    http: { maxHeaderSize: PARSER_HEADER_LIMIT },
    // A symbol as long as the longest URL: an absurd symbol is an unknown one (404), not a routing error.
    routerOptions: { maxParamLength: MAX_URL_LENGTH },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  app.decorateRequest("caller", null);
  app.decorateRequest("wrongShape", false);
  const logDropped = logDroppedTo(requestLog);

  await app.register(cors, {
    origin: "*",
    methods: ["GET", "HEAD", "OPTIONS"],
    allowedHeaders: ["X-API-Key", "Authorization", "Content-Type"],
    exposedHeaders: RATE_LIMIT_HEADERS,
    maxAge: 600,
    // A bare OPTIONS (no Access-Control-Request-Method) gets the same answer, not a text/plain 400.
    strictPreflight: false,
  });

  app.addHook("onRequest", async (request) => {
    request.caller = identifyCaller(request.headers, request.ip);
    await context.state.delay();
  });

  registerRateLimit(app, {
    windows: options.rateWindows,
    limits,
    windowMs: rateLimitWindowMs,
    headers: options.rateHeaders,
    count: options.rateCount,
    jitter: options.answerJitter,
    state: context.state,
    callerOf,
  });

  // preParsing runs after every onRequest hook (CORS, the rate limit), so its answers carry their headers too.
  app.addHook("preParsing", requestGate(app));
  app.addHook("preParsing", bodyDeadline(options.bodyTimeoutMs, options.requestClock));

  app.addHook("preHandler", async (request, reply) => {
    const caller = callerOf(request);
    if (!caller.ok)
      throw new ServiceError(
        401,
        caller.code === "API_KEY_REVOKED" ? "API_KEY_REVOKED" : "UNAUTHORIZED",
        caller.message,
      );
    const fault = context.state.takeFault(request.url);
    if (fault !== undefined) return applyFault(fault, request, reply, () => logDropped(request));
    return undefined;
  });

  app.addHook("onSend", async (request, _reply, payload) => {
    if (!request.wrongShape || typeof payload !== "string") return payload;
    return JSON.stringify(numbersAsStrings(JSON.parse(payload)));
  });

  app.addHook("onResponse", async (request, reply) => {
    requestLog.push({
      method: request.method,
      path: request.url,
      status: reply.statusCode,
      apiKeyTier: callerOf(request).tier,
    });
  });

  app.setErrorHandler(async (error, request, reply) => {
    const serviceError = asServiceError(error);
    if (serviceError !== undefined) return reply.code(serviceError.statusCode).send(serviceError.toBody());
    request.log.error(error);
    return reply.code(500).send(errorBody(500, "INTERNAL_ERROR", "Internal server error."));
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const message = `${request.method} ${path} is not an endpoint of the ${context.flavor} description of the Index Data Service.`;
    return reply.code(404).send(errorBody(404, "NOT_FOUND", message));
  });

  registerIndexRoutes(app, context);
  registerHistoryRoute(app, context);
  registerSystemRoutes(app, context);
  return app;
}

/** A dropped request never reaches onResponse, so it is logged here, with status 0. */
function logDroppedTo(requestLog: RequestLogEntry[]) {
  return (request: FastifyRequest) =>
    requestLog.push({ method: request.method, path: request.url, status: 0, apiKeyTier: callerOf(request).tier });
}

function callerOf(request: FastifyRequest): Caller {
  // Set by the first onRequest hook; a request can only get here without it if Fastify rejected it early.
  return request.caller ?? { ok: true, tier: "anonymous", bucket: `ip:${request.ip}` };
}
