// Types of scripts/manifest-checks.cjs for the TypeScript tests.
export declare const REPO_ROOT: string;
export declare const MANIFEST_PATH: string;
export declare const DIST_DIR: string;
export declare const SCHEMA_PATH: string;
export declare const DEV_ORIGIN: string;
export declare function xmllintProblems(manifestPath?: string, schemaPath?: string): string[];
export declare function residProblems(xml: string): string[];
export declare function urlProblems(xml: string, baseUrl?: string): string[];
export declare function manifestUrls(xml: string): string[];
export declare function referencedFiles(xml: string, baseUrl?: string): string[];
export declare function devManifestProblems(xml?: string): string[];
export declare function builtManifestProblems(distDir?: string, baseUrl?: string): string[];
export declare function appPackageProblems(distDir: string): string[];
export declare function allManifestProblems(distDir: string, baseUrl: string): string[];
export declare function functionsMetadataProblems(distDir?: string): string[];
