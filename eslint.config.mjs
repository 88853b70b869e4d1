// Flat ESLint config: typescript-eslint's recommended rules, two type-aware promise rules, and the
// Office.js load/sync rules of eslint-plugin-office-addins.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import officeAddins from "eslint-plugin-office-addins";
import house from "./eslint/house-rules.mjs";

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

// The ground floor is the workspace package @index-data/wire (packages/wire): what the add-in shares with the gateway
// and the reference service. Inside it, bottom up: memo (the bounded memo of a pure function), time (the calendar and
// clocks; imports memo), diagnostics (imports time), and the wire itself (may import all three); it imports nothing of
// src/ and nothing of the repository outside it. Every floor of src/ may import it, through its faces only: the
// package itself (which passes the memo on), and its time and diagnostics corners.
const WIRE_PACKAGE = "@index-data/wire";
const WIRE_FACES = ["time", "diagnostics"];

// The floors of src/, bottom up, and which floors each may import (each may also import the package's faces). A floor
// imports another only through its face (its index.ts): what sits beside the face is internal. docs/architecture.md
// draws the same picture.
const FLOORS = {
  client: [],
  settings: ["client"],
  engine: ["client", "settings"],
  formulas: ["client", "settings", "engine"],
  workbook: ["settings", "engine"],
  runtime: ["client", "settings", "engine"],
  office: ["client", "settings", "engine", "formulas", "workbook", "runtime"],
  functions: ["client", "settings", "engine", "formulas", "office"],
  preview: ["client", "settings", "engine", "formulas", "workbook", "runtime", "office"],
  taskpane: ["client", "settings", "engine", "formulas", "workbook", "runtime", "office"],
  commands: ["client", "settings", "engine", "formulas", "office"],
  cli: ["client", "settings", "formulas"],
};
const floorNames = Object.keys(FLOORS);

/** The package through its faces only (`faces` are its subpaths beside the package itself), never by a path. */
function wirePackagePatterns(faces) {
  return [
    {
      regex: `^${WIRE_PACKAGE}/(?!(${faces.join("|")})$).+$`,
      message: `Import ${WIRE_PACKAGE} through its faces (${[WIRE_PACKAGE, ...faces.map((face) => `${WIRE_PACKAGE}/${face}`)].join(", ")}), not a file inside it.`,
    },
    {
      regex: "^(\\.\\./)+packages(/.*)?$",
      message: `Import the shared package by its name (${WIRE_PACKAGE}), not by a path into packages/.`,
    },
  ];
}

