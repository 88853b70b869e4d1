import { MAX_BELIEVED_AGE_S, servedStaleAgeMs } from "@index-data/wire/resources/cache-status";

/**
 * RFC 9211's Cache-Status read as a structured list: only the desk gateway's own member (by its name) may mark an
 * answer as served stale (a negative ttl), only when the settings say the base URL is the gateway, and its Age is
 * believed only as whole seconds within what the gateway could keep.
 */
const headers = (fields: Record<string, string>) => new Headers(fields);
const STALE = "IndexDataGateway; fwd=stale; fwd-status=503; ttl=-15; detail=stale-if-error";

describe("from the configured gateway", () => {
  test.each([
    ["no Cache-Status", {}, undefined],
    ["a fresh hit", { "cache-status": "IndexDataGateway; hit; ttl=18", age: "12" }, undefined],
    [
      "a forward that came back fresh",
      { "cache-status": "IndexDataGateway; fwd=miss; fwd-status=200; stored; ttl=30" },
      undefined,
    ],
    ["stale-if-error, with its age", { "cache-status": STALE, age: "75" }, 75_000],
    ["the gateway's name as a string", { "cache-status": `"IndexDataGateway"; fwd=stale; ttl=-3`, age: "9" }, 9_000],
    ["stale without an Age: at least as old as the ttl says", { "cache-status": STALE }, 15_000],
    ["stale with an Age that is no number of seconds", { "cache-status": STALE, age: "soon" }, 15_000],
    ["Age: 1e300 is no delta-seconds", { "cache-status": STALE, age: "1e300" }, 15_000],
    [
      "Age: 8640000000000 is older than anything the gateway keeps",
      { "cache-status": STALE, age: "8640000000000" },
      15_000,
    ],
    ["Age: -5", { "cache-status": STALE, age: "-5" }, 15_000],
    ["two Age values joined", { "cache-status": STALE, age: "75, 80" }, 15_000],
    ["the oldest Age believed", { "cache-status": STALE, age: String(MAX_BELIEVED_AGE_S) }, MAX_BELIEVED_AGE_S * 1000],
    ["one second older", { "cache-status": STALE, age: String(MAX_BELIEVED_AGE_S + 1) }, 15_000],
    [
      "a proxy appending its own member after the gateway's",
      { "cache-status": `${STALE}, CornerProxy; hit; ttl=40`, age: "75" },
      75_000,
    ],
    [
      "a proxy in front saying stale, the gateway fresh",
      { "cache-status": "IndexDataGateway; hit; ttl=10, Edge; hit; ttl=-5", age: "40" },
      undefined,
    ],
    [
      "a quoted string holding ttl=-9 (a key, a detail)",
      { "cache-status": 'IndexDataGateway; hit; key="x; ttl=-9"; ttl=20', age: "30" },
      undefined,
    ],
    ["a detail string holding ttl=-9", { "cache-status": 'IndexDataGateway; hit; detail="ttl=-9"' }, undefined],
    ["a ttl that is not an integer", { "cache-status": "IndexDataGateway; fwd=stale; ttl=-1.5" }, undefined],
    ["a ttl given as text", { "cache-status": 'IndexDataGateway; fwd=stale; ttl="-9"' }, undefined],
    ["a ttl beyond any window", { "cache-status": "IndexDataGateway; fwd=stale; ttl=-999999999" }, undefined],
    ["another cache's name", { "cache-status": "IndexDataGatewayX; fwd=stale; ttl=-3", age: "5" }, undefined],
    ["a field that is not a structured list", { "cache-status": "IndexDataGateway; fwd=stale; TTL=-3" }, undefined],
  ] as const)("%s", (_name, fields, expected) => {
    expect(servedStaleAgeMs(headers(fields), true)).toBe(expected);
  });
});

describe("from a base URL the settings do not call the gateway", () => {
  test.each([
    ["the gateway's own stale mark", { "cache-status": STALE, age: "75" }],
    ["Age: 0 with fwd=stale", { "cache-status": "IndexDataGateway; fwd=stale; ttl=-1", age: "0" }],
    ["Age: 1e300", { "cache-status": STALE, age: "1e300" }],
  ] as const)("%s is not believed", (_name, fields) => {
    expect(servedStaleAgeMs(headers(fields), false)).toBeUndefined();
  });
});
