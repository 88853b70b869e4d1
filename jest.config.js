/**
 * Jest runs every suite under test/ in Node; browser suites drive Debian's Chromium through playwright-core.
 * Four projects, so that everyday work runs only the quick ones (`npm run test:quick`: unit and dom):
 * - `unit`: starts at once in Node, no build, no browser, no redis-server; each suite takes seconds.
 * - `dom`: the task pane's component tests (test/taskpane/*.test.tsx) in jsdom for React Testing Library.
 * - `slow`: suites that take long on a busy machine: Redis, child processes (CLIs, npm pack and install), bursts of
 *   thousands of requests, big sheets, a browser without the build.
 * - `built`: the suites that read a build (test/e2e, test/manifest, the add-in through the gateway) get one from their
 *   globalSetup, which builds build/test-dist/ only when the tree changed since the last test build (never dist/).
 * Timeouts only stop hangs: real time never decides an outcome (the brief), so they are generous, and longer where a
 * suite starts processes or a browser (test/support/long-timeout.ts).
 */
const shared = {
  testEnvironment: "node",
  transform: {
    "^.+\\.tsx?$": [
      "ts-jest",
      {
        tsconfig: { module: "CommonJS", moduleResolution: "Node10", jsx: "react-jsx", ignoreDeprecations: "5.0" },
      },
    ],
    // jose (the gateway's sign-in) and oidc-provider (the real OpenID provider its tests start) ship ECMAScript
    // modules only: jest's CommonJS runtime needs them transpiled.
    "^.+/node_modules/(jose|oidc-provider)/.+\\.js$": [
      "ts-jest",
      { isolatedModules: true, tsconfig: { allowJs: true, module: "CommonJS", ignoreDeprecations: "5.0" } },
    ],
  },
  transformIgnorePatterns: ["/node_modules/(?!(jose|oidc-provider)/)"],
  moduleNameMapper: {
    // @index-data/wire from its TypeScript sources, as tsconfig.json's `paths` read it (no build of packages/wire).
    "^@index-data/wire$": "<rootDir>/packages/wire/src/index.ts",
    "^@index-data/wire/(.*)$": "<rootDir>/packages/wire/src/$1",
    // office-addin-mock pulls in office-addin-manifest, whose ESM dependency breaks under jest 30.
    "^office-addin-manifest$": "<rootDir>/test/support/office-addin-manifest-stub.js",
  },
};

/** The task pane's component suites: React Testing Library in jsdom (CONTRIBUTING.md says why not Chromium). */
const COMPONENTS = "/test/taskpane/.*\\.test\\.tsx$";

/** The suites that read the built add-in. */
const BUILT = ["/test/(e2e|manifest)/.*\\.test\\.ts$", "/test/gateway/addin\\.test\\.ts$"];

/** Suites that need no build but take tens of seconds, or minutes, on two busy cores. */
const SLOW = [
  "/test/cli/pack\\.test\\.ts$",
  "/test/contract/cli\\.test\\.ts$",
  "/test/engine/bookkeeping\\.test\\.ts$",
  "/test/formulas/formulas\\.test\\.ts$",
  "/test/faults/.*\\.test\\.ts$",
  "/test/fuzz/.*\\.test\\.ts$",
  "/test/gateway/(budget-forms|cli|gateway-http|hostile-headers|metrics-bounds|package|poisoned-redis|redis-access|replica-store|replicas|stalled-log|store-contract|tokens-reload|usage-batch)\\.test\\.ts$",
  "/test/gateway/(oidc-cli|oidc-provider|mcp-change|mcp-oidc|mcp-open-requests|mcp-large-answers|mcp-replicas|mcp-conformance)\\.test\\.ts$",
  "/test/office/(hostile-service|receipt-size)\\.test\\.ts$",
  "/test/reference-service/(cli|rate-limits)\\.test\\.ts$",
  "/test/support/browser\\.test\\.ts$",
];

module.exports = {
  // Two workers on two cores: a third one beside a busy machine only adds switching (see the suite's notes in issue 30).
  maxWorkers: 2,
  testTimeout: 60_000,
  projects: [
    {
      ...shared,
      displayName: "built",
      roots: ["<rootDir>/test"],
      testRegex: BUILT,
      globalSetup: "<rootDir>/test/support/test-build-setup.js",
      setupFilesAfterEnv: ["<rootDir>/test/support/long-timeout.ts"],
    },
    {
      ...shared,
      displayName: "slow",
      roots: ["<rootDir>/test"],
      testRegex: SLOW,
      setupFilesAfterEnv: ["<rootDir>/test/support/long-timeout.ts"],
    },
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
      testMatch: ["**/*.test.ts", "**/*.test.tsx"],
      testPathIgnorePatterns: ["/node_modules/", COMPONENTS, ...BUILT, ...SLOW],
    },
  ],
};
