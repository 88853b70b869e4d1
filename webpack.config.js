// Builds the shared runtime page (functions + commands + taskpane in one page), the formula preview page, copies
// src/functions/functions.json (the custom functions' metadata, kept as data), and, from the one description of the
// add-in (scripts/addin/description.cjs), manifest.xml, manifest.json and app-package.zip on ADDIN_BASE_URL (the
// https address dist/ is deployed to; unset means the dev server). INDEX_API_BASE_URL and INDEX_API_ALLOWED_ORIGINS
// name the services the pages may reach (scripts/service-origins.cjs); a deployment build without them is refused.
// INDEX_GATEWAY_URL (the desk gateway) adds the Copilot agent to the app package (scripts/addin/copilot-agent.cjs).
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const webpack = require("webpack");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const { deployBaseUrl } = require("./scripts/deploy-origin.cjs");
const { agentSettings, agentSummary } = require("./scripts/addin/copilot-agent.cjs");
const { ADDIN } = require("./scripts/addin/description.cjs");
const { AddinManifestsPlugin } = require("./scripts/addin/manifests-plugin.cjs");
const { buildServices, buildSummary } = require("./scripts/service-origins.cjs");

const { devPort } = require("./scripts/dev-ports.cjs");
const { devIndexMiddleware } = require("./scripts/dev-index.cjs");

/** ADDIN_PORT, default 3000: the manifests of a local build name the same port (scripts/deploy-origin.cjs). */
const DEV_SERVER_PORT = devPort("ADDIN_PORT");
/** The reference service that `npm start` runs (REFERENCE_PORT, default 3001); the dev server proxies /api to it. */
const REFERENCE_SERVICE_URL = `http://127.0.0.1:${devPort("REFERENCE_PORT")}`;
const CERT_DIR = path.join(os.homedir(), ".office-addin-dev-certs");
/** Microsoft's hosted office.js, which production pages must load (AppSource rule; it keeps itself current). */
const OFFICE_JS_CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";

/** The certificate files written by `office-addin-dev-certs install`, read directly (no system trust store needed). */
function httpsOptions() {
  const files = { ca: "ca.crt", key: "localhost.key", cert: "localhost.crt" };
  const options = {};
  for (const [option, file] of Object.entries(files)) {
    const full = path.join(CERT_DIR, file);
    if (!fs.existsSync(full)) {
      throw new Error(`Missing ${full}: run "npx office-addin-dev-certs install" (or npm start, which does it)`);
    }
    options[option] = fs.readFileSync(full);
  }
  return options;
}

/** The dev server serves the npm copy of office.js (works offline); a production build loads the CDN's. */
function officeJsUrl(dev) {
  return process.env.OFFICE_JS_URL || (dev ? "/office-js/office.js" : OFFICE_JS_CDN);
}

/**
 * The one Content-Security-Policy of every page (taskpane.html explains each part): scripts and frames only from
 * this origin and office.js's, connections only to this origin and the configured services.
 */