/** no-restricted-imports patterns for code whose imports reach src/ as `prefix` + floor name. */
function floorRule(prefix, allowed, self) {
  const refused = floorNames.filter((name) => name !== self && !allowed.includes(name));
  const patterns = wirePackagePatterns(WIRE_FACES);
  if (refused.length > 0) {
    patterns.push({
      regex: `^${prefix}(${refused.join("|")})(/.*)?$`,
      message: `${self === undefined ? "This code" : `src/${self}`} may import only ${[WIRE_PACKAGE, ...allowed.map((name) => `src/${name}`)].join(", ")} (see FLOORS in eslint.config.mjs).`,
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

/** The package's own floors: `escape` matches a relative import that leaves what the files may reach. */
function wirePackageRule(escape, message) {
  const patterns = [
    { regex: escape, message },
    { regex: `^${WIRE_PACKAGE}(/.*)?$`, message: "Inside the package, import its own modules by relative path." },
    {
      regex: "^(\\.\\.?/)+(memo|time|diagnostics)/.+$",
      message: "Import memo, time and diagnostics through their faces (their index.ts), not a file inside them.",
    },
  ];
  return { "no-restricted-imports": ["error", { patterns }] };
}

/** The floors inside packages/wire/src (its folders are one level deep), bottom up. */
const WIRE_PACKAGE_FLOORS = [
  {
    files: ["packages/wire/src/memo/**/*.ts"],
    rules: wirePackageRule("^\\.\\.(/.*)?$", "memo is the lowest floor: it imports nothing of ours."),
  },
  {
    files: ["packages/wire/src/time/**/*.ts"],
    rules: wirePackageRule("^\\.\\.(?!/memo$)(/.*)?$", "time imports only memo (its face, ../memo)."),
  },
  {
    files: ["packages/wire/src/diagnostics/**/*.ts"],
    rules: wirePackageRule("^\\.\\.(?!/time$)(/.*)?$", "diagnostics imports only time (its face, ../time)."),
  },
  {
    files: ["packages/wire/src/*.ts"],
    rules: wirePackageRule("^\\.\\./", "The package imports nothing outside packages/wire/src."),
  },
  {
    files: ["packages/wire/src/*/**/*.ts"],
    ignores: ["packages/wire/src/memo/**", "packages/wire/src/time/**", "packages/wire/src/diagnostics/**"],
    rules: wirePackageRule("^\\.\\./\\.\\./", "The package imports nothing outside packages/wire/src."),
  },
];

/** Office, Excel, OfficeRuntime and CustomFunctions are office.js's globals; only src/office calls them. */
const OFFICE_GLOBALS = ["Office", "Excel", "OfficeRuntime", "CustomFunctions"].map((name) => ({
  name,
  message: `Only src/office calls Office.js (${name}); ask its face (src/office/index.ts) for what you need.`,
}));

// Module-level mutable state allowed, each with its reason (the rule: eslint/house-rules.mjs, no-module-state).
// A memo of a pure function (the same input always gives the same output) is bounded and invisible to every caller:
// it only saves the work of a sheet's few distinct dates, fields and URLs, asked for by hundreds of cells.
const PURE_MEMO = "memos of pure functions of their input (a BoundedMemo), which no caller can tell are there";
const MODULE_STATE_ALLOWED = {
  "src/office/app-context/app-context.ts":
    "the one app context of the JavaScript runtime: the functions, commands and taskpane entries of one bundle share its engine, budget and cache, and only the entries ask for it",
  "packages/wire/src/time/day.ts": PURE_MEMO,
  "packages/wire/src/time/iso.ts": PURE_MEMO,
  "packages/wire/src/rules/base-url.ts": PURE_MEMO,
  "src/formulas/arguments.ts": PURE_MEMO,
  "src/formulas/dates.ts": PURE_MEMO,
  "packages/wire/src/resources/point-time.ts":
    "a point's date parsed once, in a WeakMap keyed by the point: a pure function of the point that goes with it, and no caller can tell is there",
  "packages/wire/src/time/deadlines.ts":
    "the deadlines of one clock share a timer per length: the queues are keyed by the clock, so they are its own state, and go with it",
  "reference-service/src/index.ts":
    "the default dataset, built once per process and shared by every service started in it: its prices depend only on the symbol and the day, so sharing it only saves building it (and its price walks) again; a service given its own dataset or extra indexes builds its own",
};

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "gateway/dist/**",
      "packages/*/dist/**",
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
  ...Object.entries(FLOORS).map(([self, allowed]) => ({
    files: [`src/${self}/**/*.{ts,tsx}`],
    rules: floorRule("(\\.\\./)+", allowed, self),
  })),
  ...WIRE_PACKAGE_FLOORS,
  // The gateway speaks the service's API on the desk's behalf: it shares the package (the wire contract, the calendar,
  // the diagnostics) with the add-in, nothing of src/. The reference service is a separate implementation of the
  // service: it shares only the package's contract corner (@index-data/wire/contract) and the calendar.
  { files: ["gateway/**/*.ts"], rules: floorRule("(\\.\\./)+src/", []) },
  {
    files: ["reference-service/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(src|packages)(/.*)?$|^${WIRE_PACKAGE}(?!/time$|/contract$)(/.*)?$`,
              message: `The reference service shares only ${WIRE_PACKAGE}/time and ${WIRE_PACKAGE}/contract with the add-in.`,
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
            ...wirePackagePatterns(WIRE_FACES),
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
  // No state hidden in modules, no failure dropped in silence, in every package's runtime code: the add-in and its
  // command line, the shared package, the gateway and the reference service. The build scripts (scripts/, the
  // gateway's packing scripts) and the benchmarks (bench/) drop no failure in silence either; module state they may
  // keep: each is a program that runs once, to build or to measure, and that nothing of the product loads.
  {
    files: ["scripts/**/*.{ts,js,cjs,mjs}", "gateway/*.mjs", "bench/**/*.ts"],
    plugins: { house },
    rules: { "house/no-silent-catch": "error" },
  },
  {
    files: [
      "src/**/*.{ts,tsx}",
      "bin/**/*.js",
      "packages/wire/src/**/*.ts",
      "gateway/src/**/*.ts",
      "reference-service/src/**/*.ts",
    ],
    plugins: { house },
    rules: {
      "house/no-module-state": ["error", { allowed: MODULE_STATE_ALLOWED }],
      "house/no-silent-catch": "error",
    },
  },
  {
    // Node scripts and config files (bin/, scripts/, webpack and jest configs).
    files: ["**/*.{js,cjs,mjs}"],
    languageOptions: { globals: nodeGlobals },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
