// The development ports: ADDIN_PORT (the https dev server, default 3000) and REFERENCE_PORT (the reference service
// it proxies /api to, default 3001). One reader for webpack.config.js, scripts/start.mjs and the manifests, so the
// dev server, the manifest it serves and npm start's checks always name the same port.

const DEFAULT_PORTS = { ADDIN_PORT: 3000, REFERENCE_PORT: 3001 };

/** The port `name` from the environment, checked (a whole number from 1024 to 65535), else its default. */
function devPort(name, env = process.env) {
  const raw = (env[name] ?? "").trim();
  if (raw === "") return DEFAULT_PORTS[name];
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1024 || port > 65535) {
    throw new Error(
      `${name} ${JSON.stringify(raw)} must be a port number from 1024 to 65535 (default ${DEFAULT_PORTS[name]})`,
    );
  }
  return port;
}

module.exports = { DEFAULT_PORTS, devPort };
