#!/usr/bin/env node
"use strict";
// The CLI is compiled to plain JavaScript by `npm run build:cli` (run by prepare/prepack), so it needs no tsx.
const { main } = require("../build/cli/cli/main.js");

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
