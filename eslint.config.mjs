// Flat ESLint config: typescript-eslint's recommended rules, two type-aware promise rules, and the
// Office.js load/sync rules of eslint-plugin-office-addins.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import officeAddins from "eslint-plugin-office-addins";

// The plugin's own `recommended` config brings prettier and an older typescript-eslint parser; we take only
// its Office.js rules, at the levels it recommends, so they follow the plugin when it is upgraded.
const officeAddinsRules = Object.fromEntries(
  officeAddins.configs.recommended
    .flatMap((config) => Object.entries(config.rules ?? {}))
    .filter(([name]) => name.startsWith("office-addins/")),
);

// Listed here rather than taken from the `globals` package, which is only a transitive dependency.
const NODE_GLOBALS = [
  "require", "module", "exports", "__dirname", "__filename", "process", "console", "Buffer",
  "URL", "URLSearchParams", "fetch", "AbortController", "AbortSignal", "TextEncoder", "TextDecoder",
  "setTimeout", "clearTimeout", "setInterval", "clearInterval", "setImmediate", "queueMicrotask", "structuredClone", "performance",
];
const nodeGlobals = Object.fromEntries(NODE_GLOBALS.map((name) => [name, "readonly"]));

export default tseslint.config(
  { ignores: ["dist/**", "build/**", "node_modules/**", "coverage/**", "test-artifacts/**", "test/support/office-addin-manifest-stub.js"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { "office-addins": officeAddins },
    rules: {
      ...officeAddinsRules,
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      // `_`-prefixed names are deliberately unused (e.g. a parameter a signature requires).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // Custom functions must declare a spill as `any[][]` (the metadata generator turns other shapes into scalars);
    // that is the only `any` allowed there.
    files: ["src/functions/**/*.functions.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSAnyKeyword:not(TSArrayType > TSArrayType > TSAnyKeyword)",
          message: "Only a spill result may use any, as any[][]; give everything else a real type.",
        },
      ],
    },
  },
  {
    // Node scripts and config files (bin/, scripts/, webpack and jest configs).
    files: ["**/*.{js,cjs,mjs}"],
    languageOptions: { globals: nodeGlobals },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
