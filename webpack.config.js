// Builds the shared runtime page (functions + commands + taskpane in one page), the formula preview page,
// functions.json from the JSDoc of every src/functions/*.functions.ts file, and dist/manifest.xml moved onto
// ADDIN_BASE_URL (the https address dist/ is deployed to; unset means the dev server).
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const webpack = require("webpack");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");
const { deployBaseUrl, manifestForBase } = require("./scripts/deploy-origin.cjs");

const DEV_SERVER_PORT = 3000;
const DEV_SERVER_ORIGIN = `https://localhost:${DEV_SERVER_PORT}`;
/** The reference service that `npm start` runs; the dev server proxies /api to it. */
const REFERENCE_SERVICE_URL = "http://127.0.0.1:3001";
const CERT_DIR = path.join(os.homedir(), ".office-addin-dev-certs");
/** Microsoft's hosted office.js, which production pages must load (AppSource rule; it keeps itself current). */
const OFFICE_JS_CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";

/** Team convention: every custom-function wrapper file is named `*.functions.ts`; sorted so functions.json is stable. */
function customFunctionFiles() {
  const dir = path.join(__dirname, "src", "functions");
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".functions.ts"))
    .sort()
    .map((name) => path.join("src", "functions", name));
}

/** The base URL baked into the build; unset means the client's default, the dev server (which proxies /api). */
function apiBaseUrl() {
  const value = process.env.INDEX_API_BASE_URL;
  if (value === undefined || value === "") return undefined;
  try {
    return new URL(value).toString().replace(/\/$/, "");
  } catch {
    throw new Error(`INDEX_API_BASE_URL is not a valid URL: ${JSON.stringify(value)} (example: https://indexes.example.com)`);
  }
}

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

/**
 * Origins the page's Content-Security-Policy lets the add-in connect to: the built-in service plus any listed in
 * INDEX_API_ALLOWED_ORIGINS (comma-separated), so a deployment can offer, say, a sandbox and production service
 * that users pick at run time without opening connect-src to every origin.
 */
function serviceOrigins(baseUrl) {
  const extra = (process.env.INDEX_API_ALLOWED_ORIGINS ?? "").split(",").map((item) => item.trim()).filter(Boolean);
  const origins = [baseUrl ?? DEV_SERVER_ORIGIN, ...extra].map((value) => {
    try {
      return new URL(value).origin;
    } catch {
      throw new Error(`INDEX_API_ALLOWED_ORIGINS has an invalid URL: ${JSON.stringify(value)}`);
    }
  });
  return [...new Set(origins)].join(" ");
}

/** The dev server serves the npm copy of office.js (works offline); a production build loads the CDN's. */
function officeJsUrl(dev) {
  return process.env.OFFICE_JS_URL || (dev ? "/office-js/office.js" : OFFICE_JS_CDN);
}

/**
 * The one Content-Security-Policy of every page (taskpane.html explains each part): scripts and frames only from
 * this origin and office.js's, connections only to this origin and the configured services.
 */
function contentSecurityPolicy(officeUrl, serviceOrigin) {
  const officeOrigin = (String(officeUrl).match(/^https?:\/\/[^/]+/i) || [""])[0];
  return [
    "default-src 'self'",
    `script-src 'self' ${officeOrigin}`,
    `connect-src 'self' ${serviceOrigin}`,
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

function htmlPages(baseUrl, dev) {
  const officeUrl = officeJsUrl(dev);
  const templateParameters = {
    officeJsUrl: officeUrl,
    contentSecurityPolicy: contentSecurityPolicy(officeUrl, serviceOrigins(baseUrl)),
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
    port: DEV_SERVER_PORT,
    // Certificates are read only when serving, so `npm run build` works on a machine without them.
    server: isServe ? { type: "https", options: httpsOptions() } : "https",
    headers: { "Access-Control-Allow-Origin": "*" },
    static: [{ directory: path.join(__dirname, "node_modules", "@microsoft", "office-js", "dist"), publicPath: "/office-js" }],
    proxy: [{ context: ["/api"], target: REFERENCE_SERVICE_URL }],
    open: false,
    client: { overlay: { warnings: false, errors: true } },
  };
}

/**
 * One webpack runtime for all entries of a page, so a module imported by functions, commands and the taskpane
 * is instantiated once (the shared runtime must have one client, one cache and one context); and every module
 * used by two chunks goes into the one `shared` chunk, loaded once, instead of a copy in each bundle.
 */
const optimization = {
  runtimeChunk: "single",
  splitChunks: {
    cacheGroups: {
      default: false,
      defaultVendors: false,
      shared: { name: "shared", chunks: "all", minChunks: 2, enforce: true, reuseExistingChunk: true },
    },
  },
};

module.exports = async (env, options) => {
  const dev = options.mode === "development";
  const isServe = Boolean(env && env.WEBPACK_SERVE);
  const baseUrl = apiBaseUrl();
  // Checked before anything is built, so a bad ADDIN_BASE_URL stops the build with its message.
  const deployBase = deployBaseUrl();
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
    resolve: { extensions: [".ts", ".tsx", ".js"] },
    optimization,
    module: {
      // transpileOnly cannot see a missing runtime export (e.g. an `export declare`); the production build refuses it.
      parser: { javascript: { exportsPresence: dev ? "warn" : "error" } },
      rules: [{ test: /\.tsx?$/, exclude: /node_modules/, use: { loader: "ts-loader", options: { transpileOnly: true } } }],
    },
    plugins: [
      new CustomFunctionsMetadataPlugin({ output: "functions.json", input: customFunctionFiles() }),
      new webpack.DefinePlugin({ __INDEX_API_BASE_URL__: baseUrl === undefined ? "undefined" : JSON.stringify(baseUrl) }),
      ...htmlPages(baseUrl, dev),
      new CopyWebpackPlugin({
        patterns: [
          { from: "assets", to: "assets" },
          { from: "manifest.xml", to: "manifest.xml", transform: (content) => manifestForBase(content.toString(), deployBase) },
        ],
      }),
    ],
    devServer: devServer(isServe),
    performance: { hints: false },
  };
};
