#!/usr/bin/env node
// The devDependency `node` (npm's package of Node 22) is there for the MCP conformance suite, which needs Node 22
// (test/gateway/mcp-conformance.test.ts runs it as node_modules/node/bin/node). npm links its binary as
// node_modules/.bin/node, and npm puts that folder first on the PATH of every script: `npm test`, `npm start` and
// their children would run on it instead of the Node the developer or CI installed. npm runs the root's
// `dependencies` script after every change to node_modules (npm ci, npm install), and never a package's own when it
// is installed elsewhere (the packed CLI has no install script): it removes that link and its Windows shims.
const { rmSync } = require("node:fs");
const { join } = require("node:path");

const bin = join(__dirname, "..", "node_modules", ".bin");
for (const name of ["node", "node.cmd", "node.ps1"]) rmSync(join(bin, name), { force: true });
