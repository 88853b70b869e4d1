// Types of scripts/addin/unified-manifest.cjs for the TypeScript tests.
import type { AddinDescription } from "./description.cjs";
export declare const MANIFEST_VERSION: string;
export declare const SCHEMA_URL: string;
export declare const RUNTIME_ID: string;
export declare function unifiedManifest(
  addin: AddinDescription,
  options: {
    baseUrl: string;
    metadataFile: string;
    signIn?: { clientId?: string; resource?: string };
    agent?: boolean;
  },
): Record<string, unknown>;
