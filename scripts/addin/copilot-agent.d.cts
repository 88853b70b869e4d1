// Types of scripts/addin/copilot-agent.cjs for the TypeScript tests.
import type { AddinDescription } from "./description.cjs";
export interface AgentSettings {
  readonly gatewayUrl: string;
  readonly mcpUrl: string;
  readonly authConfigId: string;
  /** INDEX_AGENT_TOOLS: the gateway's tools in the plugin, or asked of it at run time. */
  readonly toolDiscovery: "pinned" | "dynamic";
}
export declare const AGENT_FILES: { readonly agent: string; readonly plugin: string };
export declare const AGENT_ID: string;
export declare const AUTH_CONFIG_PLACEHOLDER: string;
export declare function agentSettings(env?: Record<string, string | undefined>): AgentSettings | undefined;
export declare function declarativeAgent(addin: AddinDescription): Record<string, unknown>;
export declare function agentPlugin(
  addin: AddinDescription,
  options: { baseUrl: string; mcpUrl: string; authConfigId: string; toolDiscovery?: "pinned" | "dynamic" },
): Record<string, unknown>;
export declare function copilotAgents(): { declarativeAgents: Array<{ id: string; file: string }> };
export declare function agentFiles(
  addin: AddinDescription,
  baseUrl: string,
  settings: AgentSettings,
): Record<string, Buffer>;
export declare function agentSummary(settings: AgentSettings | undefined): string;
