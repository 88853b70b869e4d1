// Types of scripts/addin/unified-schema.cjs for the TypeScript tests.
export declare const UNIFIED_SCHEMA_PATH: string;
export declare function unifiedSchemaProblems(manifest: unknown): string[];
