import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The gateway's version, as the MCP handshake names it: gateway/package.json's, read beside src/ and beside the
 * installed package's dist/ alike, when asked rather than as a module loads (the generator asks without a gateway).
 */
export function gatewayVersion(): string {
  return (JSON.parse(readFileSync(join(__dirname, "..", "package.json"), "utf8")) as { version: string }).version;
}
