#!/usr/bin/env node
"use strict";
// The CLI is TypeScript; tsx compiles it on the fly so there is no separate build step.
require("tsx/cjs/api").register();
const { main } = require("../src/cli/main.ts");

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
