/** Jest runs every suite under test/ in Node; browser suites drive Debian's Chromium through playwright-core. */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
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
  testTimeout: 30000,
  maxWorkers: 2,
};
