// Types of scripts/addin/agreement.cjs for the TypeScript tests.
export interface ManifestFacts {
  readonly id?: string;
  readonly version?: string;
  readonly runtimePage?: string;
  readonly functionsScript?: string;
  readonly functionsMetadata?: string;
  readonly namespace?: string;
  readonly permission?: string;
  readonly requirements: readonly string[];
  readonly commands: ReadonlyArray<{ tab?: string; id: string; label?: string; tooltip?: string; action: string }>;
}
export declare function xmlFacts(xml: string): ManifestFacts;
export declare function unifiedFacts(manifest: unknown): ManifestFacts;
export declare function jsonUrls(value: unknown): string[];
export declare function agreementProblems(
  xml: string,
  manifest: unknown,
  baseUrl: string,
  xmlUrls: readonly string[],
): string[];
