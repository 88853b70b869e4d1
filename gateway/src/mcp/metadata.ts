import type { FastifyRequest } from "fastify";

/** RFC 9728's well-known path of a protected resource's metadata. */
export const RESOURCE_METADATA_PATH = "/.well-known/oauth-protected-resource";
/** The MCP endpoint's path. */
export const MCP_PATH = "/mcp";

/** The gateway's origin as the client reached it. */
export function gatewayOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Where the client reads the metadata: the WWW-Authenticate of a 401 names it (MCP authorization, RFC 9728 §5.1). */
export function wwwAuthenticate(request: FastifyRequest): string {
  return `Bearer resource_metadata="${gatewayOrigin(request)}${RESOURCE_METADATA_PATH}"`;
}

/** The protected resource's metadata (RFC 9728): the MCP endpoint, and the OIDC issuer that signs its tokens. */
export function resourceMetadata(
  request: FastifyRequest,
  issuer: string | undefined,
  scope: string | undefined,
): Record<string, unknown> {
  return {
    resource: `${gatewayOrigin(request)}${MCP_PATH}`,
    authorization_servers: issuer === undefined ? [] : [issuer],
    bearer_methods_supported: ["header"],
    ...(scope !== undefined ? { scopes_supported: [scope] } : {}),
    resource_name: "Index Data gateway (MCP)",
    resource_documentation: "https://github.com/index-data/index-data-excel/blob/main/docs/gateway.md#mcp",
  };
}