function contentSecurityPolicy(officeUrl, serviceOrigins) {
  const officeOrigin = (String(officeUrl).match(/^https?:\/\/[^/]+/i) || [""])[0];
  return [
    "default-src 'self'",
    `script-src 'self' ${officeOrigin}`,
    `connect-src 'self' ${serviceOrigins.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `frame-src 'self' ${officeOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ]
    .map((directive) => directive.trim())
    .join("; ");
}

function htmlPages(services, dev) {
  const officeUrl = officeJsUrl(dev);
  const policy = contentSecurityPolicy(officeUrl, services.origins);
  const templateParameters = {
    officeJsUrl: officeUrl,
    // What every page's head opens with, its title its own: the one policy is in each page by the same lines.
    pageHead: (title) =>
      [
        '<meta charset="utf-8" />',
        '<meta name="viewport" content="width=device-width, initial-scale=1" />',
        `<meta http-equiv="Content-Security-Policy" content="${policy}" />`,
        `<title>${title}</title>`,
      ].join("\n    "),
  };
  return [
    new HtmlWebpackPlugin({
      filename: "taskpane.html",
      template: "./src/taskpane/taskpane.html",
      // functions first: they register before the commands and the taskpane bootstrap run.
      chunks: ["functions", "commands", "taskpane"],
      chunksSortMode: "manual",
      templateParameters,
    }),
    new HtmlWebpackPlugin({
      filename: "preview.html",
      template: "./src/preview/preview.html",
      // The preview harness must install its CustomFunctions stand-in before the functions code runs.
      chunks: ["preview", "functions"],
      chunksSortMode: "manual",
      templateParameters,
    }),
  ];
}

function devServer(isServe) {
  return {
    // Loopback only: the dev server proxies /api (and so a typed API key) to the reference service.
    host: "localhost",
    port: DEV_SERVER_PORT,
    // Certificates are read only when serving, so `npm run build` works on a machine without them.
    server: isServe ? { type: "https", options: httpsOptions() } : "https",
    headers: { "Access-Control-Allow-Origin": "*" },
    static: [
      { directory: path.join(__dirname, "node_modules", "@microsoft", "office-js", "dist"), publicPath: "/office-js" },
      // The docs as plain text, linked from the index page ("/").
      {
        directory: path.join(__dirname, "docs"),
        publicPath: "/docs",
        watch: false,
        staticOptions: {
          setHeaders: (res, file) => file.endsWith(".md") && res.setHeader("Content-Type", "text/plain; charset=utf-8"),
        },
      },
    ],
    setupMiddlewares: (middlewares) => [devIndexMiddleware(path.join(__dirname, "docs")), ...middlewares],
    proxy: [{ context: ["/api"], target: REFERENCE_SERVICE_URL }],
    open: false,
    client: { overlay: { warnings: false, errors: true } },
  };
}

/**
 * One webpack runtime for all entries of a page, so a module imported by functions, commands and the taskpane
 * is instantiated once (the shared runtime must have one client, one cache and one context); and every module
 * used by two chunks, one of them loaded at start, goes into the one `shared` chunk, loaded once, instead of a copy in
 * each bundle. What only chunks loaded on demand share (the pane's UI, freezing and restoring) goes into chunks of their own, loaded with
 * them: in `shared` it would weigh on the script the runtime page loads before the functions register.
 */
const optimization = {
  runtimeChunk: "single",
  splitChunks: {
    cacheGroups: {
      default: false,
      defaultVendors: false,
      shared: {
        name: "shared",
        chunks: "all",
        minChunks: 2,
        enforce: true,
        reuseExistingChunk: true,
        test: (module, { chunkGraph }) => [...chunkGraph.getModuleChunksIterable(module)].some((c) => c.canBeInitial()),
      },
      lazyShared: { chunks: "async", minChunks: 2, enforce: true, reuseExistingChunk: true },
    },
  },
};

/**
 * Says once, at the end of a build that is not watching, what it was built for: on `afterDone`, which webpack calls
 * after webpack-cli has printed its stats, so the summary is the last thing on the screen, not above 70 lines.
 */
function buildSummaryPlugin(deployBase, services, agent) {
  return {
    apply(compiler) {
      compiler.hooks.afterDone.tap("IndexDataBuildSummary", (stats) => {
        if (!compiler.watchMode && !stats.hasErrors())
          console.log(`\n${buildSummary(deployBase, services, ADDIN.version)}\n${agentSummary(agent)}\n`);
      });
    },
  };
}

module.exports = async (env, options) => {
  const dev = options.mode === "development";
  const isServe = Boolean(env && env.WEBPACK_SERVE);
  // Checked before anything is built, so a bad ADDIN_BASE_URL or a missing service stops the build with its message.
  const deployBase = deployBaseUrl();
  const services = buildServices(process.env, deployBase);
  const agent = agentSettings(process.env);
  return {
    mode: dev ? "development" : "production",
    devtool: dev ? "source-map" : false,
    entry: {
      functions: "./src/functions/index.ts",
      commands: "./src/commands/commands.ts",
      taskpane: "./src/taskpane/index.tsx",
      preview: "./src/preview/index.ts",
    },
    output: { path: path.join(__dirname, "dist"), filename: "[name].js", chunkFilename: "[name].js", clean: true },
    resolve: {
      extensions: [".ts", ".tsx", ".js"],
      // @index-data/wire from its TypeScript sources, as tsconfig.json's `paths` read it (no build of packages/wire).
      alias: { "@index-data/wire": path.join(__dirname, "packages", "wire", "src") },
    },
    optimization,
    module: {
      // transpileOnly cannot see a missing runtime export (e.g. an `export declare`); the production build refuses it.
      parser: { javascript: { exportsPresence: dev ? "warn" : "error" } },
      rules: [
        { test: /\.tsx?$/, exclude: /node_modules/, use: { loader: "ts-loader", options: { transpileOnly: true } } },
        // The Office adapter's and the workbook text's modules run nothing when imported: flagged so, an entry takes
        // only what it uses through their faces, and what only the pane uses (the sheet builder, watch lists) stays
        // out of the script the runtime page loads before the functions register.
        { test: /[\\/]src[\\/](office|workbook)[\\/]/, sideEffects: false },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({
        __INDEX_API_BASE_URL__: JSON.stringify(services.defaultUrl),
        __INDEX_API_CHOICES__: JSON.stringify(services.choices),
        // The gateway's sign-in (all three or none; @index-data/wire checks them at run time and ignores an incomplete set).
        __INDEX_SIGNIN__: JSON.stringify({
          clientId: process.env.INDEX_SIGNIN_CLIENT_ID ?? "",
          authority: process.env.INDEX_SIGNIN_AUTHORITY ?? "",
          scope: process.env.INDEX_SIGNIN_SCOPE ?? "",
        }),
      }),
      ...htmlPages(services, dev),
      // functions.json as it is kept: AddinManifestsPlugin (after this) names its versioned copy in the manifests.
      new CopyWebpackPlugin({
        patterns: [
          { from: "assets", to: "assets" },
          { from: "src/functions/functions.json", to: "functions.json" },
        ],
      }),
      new AddinManifestsPlugin({ baseUrl: deployBase }),
      buildSummaryPlugin(deployBase, services, agent),
    ],
    devServer: devServer(isServe),
    // npm start says once that it waits for the bundle and prints the URLs when they answer; the dev server's own
    // info lines (one "wait until bundle finished" per early request) would repeat it.
    ...(isServe ? { infrastructureLogging: { level: "warn" } } : {}),
    performance: { hints: false },
  };
};
