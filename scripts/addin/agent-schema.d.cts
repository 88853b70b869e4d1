// Types of scripts/addin/agent-schema.cjs for the TypeScript tests.
export declare const AGENT_SCHEMA_PATH: string;
export declare const PLUGIN_SCHEMA_PATH: string;
export declare function declarativeAgentSchemaProblems(agent: unknown): string[];
export declare function pluginSchemaProblems(plugin: unknown): string[];
export declare function agentPackageProblems(manifest: unknown, files: Record<string, Uint8Array>): string[];
export declare function agentFileNames(manifest: unknown, files: Record<string, Uint8Array>): string[];
