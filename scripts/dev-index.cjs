// The dev server's index page (https://localhost:3000/): what npm start serves, one link each, so the root is not a
// 404. Development only: a production build has no index page.
const fs = require("node:fs");

const PAGES = [
  ["taskpane.html", "Task pane", "the shared runtime page: task pane, ribbon commands and custom functions"],
  ["preview.html", "Formula preview", "INDEX formulas evaluated in a plain browser, no Excel"],
  ["functions.json", "functions.json", "custom functions metadata, as kept in src/functions/functions.json"],
  ["manifest.xml", "manifest.xml", "this build's add-in-only manifest (sideload it in Excel)"],
  ["manifest.json", "manifest.json", "this build's unified manifest"],
  ["api/v1/indexes", "/api/v1/indexes", "the reference service's catalogue, through the /api proxy"],
];

const escape = (text) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
const item = (href, title, what) => `<li><a href="${escape(href)}">${escape(title)}</a> — ${escape(what)}</li>`;

/** The page: the served pages, then every doc in `docsDir` (served as text under /docs/). */
function devIndexHtml(docsDir) {
  const docs = fs
    .readdirSync(docsDir)
    .filter((name) => name.endsWith(".md"))
    .sort();
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><title>Index Data for Excel: development server</title>',
    "<style>body{font:14px/1.5 system-ui,sans-serif;margin:24px;max-width:760px}h1{font-size:20px}</style></head>",
    "<body><h1>Index Data for Excel: development server</h1>",
    `<h2>Pages</h2><ul>${PAGES.map(([href, title, what]) => item(href, title, what)).join("")}</ul>`,
    `<h2>Docs</h2><ul>${docs.map((name) => item(`docs/${name}`, name, "as plain text")).join("")}</ul>`,
    "</body></html>",
  ].join("\n");
}

/** A webpack-dev-server middleware answering GET / with the index page; every other request passes on. */
function devIndexMiddleware(docsDir) {
  return {
    name: "index-data-dev-index",
    middleware: (req, res, next) => {
      if (req.method !== "GET" || (req.url !== "/" && req.url !== "/index.html")) return next();
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(devIndexHtml(docsDir));
    },
  };
}

module.exports = { devIndexHtml, devIndexMiddleware };
