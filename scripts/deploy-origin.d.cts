// Types of scripts/deploy-origin.cjs for the TypeScript tests.
export declare const DEV_BASE_URL: string;
export declare function deployBaseUrl(value?: string): string;
