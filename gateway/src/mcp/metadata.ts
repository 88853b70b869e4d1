import type { FastifyRequest } from "fastify";

/** RFC 9728's well-known path of a protected resource's metadata. */
export const RESOURCE_METADATA_PATH = "/.well-known/oauth-protected-resource";
/** The MCP endpoint's path. */
export const MCP_PATH = "/mcp";

/**
 * The gateway's origin as its clients reach it: --public-url's when given (behind a proxy, the request's own scheme
 * and Host are the proxy's hop, and a Host header is the client's to choose), else the request's.
 */
export function gatewayOrigin(request: FastifyRequest, publicOrigin: string | undefined): string {
  return publicOrigin ?? `${request.protocol}://${request.host}`;
}

/** Where the client reads the metadata: the WWW-Authenticate of a 401 names it (MCP authorization, RFC 9728 §5.1). */
export function wwwAuthenticate(origin: string): string {
  return `Bearer resource_metadata="${origin}${RESOURCE_METADATA_PATH}"`;
}

/** The protected resource's metadata (RFC 9728): the MCP endpoint, and the OIDC issuer that signs its tokens. */
export function resourceMetadata(
  origin: string,
  issuer: string | undefined,
  scope: string | undefined,
): Record<string, unknown> {
  return {
    resource: `${origin}${MCP_PATH}`,
    authorization_servers: issuer === undefined ? [] : [issuer],
    bearer_methods_supported: ["header"],
    ...(scope !== undefined ? { scopes_supported: [scope] } : {}),
    resource_name: "Index Data gateway (MCP)",
    resource_documentation: "https://github.com/index-data/index-data-excel/blob/main/docs/gateway.md#mcp",
  };
}
