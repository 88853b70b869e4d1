/**
 * Jest runs every suite under test/ in Node; browser suites drive Debian's Chromium through playwright-core.
 * Two projects: the suites that read a build (test/e2e, test/manifest) get one from their globalSetup, which builds
 * build/test-dist/ when the tree changed since the last test build (never dist/, the deployable build); the
 * others start at once, so `npx jest test/cli` builds nothing.
 */
const shared = {
  testEnvironment: "node",
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  transform: {
    "^.+\\.tsx?$": [
      "ts-jest",
      {
        tsconfig: { module: "CommonJS", moduleResolution: "Node10", jsx: "react-jsx", ignoreDeprecations: "5.0" },
      },
    ],
  },
  moduleNameMapper: {
    // office-addin-mock pulls in office-addin-manifest, whose ESM dependency breaks under jest 30.
    "^office-addin-manifest$": "<rootDir>/test/support/office-addin-manifest-stub.js",
  },
};

/** The folders whose suites read the built add-in. */
const BUILT = ["<rootDir>/test/e2e", "<rootDir>/test/manifest"];

module.exports = {
  maxWorkers: 2,
  testTimeout: 30000,
  projects: [
    { ...shared, displayName: "built", roots: BUILT, globalSetup: "<rootDir>/test/support/test-build-setup.js" },
    { ...shared, displayName: "unit", roots: ["<rootDir>/test"], testPathIgnorePatterns: ["/node_modules/", "/test/e2e/", "/test/manifest/"] },
  ],
};
