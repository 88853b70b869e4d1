import { servedStaleAgeMs } from "../../src/client/response-headers";

/** RFC 9211: the last member of Cache-Status is the cache nearest to us; a negative ttl means it served stale. */
const headers = (fields: Record<string, string>) => new Headers(fields);

test.each([
  ["no Cache-Status", {}, undefined],
  ["a fresh hit", { "cache-status": "IndexDataGateway; hit; ttl=18", age: "12" }, undefined],
  [
    "a forward that came back fresh",
    { "cache-status": "IndexDataGateway; fwd=miss; fwd-status=200; stored; ttl=30" },
    undefined,
  ],
  [
    "stale-if-error, with its age",
    { "cache-status": "IndexDataGateway; fwd=stale; fwd-status=503; ttl=-15; detail=stale-if-error", age: "75" },
    75_000,
  ],
  ["stale without an Age", { "cache-status": "Edge; hit; TTL=-3" }, 0],
  ["stale with an Age that is no number of seconds", { "cache-status": "Edge; hit; ttl=-3", age: "soon" }, 0],
  [
    "stale further away, fresh at the nearest cache",
    { "cache-status": "Origin; hit; ttl=-5, IndexDataGateway; hit; ttl=10" },
    undefined,
  ],
  [
    "fresh further away, stale at the nearest cache",
    { "cache-status": "Origin; hit; ttl=10, IndexDataGateway; fwd=stale; ttl=-1", age: "40" },
    40_000,
  ],
  ["a ttl that is not a whole number", { "cache-status": "Edge; hit; ttl=-x" }, undefined],
] as const)("%s", (_name, fields, expected) => {
  expect(servedStaleAgeMs(headers(fields))).toBe(expected);
});
