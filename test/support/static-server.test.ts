import { createServer, get, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { startStaticServer, type StaticServer } from "./static-server";
import { useTempSite } from "./temp-site";

describe("startStaticServer", () => {
  const root = useTempSite({
    "page.html": "<!doctype html><title>page</title>",
    "index.html": "<!doctype html><title>index</title>",
    "functions.json": '{"functions":[]}',
    "assets/icon.png": Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  });
  let upstream: Server;
  let server: StaticServer;

  beforeAll(async () => {
    // Stands in for the reference service: echoes what reached it, so the proxy's forwarding can be checked.
    upstream = createServer((req, res) => {
      res.writeHead(418, { "content-type": "application/json", "x-upstream": "yes" });
      res.end(JSON.stringify({ method: req.method, url: req.url, key: req.headers["x-api-key"] ?? null }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const { port } = upstream.address() as AddressInfo;
    server = await startStaticServer({ root: root(), proxyApiTo: `http://127.0.0.1:${port}` });
  });

  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  });

  it("listens on loopback over plain http", () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it.each([
    ["/page.html", "text/html; charset=utf-8", "<title>page</title>"],
    ["/", "text/html; charset=utf-8", "<title>index</title>"],
    ["/functions.json", "application/json; charset=utf-8", '"functions"'],
  ])("serves %s with its content type", async (path, type, fragment) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(type);
    expect(await res.text()).toContain(fragment);
  });

  it("serves binary files byte for byte", async () => {
    const res = await fetch(`${server.url}/assets/icon.png`);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });

  it("serves office.js and its sibling files at /office-js/", async () => {
    const res = await fetch(`${server.url}/office-js/office.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const sibling = await fetch(`${server.url}/office-js/en-us/office_strings.js`);
    expect(sibling.status).toBe(200);
  });

  it("answers 404 for missing files and folders without an index", async () => {
    expect((await fetch(`${server.url}/nope.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/assets/`)).status).toBe(404);
  });

  it("refuses paths that escape the root", async () => {
    // Sent raw: fetch would normalise the dots away before the server saw them.
    const answer = await rawGet(`${server.url}/..%2f..%2f..%2fetc%2fpasswd`);
    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain("root:");
  });

  it("forwards /api requests, with query and headers, to the proxy target", async () => {
    const res = await fetch(`${server.url}/api/v1/indexes?x=1`, { headers: { "x-api-key": "k" } });
    expect(res.status).toBe(418);
    expect(res.headers.get("x-upstream")).toBe("yes");
    expect(await res.json()).toEqual({ method: "GET", url: "/api/v1/indexes?x=1", key: "k" });
  });
});

function rawGet(url: string): Promise<{ status: number; body: string }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    get({ hostname, port, path: pathname }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    }).on("error", reject);
  });
}
