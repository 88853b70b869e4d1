import { IndexDataClient } from "../../src/client/client";
import { MAX_SERVICE_TEXT } from "@index-data/wire/resources/shapes";
import {
  allStrings,
  ENDPOINTS,
  formattedFields,
  freeTextFields,
  ignoredFields,
  proxiedReference,
  stringPaths,
  withStringAt,
} from "./service-fields";

/**
 * Every string the service sends is cut at the boundary (the zod schemas) to MAX_SERVICE_TEXT characters, the
 * last being "…", so no cell, card or receipt can be handed text past Excel's 32,767-character limit.
 * Each field of both descriptions is sent 100,000 characters long by a service in front of the reference one.
 */
const LONG = "Z".repeat(100_000);
const CUT = `${"Z".repeat(MAX_SERVICE_TEXT - 1)}…`;

describe.each(["newer", "older"] as const)("service text is capped at the boundary, %s description", (flavor) => {
  const { service, proxy: proxyOf } = proxiedReference(flavor);

  async function callWith(endpoint: keyof typeof ENDPOINTS, path: string): Promise<unknown> {
    const proxy = proxyOf();
    proxy.rewrite((_url, body) => withStringAt(body, path, LONG));
    const before = proxy.server.requests.length;
    const outcome = await ENDPOINTS[endpoint]
      .call(new IndexDataClient({ baseUrl: proxy.server.url }))
      .catch((error: unknown) => error);
    // The long text really went out: the request reached the service through the proxy.
    expect(proxy.server.requests.length).toBe(before + 1);
    return outcome;
  }

  test("the table names every string of every answer of this description", async () => {
    proxyOf().rewrite(undefined);
    const listed = new Set(
      [...freeTextFields(flavor), ...formattedFields(flavor), ...ignoredFields()].map(([e, p]) => `${e} ${p}`),
    );
    for (const [endpoint, { path }] of Object.entries(ENDPOINTS)) {
      const answer = await fetch(`${service().url}${path}`);
      if (answer.status === 404) continue;
      const sent = stringPaths(await answer.json()).map((p) => `${endpoint} ${p}`);
      expect(sent.filter((field) => !listed.has(field))).toEqual([]);
    }
  });

  test.each(freeTextFields(flavor).map(([endpoint, path]) => [endpoint, path] as const))(
    "%s %s arrives cut, ending in an ellipsis",
    async (endpoint, path) => {
      const value = await callWith(endpoint, path);
      expect(value).not.toBeInstanceOf(Error);
      const strings = allStrings(value);
      expect(strings).toContain(CUT);
      expect(Math.max(...strings.map((s) => s.length))).toBeLessThanOrEqual(MAX_SERVICE_TEXT);
    },
  );

  test.each(formattedFields(flavor).map(([endpoint, path]) => [endpoint, path] as const))(
    "%s %s, 100,000 characters long, is refused as a whole",
    async (endpoint, path) => {
      expect(await callWith(endpoint, path)).toMatchObject({ name: "InvalidResponseError" });
    },
  );
});
