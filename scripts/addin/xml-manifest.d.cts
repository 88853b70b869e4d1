// Types of scripts/addin/xml-manifest.cjs for the TypeScript tests.
import type { AddinDescription } from "./description.cjs";
export declare function xmlManifest(
  addin: AddinDescription,
  options: { baseUrl: string; metadataFile: string; note: string },
): string;
