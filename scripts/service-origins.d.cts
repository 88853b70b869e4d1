// Types of scripts/service-origins.cjs for the TypeScript tests.
export interface BuildServices {
  readonly defaultUrl: string;
  readonly choices: readonly string[];
  readonly origins: readonly string[];
  readonly local: boolean;
}
export declare const DEV_SERVICE_URL: string;
export declare function serviceUrl(value: string, variable: string, example?: string): string;
export declare function buildServices(env?: Record<string, string | undefined>, deployBase?: string): BuildServices;
export declare function buildSummary(deployBase: string, services: BuildServices, version: string): string;
