// Types of scripts/dev-ports.cjs for the TypeScript tests.
export declare const DEFAULT_PORTS: { readonly ADDIN_PORT: number; readonly REFERENCE_PORT: number };
export declare function devPort(name: "ADDIN_PORT" | "REFERENCE_PORT", env?: NodeJS.ProcessEnv): number;
