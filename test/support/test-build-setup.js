// Jest globalSetup of the "built" project (jest.config.js): makes build/test-dist/ the build of this tree, unless
// TASKPANE_DIST or PREVIEW_DIST_DIR point the suites at another build. Runs once, before any worker starts.
const { ensureTestBuild } = require("../../scripts/test-build.cjs");

module.exports = async function testBuildSetup() {
  if (process.env.TASKPANE_DIST !== undefined || process.env.PREVIEW_DIST_DIR !== undefined) return;
  ensureTestBuild();
};
