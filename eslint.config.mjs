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
  "require",
  "module",
  "exports",
  "__dirname",
  "__filename",
  "process",
  "console",
  "Buffer",
  "URL",
  "URLSearchParams",
  "fetch",
  "AbortController",
  "AbortSignal",
  "TextEncoder",
  "TextDecoder",
  "setTimeout",
  "clearTimeout",
  "setInterval",
  "clearInterval",
  "setImmediate",
  "queueMicrotask",
  "structuredClone",
  "performance",
];
const nodeGlobals = Object.fromEntries(NODE_GLOBALS.map((name) => [name, "readonly"]));

// The floors of src/, bottom up, and which floors each may import. A floor imports another only through its face
// (its index.ts): what sits beside the face is internal. docs/architecture.md draws the same picture.
const FLOORS = {
  time: [],
  diagnostics: ["time"],
  wire: ["time", "diagnostics"],
  client: ["time", "diagnostics", "wire"],
  settings: ["time", "diagnostics", "wire", "client"],
  engine: ["time", "diagnostics", "wire", "client", "settings"],
  excel: ["time", "diagnostics", "wire", "client", "settings", "engine"],
  office: ["time", "diagnostics", "wire", "client", "settings", "engine", "excel"],
  functions: ["time", "diagnostics", "wire", "client", "settings", "engine", "excel", "office"],
  preview: ["time", "diagnostics", "wire", "client", "settings", "engine", "excel", "office"],
  taskpane: ["time", "diagnostics", "wire", "client", "settings", "engine", "excel", "office"],
  commands: ["time", "diagnostics", "wire", "client", "settings", "engine", "excel", "office"],
  cli: ["time", "diagnostics", "wire", "client", "settings", "excel"],
};
const floorNames = Object.keys(FLOORS);

/** no-restricted-imports patterns for code whose imports reach src/ as `prefix` + floor name. */
function floorRule(prefix, allowed, self) {
  const refused = floorNames.filter((name) => name !== self && !allowed.includes(name));
  const patterns = [];
  if (refused.length > 0) {
    patterns.push({
      regex: `^${prefix}(${refused.join("|")})(/.*)?$`,
      message: `${self === undefined ? "This code" : `src/${self}`} may import only ${allowed.map((name) => `src/${name}`).join(", ") || "nothing of ours"} (see FLOORS in eslint.config.mjs).`,
    });
  }
  if (allowed.length > 0) {
    patterns.push({
      regex: `^${prefix}(${allowed.join("|")})/.+$`,
      message:
        "Import the folder's face (its index.ts), not a file inside it; add the name to the face if it is missing.",
    });
  }
  return { "no-restricted-imports": ["error", { patterns }] };
}

/** Office, Excel, OfficeRuntime and CustomFunctions are office.js's globals; only src/office calls them. */
const OFFICE_GLOBALS = ["Office", "Excel", "OfficeRuntime", "CustomFunctions"].map((name) => ({
  name,
  message: `Only src/office calls Office.js (${name}); ask its face (src/office/index.ts) for what you need.`,
}));

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "gateway/dist/**",
      "build/**",
      "node_modules/**",
      "coverage/**",
      "test-artifacts/**",
      "test/support/office-addin-manifest-stub.js",
    ],
  },
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
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
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
  ...Object.entries(FLOORS).map(([self, allowed]) => ({
    files: [`src/${self}/**/*.{ts,tsx}`],
    rules: floorRule("(\\.\\./)+", allowed, self),
  })),
  // The gateway speaks the service's API on the desk's behalf: it shares the wire contract and the calendar with
  // the add-in, nothing else. The reference service is a separate implementation of the service: it shares only
  // the wire's contract corner (src/wire/contract, its own face) and the calendar.
  { files: ["gateway/**/*.ts"], rules: floorRule("(\\.\\./)+src/", ["time", "diagnostics", "wire"]) },
  {
    files: ["reference-service/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+src/(?!time$|wire/contract$)",
              message: "The reference service shares only src/time and src/wire/contract with the add-in.",
            },
          ],
        },
      ],
    },
  },
  // Benchmarks drive the product as its users do: through each floor's face, never a file inside it.
  // (The task pane's model has a face of its own, src/taskpane/model, for the catalogue search bench.)
  {
    files: ["bench/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+src/(?!taskpane/model$)[a-z]+/.+$",
              message: "Benchmarks drive a floor through its face (its index.ts), not a file inside it.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/office/**"],
    rules: { "no-restricted-globals": ["error", ...OFFICE_GLOBALS] },
  },
  {
    // The custom functions' signatures name Excel's cell value types: the metadata generator reads them there.
    files: ["src/functions/**/*.functions.ts"],
    rules: { "no-restricted-globals": "off" },
  },
  {
    // Node scripts and config files (bin/, scripts/, webpack and jest configs).
    files: ["**/*.{js,cjs,mjs}"],
    languageOptions: { globals: nodeGlobals },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
