import cors, { type FastifyCorsOptions } from "@fastify/cors";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";

export interface CorsOptions {
  /** Origins allowed by CORS (the add-in's); none: no CORS headers at all. */
  readonly allowOrigins: readonly string[];
}

/** This plugin's name, for the plugins that must run after it (a preflight is answered before any token is asked). */
export const CORS_PLUGIN = "index-gateway-cors";

/**
 * CORS as the service's own: GET only, the key's two headers; the caching and rate-limit headers readable by the
 * page (the add-in paces itself by its share). A bare OPTIONS is a preflight too.
 */
const CORS_RULES: Readonly<FastifyCorsOptions> = {
  methods: ["GET", "HEAD", "OPTIONS"],
  allowedHeaders: ["X-API-Key", "Authorization", "Content-Type"],
  strictPreflight: false,
  exposedHeaders: [
    "age",
    "cache-status",
    "retry-after",
    "x-ratelimit-limit",
    "x-ratelimit-remaining",
    "x-ratelimit-reset",
    "ratelimit-policy",
    "ratelimit",
  ],
  maxAge: 600,
};

/** What a browser may do with the gateway's answers: read them from the origins allowed, and take them only as JSON. */
const corsRules: FastifyPluginAsync<CorsOptions> = async (app, options) => {
  // No origin listed: no CORS headers at all (the CLI, or pages that reach the gateway through their own origin).
  await app.register(cors, {
    ...CORS_RULES,
    origin: options.allowOrigins.length > 0 ? [...options.allowOrigins] : false,
  });
  // After a preflight is answered, before anything can refuse: every answer is JSON and says so, a refusal too.
  app.addHook("onRequest", (_request, reply, done) => {
    void reply.header("x-content-type-options", "nosniff");
    done();
  });
};

/** CORS for the add-in's origins, and `X-Content-Type-Options: nosniff` on every other answer. */
export const corsPlugin = fp(corsRules, { name: CORS_PLUGIN, fastify: "5.x" });
