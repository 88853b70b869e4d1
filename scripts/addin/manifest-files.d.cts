// Types of scripts/addin/manifest-files.cjs for the TypeScript tests.
export declare const REPO_ROOT: string;
export declare function versionedMetadataFile(metadataJson: string): string;
export declare function appPackage(
  manifestJson: string,
  readIcon?: (file: string) => Buffer,
  agent?: Record<string, Buffer>,
): Buffer;
export declare function manifestFiles(
  baseUrl: string,
  metadataJson: string,
  env?: Record<string, string | undefined>,
): Record<string, Buffer>;
export declare function devManifestXml(): string;
