/** RFC 9728's well-known path of a protected resource's metadata. */
export const RESOURCE_METADATA_PATH = "/.well-known/oauth-protected-resource";
/** The MCP endpoint's path. */
export const MCP_PATH = "/mcp";

/** A quoted-string of RFC 9110 (§5.6.4): a scope from the command line cannot end the quotes it sits in. */
function quoted(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/**
 * The challenge of a 401 or a 403 from /mcp (MCP authorization; RFC 6750 §3, RFC 9728 §5.1): the sign-in's own
 * `error="…"` when it gave one, where the metadata is (only an origin of the gateway's own list: never a Host), and the
 * scope a token must carry when one is required.
 */
export function bearerChallenge(
  given: string | undefined,
  origin: string | undefined,
  scope: string | undefined,
): string {
  const parts = [
    ...(given?.startsWith("Bearer ") === true ? [given.slice("Bearer ".length)] : []),
    ...(origin !== undefined ? [`resource_metadata=${quoted(`${origin}${RESOURCE_METADATA_PATH}`)}`] : []),
    ...(scope !== undefined ? [`scope=${quoted(scope)}`] : []),
  ];
  return parts.length === 0 ? "Bearer" : `Bearer ${parts.join(", ")}`;
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
    // Sent as JSON, which leaves it out when there is no scope.
    scopes_supported: scope === undefined ? undefined : [scope],
    resource_name: "Index Data gateway (MCP)",
    resource_documentation: "https://github.com/index-data/index-data-excel/blob/main/docs/gateway.md#mcp",
  };
}
