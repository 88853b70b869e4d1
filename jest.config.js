/**
 * Jest runs every suite under test/ in Node; browser suites drive Debian's Chromium through playwright-core.
 * Three projects: the suites that read a build (test/e2e, test/manifest) get one from their globalSetup, which builds
 * build/test-dist/ when the tree changed since the last test build (never dist/, the deployable build); the task
 * pane's component tests (test/taskpane/*.test.tsx) render in jsdom for React Testing Library; the others start at
 * once in Node, so `npx jest test/cli` builds nothing.
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
    // jose (the gateway's sign-in) ships ECMAScript modules only: jest's CommonJS runtime needs them transpiled.
    "^.+/node_modules/jose/.+\\.js$": [
      "ts-jest",
      { isolatedModules: true, tsconfig: { allowJs: true, module: "CommonJS", ignoreDeprecations: "5.0" } },
    ],
  },
  transformIgnorePatterns: ["/node_modules/(?!jose/)"],
  moduleNameMapper: {
    // office-addin-mock pulls in office-addin-manifest, whose ESM dependency breaks under jest 30.
    "^office-addin-manifest$": "<rootDir>/test/support/office-addin-manifest-stub.js",
  },
};

/** The task pane's component suites: React Testing Library in jsdom (CONTRIBUTING.md says why not Chromium). */
const COMPONENTS = "/test/taskpane/.*\\.test\\.tsx$";

/** The folders whose suites read the built add-in. */
const BUILT = ["<rootDir>/test/e2e", "<rootDir>/test/manifest"];

module.exports = {
  maxWorkers: 2,
  testTimeout: 30000,
  projects: [
    { ...shared, displayName: "built", roots: BUILT, globalSetup: "<rootDir>/test/support/test-build-setup.js" },
    {
      ...shared,
      displayName: "dom",
      roots: ["<rootDir>/test/taskpane"],
      testMatch: ["**/*.test.tsx"],
      testEnvironment: "<rootDir>/test/support/dom-environment.js",
      setupFilesAfterEnv: ["<rootDir>/test/support/dom-setup.ts"],
    },
    {
      ...shared,
      displayName: "unit",
      roots: ["<rootDir>/test"],
      testPathIgnorePatterns: ["/node_modules/", "/test/e2e/", "/test/manifest/", COMPONENTS],
    },
  ],
};
