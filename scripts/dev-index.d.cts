// Types of scripts/dev-index.cjs for the TypeScript tests.
export declare function devIndexHtml(docsDir: string): string;
export declare function devIndexMiddleware(docsDir: string): unknown;
