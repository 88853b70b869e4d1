#!/usr/bin/env node
"use strict";
// Installed from the package, the CLI is the plain JavaScript that `npm pack` compiled into build/cli (prepack).
// In a checkout of the repository (src/cli beside this file, tsx installed), it runs the TypeScript source through
// tsx instead, so `npx index-data` works right after `npm ci` and always runs the code as it is now.
const { existsSync } = require("node:fs");
const path = require("node:path");

function loadCli() {
  const source = path.join(__dirname, "..", "src", "cli", "main.ts");
  if (existsSync(source)) {
    try {
      // The checkout's tsconfig, whatever the working folder: its `paths` read @index-data/wire from its sources.
      process.env.TSX_TSCONFIG_PATH ??= path.join(__dirname, "..", "tsconfig.json");
      require("tsx/cjs/api").register();
      return require(source);
    } catch (error) {
      if (error && error.code !== "MODULE_NOT_FOUND") throw error;
    }
  }
  return require("../build/cli/cli/main.js");
}

loadCli()
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
