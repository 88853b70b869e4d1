import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, resolve, sep } from "node:path";
import { forwardRequest } from "./forward-request";

export interface StaticServerOptions {
  /** Folder served at `/`, e.g. the absolute path of `dist`. */
  readonly root: string;
  /** When set, requests under `/api` are forwarded to this origin (e.g. a reference service URL), so a page can use its own origin as the service base URL. */
  readonly proxyApiTo?: string;
}

export interface StaticServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  readonly url: string;
  close(): Promise<void>;
}

/** office.js loads sibling files (locale strings, host scripts), so its whole dist folder is served. */
const OFFICE_JS_DIR = resolve(__dirname, "..", "..", "node_modules", "@microsoft", "office-js", "dist");

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
};

/** Serves `root` (plus office.js at /office-js/) over plain http on 127.0.0.1 and an ephemeral port. */
export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const root = resolve(options.root);
  const server = createServer((req, res) => {
    const path = decodePath(req.url ?? "/");
    if (path === undefined) return sendText(res, 400, "bad path");
    if (options.proxyApiTo !== undefined && (path === "/api" || path.startsWith("/api/"))) {
      return forwardRequest(req, res, options.proxyApiTo);
    }
    if (path.startsWith("/office-js/")) return void serveFile(res, OFFICE_JS_DIR, path.slice("/office-js".length));
    return void serveFile(res, root, path);
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}

function decodePath(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url, "http://localhost").pathname);
  } catch {
    return undefined;
  }
}

async function serveFile(res: ServerResponse, base: string, urlPath: string): Promise<void> {
  const relative = urlPath.endsWith("/") ? `${urlPath}index.html` : urlPath;
  const file = normalize(join(base, relative));
  // Refuse `..` escapes out of the served folder.
  if (file !== base && !file.startsWith(base + sep)) return sendText(res, 403, "forbidden");
  const info = await stat(file).catch(() => undefined);
  if (info === undefined || !info.isFile()) return sendText(res, 404, `not found: ${urlPath}`);
  res.writeHead(200, {
    "content-type": CONTENT_TYPES[extname(file).toLowerCase()] ?? "application/octet-stream",
    "content-length": info.size,
    "cache-control": "no-store",
  });
  createReadStream(file).pipe(res);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  res.end(text);
}
