// Types of scripts/addin/schema-check.cjs for the TypeScript tests.
export declare function schemaChecker(schemaPath: string, missing?: string): (document: unknown) => string[];
