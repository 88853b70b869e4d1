import type { FastifyReply, FastifyRequest } from "fastify";
import type {} from "../request-facts";
import { loggedUrl, loggedUser } from "./request-fields";

/**
 * The one line a request leaves in the log (onResponse): the caller's name, the method, the path and query (cut,
 * secret-looking parameters redacted: request-fields.ts), the status, how it was served, the time taken. Never a
 * header, never a token.
 */
export function logRequest(request: FastifyRequest, reply: FastifyReply): void {
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
