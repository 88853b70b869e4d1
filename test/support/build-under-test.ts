import { resolve } from "node:path";

/**
 * The build the browser and manifest suites read: build/test-dist/, which jest's globalSetup builds for this tree
 * (test/support/test-build-setup.js), never the deployable dist/. TASKPANE_DIST (or PREVIEW_DIST_DIR) points the
 * suites at another build instead, e.g. a folder from `npx webpack --mode production --output-path dist-mine`.
 */
export const BUILD_UNDER_TEST = resolve(
  __dirname,
  "..",
  "..",
  process.env["TASKPANE_DIST"] ?? process.env["PREVIEW_DIST_DIR"] ?? "build/test-dist",
);
