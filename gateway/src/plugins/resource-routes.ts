import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { cacheHeaders, type Served } from "../serving/cache-headers";
import type {} from "../request-facts";
import type { Resolver } from "../serving/resolver";
import { ENDPOINTS, resourceOf, type Endpoint, type Resource } from "../answers/resources";
import type { ReplicaStore } from "../store/replica-store";
import { DESK_TENANT, accountOf } from "../tenancy/account";
import { AUTH_PLUGIN } from "./auth";
import { SHARE_HEADERS_PLUGIN } from "./share-headers";

export interface ResourceRoutesOptions {
  readonly resolver: Resolver;
  /** Where each request is counted, in memory and sent to the shared store in batches. */
  readonly store: Pick<ReplicaStore, "count">;
  readonly now: () => number;
  /** Stale-if-error in each answer's Cache-Control. */
  readonly staleIfErrorSeconds: number;
}

export const RESOURCE_ROUTES_PLUGIN = "index-gateway-resource-routes";

/** The answer with its caching headers and the caller's share of the desk's budget, set in one call. */
function send(
  app: FastifyInstance,
  reply: FastifyReply,
  served: Served,
  options: ResourceRoutesOptions,
  account: string,
): FastifyReply {
  reply.request.servedHow = served.how;
  const headers = { ...cacheHeaders(served, options.now(), options.staleIfErrorSeconds), ...app.shareHeaders(account) };
  const { status, contentType, body } = served.how === "passed" ? served : served.answer;
  return reply.code(status).type(contentType).headers(headers).send(body);
}

/** A miss, a join or a stale answer: what takes the store, the lock, the queue or the upstream. */
async function resolve(
  app: FastifyInstance,
  reply: FastifyReply,
  resource: Resource,
  account: string,
  options: ResourceRoutesOptions,
): Promise<FastifyReply> {
  // A refusal carries the share too: the refusals plugin adds it.
  const served = await options.resolver.serve(resource, account);
  return send(app, reply, served, options, account);
}

function registerEndpoint(app: FastifyInstance, endpoint: Endpoint, options: ResourceRoutesOptions): void {
  // Not an async handler: a hit is answered in the same turn, with no await and no round trip.
  app.get(endpoint.route, (request, reply) => {
    const account = request.deskAccount ?? accountOf(DESK_TENANT, "anonymous");
    const now = options.now();
    const query = request.query as Record<string, string | string[] | undefined>;
    const resource = resourceOf(endpoint, request.params as Record<string, string>, query, now);
    request.resourceKind = resource.kind;
    // Counted in memory, sent to the store in batches.
    options.store.count(account, now, "request");
    const hit = options.resolver.hit(resource);
    return hit === undefined
      ? resolve(app, reply, resource, account, options)
      : send(app, reply, hit, options, account);
  });
}

const resourceRoutes: FastifyPluginAsync<ResourceRoutesOptions> = async (app, options) => {
  // Decorated for the whole app: the hooks that count and log every request read them, a 404 too.
  app.decorateRequest("servedHow", null);
  app.decorateRequest("resourceKind", null);
  for (const endpoint of ENDPOINTS) registerEndpoint(app, endpoint, options);
};

/**
 * The service's own paths, each answered by the resolver (a hit in the same turn; a miss through the store, the lock,
 * the fair queue and the upstream), with standard caching headers and the caller's share. Behind auth: nothing is
 * counted or queued for a caller it refused.
 */
export const resourceRoutesPlugin = fp(resourceRoutes, {
  name: RESOURCE_ROUTES_PLUGIN,
  fastify: "5.x",
  dependencies: [AUTH_PLUGIN, SHARE_HEADERS_PLUGIN],
});
