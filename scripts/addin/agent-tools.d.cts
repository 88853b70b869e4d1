// Types of scripts/addin/agent-tools.cjs for the TypeScript tests.
export interface AgentTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
}
export declare const AGENT_TOOLS: readonly AgentTool[];
