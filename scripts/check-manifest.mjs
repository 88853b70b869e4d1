// npm run manifest:check — validates manifest.xml (xmllint + the Office XSD), its resids and URLs,
// and the functions.json that `npm run build` wrote to dist/. Exits 1 with every problem listed.
import { readFileSync } from "node:fs";
import checks from "./manifest-checks.cjs";

const xml = readFileSync(checks.MANIFEST_PATH, "utf8");
let problems;
try {
  problems = [
    ...checks.xmllintProblems(),
    ...checks.residProblems(xml),
    ...checks.urlProblems(xml),
    ...checks.functionsMetadataProblems(),
  ];
} catch (error) {
  problems = [error instanceof Error ? error.message : String(error)];
}

if (problems.length > 0) {
  console.error(`manifest check failed:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  process.exit(1);
}
console.log(`manifest check passed: ${checks.referencedFiles(xml).length} files referenced, all at ${checks.DEV_ORIGIN}`);
