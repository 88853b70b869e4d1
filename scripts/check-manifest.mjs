// npm run manifest:check [-- <dist folder>] — validates the repository's manifest.xml (xmllint + the Office XSD,
// resids, URLs, and that it is what scripts/addin/description.cjs renders) and what `npm run build` wrote:
// dist/manifest.xml (XSD), dist/manifest.json (the unified manifest's JSON Schema 1.25, offline), the two agreeing,
// every URL on ADDIN_BASE_URL naming a file that is there, app-package.zip and functions.json.
// Run it with the ADDIN_BASE_URL of the build. Exits 1 with every problem listed.
import { resolve } from "node:path";
import checks from "./manifest-checks.cjs";
import origin from "./deploy-origin.cjs";

const distDir = process.argv[2] ? resolve(process.argv[2]) : checks.DIST_DIR;
let problems;
let baseUrl;
try {
  baseUrl = origin.deployBaseUrl();
  problems = checks.allManifestProblems(distDir, baseUrl);
} catch (error) {
  problems = [error instanceof Error ? error.message : String(error)];
}

if (problems.length > 0) {
  console.error(`manifest check failed:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  process.exit(1);
}
console.log(
  `manifest check passed: manifest.xml at ${checks.DEV_ORIGIN}; ${distDir}/manifest.xml, manifest.json (schema 1.25) ` +
    `and app-package.zip at ${baseUrl}, the two manifests agreeing`,
);
