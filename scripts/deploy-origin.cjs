// Where the add-in is deployed: ADDIN_BASE_URL, checked. The manifests are rendered onto it (scripts/addin/).
// CommonJS so that webpack.config.js, scripts/check-manifest.mjs and the jest suites can all load it.

const { devPort } = require("./dev-ports.cjs");

/** The origin the source manifest.xml names: the dev server of `npm start`, on ADDIN_PORT (default 3000). */
const DEV_BASE_URL = `https://localhost:${devPort("ADDIN_PORT")}/`;
const EXAMPLE = "ADDIN_BASE_URL=https://addin.example.com (or https://cdn.example.com/index-data/)";

function refuse(value, why) {
  return new Error(
    `ADDIN_BASE_URL ${JSON.stringify(value)} ${why}; set it to the https address dist/ is served from, e.g. ${EXAMPLE}`,
  );
}

/**
 * The base every manifest URL starts with, always ending in "/": ADDIN_BASE_URL when set, else the dev server.
 * Office only loads add-in pages over https, and a path with ".." would point outside what was deployed.
 */
function deployBaseUrl(value = process.env.ADDIN_BASE_URL) {
  if (value === undefined || value.trim() === "") return DEV_BASE_URL;
  const raw = value.trim();
  let url;
  try {
    url = new URL(raw);
  } catch {
    // Expected: the parser's own words add nothing to this refusal, which names the variable and gives an example.
    throw refuse(raw, "is not a URL");
  }
  if (url.protocol !== "https:")
    throw refuse(raw, "must start with https:// (Office loads add-in pages only over https)");
  // Checked on the raw text: URL parsing already resolved any "..", hiding it.
  if (/(^|[/\\])\.\.([/\\]|$)/.test(raw.replace(/^https:\/\/[^/]*/i, "")) || /%2e%2e/i.test(raw)) {
    throw refuse(raw, 'must not contain ".." in its path');
  }
  if (url.username !== "" || url.password !== "") throw refuse(raw, "must not contain a user name or password");
  if (url.search !== "" || url.hash !== "" || raw.includes("?") || raw.includes("#")) {
    throw refuse(raw, "must not contain ? or #");
  }
  return `${url.origin}${url.pathname.replace(/\/*$/, "/")}`;
}

module.exports = { DEV_BASE_URL, deployBaseUrl };
