// npm run build:test — the production build the tests run against, in build/test-dist/ (never dist/), for the dev
// server whatever ADDIN_BASE_URL the shell has; skipped when build/test-dist/ is already this tree's build. Then the
// manifest check on it, as `npm run manifest:check` does for dist/.
import checks from "./manifest-checks.cjs";
import testBuild from "./test-build.cjs";
import origin from "./deploy-origin.cjs";

const dist = testBuild.ensureTestBuild();
const problems = checks.allManifestProblems(dist, origin.DEV_BASE_URL);
if (problems.length > 0) {
  console.error(`manifest check of the test build failed:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  process.exit(1);
}
console.log(`test build ready in ${dist}; manifest check passed (manifest.xml, manifest.json, app-package.zip)`);
