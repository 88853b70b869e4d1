import { IndexDataClient } from "../../src/client/client";
import { SYMBOL_RULE } from "@index-data/wire/rules/symbol";
import { closeLoopbackServers, sendJson, startLoopbackServer } from "./loopback-server";

afterEach(closeLoopbackServers);

const REFUSED = `Not a valid index symbol: give ${SYMBOL_RULE}.`;

/** Every client method that takes a symbol, called with `symbol`. */
const CALLS: ReadonlyArray<[string, (client: IndexDataClient, symbol: string) => Promise<unknown>]> = [
  ["latest", (c, s) => c.latest(s)],
  ["history", (c, s) => c.history(s)],
  ["volatility", (c, s) => c.volatility(s, 30)],
  ["forward", (c, s) => c.forward(s)],
  ["capacity", (c, s) => c.capacity(s)],
];

describe("a symbol that could change the URL never builds one", () => {
  it.each([".", "..", "a/b", "../indexes", "a\\b", "%2e%2e", "a?b=1", "a#b", "x".repeat(65), "RTM\u0000NWE", "café"])(
    "%j: no request from any method, BadRequestError with the rule",
    async (symbol) => {
      const service = await startLoopbackServer((_, response) => sendJson(response, {}));
      const client = new IndexDataClient({ baseUrl: service.url });
      for (const [, call] of CALLS) {
        await expect(call(client, symbol)).rejects.toMatchObject({
          name: "BadRequestError",
          code: "INVALID_SYMBOL",
          message: REFUSED,
        });
      }
      expect(service.requests).toEqual([]);
    },
  );

  it("a valid symbol with a dot goes out as its own path segment", async () => {
    const service = await startLoopbackServer((_, response) => sendJson(response, {}, 404));
    const client = new IndexDataClient({ baseUrl: service.url });
    await expect(client.latest(" RTM-USG.B-2x4 ")).rejects.toMatchObject({ name: "NotFoundError" });
    expect(service.requests.map((r) => r.url)).toEqual(["/api/v1/index/RTM-USG.B-2x4/latest"]);
  });
});
