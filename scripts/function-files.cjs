// The custom-function wrapper files, as the build lists them: by team convention every one is named
// `*.functions.ts`, and the list is sorted so functions.json (and the docs' enum table) come out stable.
const fs = require("node:fs");
const path = require("node:path");

const FUNCTIONS_DIR = path.join("src", "functions");

/** Each `src/functions/*.functions.ts`, sorted, as a path under `root` (the repository's root as its caller names it). */
function customFunctionFiles(root) {
  return fs
    .readdirSync(path.join(__dirname, "..", FUNCTIONS_DIR))
    .filter((name) => name.endsWith(".functions.ts"))
    .sort()
    .map((name) => path.join(root, FUNCTIONS_DIR, name));
}

module.exports = { customFunctionFiles };
