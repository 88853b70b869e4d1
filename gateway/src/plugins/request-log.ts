import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { loggedUrl, loggedUser } from "../logs/request-fields";
import type {} from "../request-facts";
import { AUTH_PLUGIN } from "./auth";
import { METRICS_PLUGIN } from "./metrics";
import { RESOURCE_ROUTES_PLUGIN } from "./resource-routes";

export const REQUEST_LOG_PLUGIN = "index-gateway-request-log";

/**
 * The one line a request leaves in the log (onResponse): the caller's name, the method, the path and query (cut,
 * secret-looking parameters redacted: logs/request-fields.ts), the status, how it was served, the time taken. Never a
 * header, never a token.
 */
function logRequest(request: FastifyRequest, reply: FastifyReply): void {
  request.log.info(
    {
      user: loggedUser(request.deskUser),
      method: request.method,
      url: loggedUrl(request.url),
      status: reply.statusCode,
      served: request.servedHow,
      ms: Math.round(reply.elapsedTime),
    },
    "request",
  );
}

const requestLog: FastifyPluginAsync = async (app) => {
  // A callback hook, not an async one: no promise made per request for a line the logger buffers anyway.
  app.addHook("onResponse", (request, reply, done) => {
    logRequest(request, reply);
    done();
  });
};

/**
 * One line per request, into the bounded output (logs/log-output.ts); Fastify's own request logging is off (app.ts).
 * After the metrics, as before: a request is counted, then logged.
 */
export const requestLogPlugin = fp(requestLog, {
  name: REQUEST_LOG_PLUGIN,
  fastify: "5.x",
  dependencies: [AUTH_PLUGIN, RESOURCE_ROUTES_PLUGIN, METRICS_PLUGIN],
});
