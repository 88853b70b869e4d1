/**
 * What the gateway learns about a request as it handles it, kept on Fastify's request for the hooks that answer, count
 * and log it: the caller decorated by plugins/auth.ts, how it was served by plugins/resource-routes.ts.
 */
declare module "fastify" {
  interface FastifyRequest {
    /** Who is asking: a name from the tokens file, a sign-in subject, or `ip:<address>` without authentication. */
    deskUser: string | null;
    /** The caller within their tenant (tenancy/account.ts): what the budget, the queue and the counts key by. */
    deskAccount: string | null;
    servedHow: string | null;
    /** The resource kind of a request for one (`latest`, `historyPast`...), for the metrics. */
    resourceKind: string | null;
  }
}

export {};
