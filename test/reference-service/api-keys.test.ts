import { DEMO_KEYS } from "../../reference-service/src/index";
import { get, record, serviceFor } from "./support";

const INDEXES = "/api/v1/indexes";

/** Near misses of a real key: each differs in length, case or a single character. */
function nearMisses(key: string): string[] {
  const lastChanged = `${key.slice(0, -1)}${key.endsWith("0") ? "1" : "0"}`;
  return ["x", key.slice(0, -1), `${key}0`, key.toUpperCase(), lastChanged, `0${key.slice(1)}`, key.repeat(40)];
}

describe("API keys", () => {
  const service = serviceFor({});
  afterEach(() => service().resetRequestLog());

  test.each([
    [DEMO_KEYS.apiKey, "api-key"],
    [DEMO_KEYS.enterprise, "enterprise"],
  ])("%s is accepted in either header, as its tier", async (key, tier) => {
    for (const headers of [{ "X-API-Key": key }, { Authorization: `Bearer ${key}` }]) {
      expect((await get(service(), INDEXES, headers)).status).toBe(200);
      expect(service().requests.at(-1)).toMatchObject({ status: 200, apiKeyTier: tier });
    }
  });

  test.each([DEMO_KEYS.apiKey, DEMO_KEYS.enterprise, DEMO_KEYS.revoked])(
    "near misses of %s are unknown keys, 401",
    async (key) => {
      for (const wrong of nearMisses(key)) {
        const response = await get(service(), INDEXES, { "X-API-Key": wrong });
        expect(response.status).toBe(401);
        expect(record(response.body).code).toBe("UNAUTHORIZED");
        expect(record(response.body).message).toBe(
          "Unknown API key. Check the key in the settings, or remove it to call anonymously.",
        );
        expect(JSON.stringify(response.body)).not.toContain(wrong);
        expect(service().requests.at(-1)).toMatchObject({ status: 401, apiKeyTier: "anonymous" });
      }
    },
  );

  test("the revoked key, exactly, is 401 API_KEY_REVOKED", async () => {
    const response = await get(service(), INDEXES, { Authorization: `Bearer ${DEMO_KEYS.revoked}` });
    expect(response.status).toBe(401);
    expect(record(response.body).code).toBe("API_KEY_REVOKED");
  });

  test("an empty key header is no key: anonymous", async () => {
    expect((await get(service(), INDEXES, { "X-API-Key": "" })).status).toBe(200);
    expect(service().requests.at(-1)).toMatchObject({ status: 200, apiKeyTier: "anonymous" });
  });
});
