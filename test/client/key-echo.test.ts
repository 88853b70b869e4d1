import { DEMO_KEYS } from "../../reference-service/src";
import { IndexDataClient } from "../../src/client/client";
import { closeLoopbackServers, startLoopbackServer } from "./loopback-server";
import { LATEST_FIX } from "./wire-fixtures";
import { allStrings, ENDPOINTS, freeTextFields, proxiedReference, SYMBOL, withStringAt } from "./service-fields";

/**
 * A service that echoes the caller's API key in a successful answer (a description, a status, a reason) must not
 * get it into cells, the pane, a frozen workbook or a log: every string of every answer loses the key, exactly
 * as error bodies do ("[API key]"). Each free-text field of both descriptions carries it once.
 */
const KEY = DEMO_KEYS.apiKey;

describe.each(["newer", "older"] as const)(
  "a key echoed in a successful answer is redacted, %s description",
  (flavor) => {
    const rig = proxiedReference(flavor);

    test.each(freeTextFields(flavor).map(([endpoint, path]) => [endpoint, path] as const))(
      "%s %s",
      async (endpoint, path) => {
        const proxy = rig.proxy();
        proxy.rewrite((_url, body) => withStringAt(body, path, `issued to ${KEY}`));
        const before = proxy.server.requests.length;
        const value = await ENDPOINTS[endpoint].call(new IndexDataClient({ baseUrl: proxy.server.url, apiKey: KEY }));
        // The key was sent and echoed: the request carried it.
        expect(proxy.server.requests.slice(before).map((r) => r.headers["x-api-key"])).toEqual([KEY]);
        const strings = allStrings(value);
        expect(strings).toContain("issued to [API key]");
        expect(strings.filter((s) => s.includes(KEY))).toEqual([]);
      },
    );
  },
);

describe("escapes", () => {
  afterEach(closeLoopbackServers);

  test("a key spelled with JSON escapes in the answer is redacted too", async () => {
    const escaped = [...KEY].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
    const text = JSON.stringify({ ...LATEST_FIX, status: "KEY" }).replace('"KEY"', `"seen ${escaped}"`);
    const server = await startLoopbackServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(text);
    });
    const latest = await new IndexDataClient({ baseUrl: server.url, apiKey: KEY }).latest(SYMBOL);
    expect(text).not.toContain(KEY);
    expect(server.requests).toHaveLength(1);
    expect(latest.status).toBe("seen [API key]");
  });
});
