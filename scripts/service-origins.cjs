// The services a build lets the add-in talk to: INDEX_API_BASE_URL (the default in Settings) and
// INDEX_API_ALLOWED_ORIGINS (others users may pick, comma-separated). They make the pages' connect-src and the
// choice list in Settings. CommonJS so that webpack.config.js and the jest suites can both load it.
const { DEV_BASE_URL } = require("./deploy-origin.cjs");

/** The dev server of `npm start`, which proxies /api to the reference service: a local build's only service. */
const DEV_SERVICE_URL = DEV_BASE_URL.replace(/\/$/, "");
const EXAMPLE = "e.g. INDEX_API_BASE_URL=https://indexes.example.com";

const isLoopback = (host) => host === "localhost" || host === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

/**
 * A service URL as the client's base-URL rule takes it (origin and path, no trailing slash or /api), checked for
 * a build: https, or http only to this machine (the key never crosses a network in clear text), no credentials,
 * query or fragment. `variable` names the setting in the message, `example` shows a good one.
 */
function serviceUrl(value, variable, example = EXAMPLE) {
  const refuse = (why) => new Error(`${variable} ${JSON.stringify(value)} ${why} (${example})`);
  let url;
  try {
    url = new URL(value);
  } catch {
    // Expected: the parser's own words add nothing to this refusal, which names the variable and gives an example.
    throw refuse("is not a URL");
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopback(url.hostname))) {
    throw refuse("must start with https:// (plain http only to this machine)");
  }
  if (url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "" || /[?#]/.test(value)) {
    throw refuse("must not contain a user name, password, ? or #");
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, "").replace(/\/api(\/v1)?$/, "")}`;
}

function listed(raw) {
  return (raw ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * The build's services. A deployment build (ADDIN_BASE_URL set) without INDEX_API_BASE_URL is refused: it would
 * send every user's requests, and API key, to https://localhost:3000. A local build uses the dev server.
 * Returns the default service, every service users may pick (default first), and their origins for the CSP.
 */
function buildServices(env = process.env, deployBase = DEV_BASE_URL) {
  const given = (env.INDEX_API_BASE_URL ?? "").trim();
  if (given === "" && deployBase !== DEV_BASE_URL) {
    throw new Error(
      `INDEX_API_BASE_URL is not set, so this build for ${deployBase} would send every request (and API key) to ` +
        `${DEV_SERVICE_URL}, a developer's own machine. Set it to the service or desk gateway your users read from, ` +
        `${EXAMPLE}; list other services they may pick in INDEX_API_ALLOWED_ORIGINS (comma-separated).`,
    );
  }
  const defaultUrl = given === "" ? DEV_SERVICE_URL : serviceUrl(given, "INDEX_API_BASE_URL");
  const extra = listed(env.INDEX_API_ALLOWED_ORIGINS).map((item) =>
    serviceUrl(item, "INDEX_API_ALLOWED_ORIGINS entry"),
  );
  const choices = [...new Set([defaultUrl, ...extra])];
  const origins = [...new Set(choices.map((choice) => new URL(choice).origin))];
  return { defaultUrl, choices, origins, local: given === "" };
}

/** What a build says about itself when it is done: where it goes and which services it may reach. */
function buildSummary(deployBase, services, version) {
  const where =
    deployBase === DEV_BASE_URL
      ? `a local build for ${deployBase} (ADDIN_BASE_URL unset)`
      : `a deployment build for ${deployBase} (ADDIN_BASE_URL)`;
  const service = services.local
    ? `${services.defaultUrl} only (INDEX_API_BASE_URL unset: the dev server's /api)`
    : `${services.defaultUrl} (INDEX_API_BASE_URL)`;
  const others = services.choices.slice(1);
  return [
    `Index Data ${version}: ${where}.`,
    `  Service: ${service}${others.length > 0 ? `; users may also pick ${others.join(", ")} (INDEX_API_ALLOWED_ORIGINS)` : ""}.`,
    "  The pages' Content-Security-Policy lets them connect to no other service.",
    "  Wrote manifest.xml, manifest.json and app-package.zip; install them as the README's Install section says.",
  ].join("\n");
}

module.exports = { DEV_SERVICE_URL, serviceUrl, buildServices, buildSummary };
