// npm run manifest:check [-- <dist folder>] — validates manifest.xml (xmllint + the Office XSD), its resids and
// URLs, and what `npm run build` wrote: dist/manifest.xml (valid, on ADDIN_BASE_URL, every named file present)
// and functions.json. Run it with the ADDIN_BASE_URL of the build. Exits 1 with every problem listed.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import checks from "./manifest-checks.cjs";
import origin from "./deploy-origin.cjs";

const distDir = process.argv[2] ? resolve(process.argv[2]) : checks.DIST_DIR;
const xml = readFileSync(checks.MANIFEST_PATH, "utf8");
let problems;
let baseUrl;
try {
  baseUrl = origin.deployBaseUrl();
  problems = [
    ...checks.xmllintProblems(),
    ...checks.residProblems(xml),
    ...checks.urlProblems(xml),
    ...checks.builtManifestProblems(distDir, baseUrl, xml),
    ...checks.functionsMetadataProblems(distDir),
  ];
} catch (error) {
  problems = [error instanceof Error ? error.message : String(error)];
}

if (problems.length > 0) {
  console.error(`manifest check failed:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  process.exit(1);
}
console.log(
  `manifest check passed: ${checks.referencedFiles(xml).length} files referenced; manifest.xml at ${checks.DEV_ORIGIN}, ` +
    `${distDir}/manifest.xml at ${baseUrl}`,
);
