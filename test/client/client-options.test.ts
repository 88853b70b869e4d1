import { IndexDataClient } from "../../src/client";
import {
  checkBaseUrl,
  isConfigurationError,
  isLoopbackHost,
  parseRateLimit,
  parseRetryAfter,
  tierFromLimit,
} from "@index-data/wire";
import { API_KEY_MAX_LENGTH, checkApiKey } from "@index-data/wire/rules/api-key";
import { pathWithQuery } from "../../src/client/http";
import { checkSettings } from "../../src/settings/index";
import { parseCliArgs } from "../../src/cli/args";

/** Wraps the real fetch only to count calls: these tests prove that nothing is sent. */
function countingFetch() {
  const calls: string[] = [];
  const impl: typeof fetch = (input, init) => {
    calls.push(String(input));
    return fetch(input, init);
  };
  return { calls, impl };
}

describe("client options", () => {
  it("refuses an API key over plain http to a non-loopback host before any request", () => {
    const { calls, impl } = countingFetch();
    expect(() => new IndexDataClient({ baseUrl: "http://indexes.example.com", apiKey: "k", fetch: impl })).toThrow(
      expect.objectContaining({ name: "ConfigurationError", message: expect.stringContaining("https") }),
    );
    const anonymous = new IndexDataClient({ baseUrl: "http://indexes.example.com", fetch: impl });
    expect(() => anonymous.extend({ apiKey: "k" })).toThrow(expect.objectContaining({ name: "ConfigurationError" }));
    expect(calls).toEqual([]);
  });

  it.each([["http://localhost:1"], ["http://127.0.0.1:1"], ["http://[::1]:1"], ["https://indexes.example.com"]])(
    "allows a key to %s",
    (baseUrl) => {
      expect(new IndexDataClient({ baseUrl, apiKey: "k" }).options.apiKey).toBe("k");
    },
  );

  it.each([
    [{ baseUrl: "not a url" }, /not a URL/],
    [{ baseUrl: "https://u:p@x.example" }, /user name or password/],
    [{ baseUrl: "https://x.example", timeoutMs: 0 }, /timeoutMs/],
    [{ baseUrl: "https://x.example", timeoutMs: Number.NaN }, /timeoutMs/],
    [{ baseUrl: "https://x.example", timeoutMs: 3_000_000_000 }, /at most 600000/],
    [{ baseUrl: "https://x.example", apiKey: "two words" }, /cannot be sent in a header/],
  ])("refuses %p", (options, message) => {
    expect(() => new IndexDataClient(options)).toThrow(message);
  });

  it("is immutable: extend returns a new client and leaves the original alone", () => {
    const base = new IndexDataClient({ baseUrl: "https://x.example", timeoutMs: 1000 });
    const derived = base.extend({ timeoutMs: 2000, keyHeaderStyle: "bearer" });
    expect(base.options.timeoutMs).toBe(1000);
    expect(derived.options).toEqual({ baseUrl: "https://x.example", timeoutMs: 2000, keyHeaderStyle: "bearer" });
    expect(Object.isFrozen(base.options)).toBe(true);
  });

  it("refuses arguments that would make a bad URL, without sending", async () => {
    const { calls, impl } = countingFetch();
    const client = new IndexDataClient({ baseUrl: "http://127.0.0.1:1", fetch: impl });
    await expect(client.latest("  ")).rejects.toMatchObject({ name: "BadRequestError", code: "INVALID_SYMBOL" });
    await expect(client.volatility("X", Number.NaN)).rejects.toMatchObject({ name: "BadRequestError" });
    await expect(client.history("X", { startDate: "" })).rejects.toMatchObject({ code: "INVALID_DATE" });
    await expect(client.latest("X\nY")).rejects.toMatchObject({ code: "INVALID_SYMBOL" });
    expect(calls).toEqual([]);
  });

  it("rejects (never throws synchronously) from every method", () => {
    const client = new IndexDataClient({ baseUrl: "http://127.0.0.1:1" });
    const pending = client.latest("");
    expect(pending).toBeInstanceOf(Promise);
    return expect(pending).rejects.toMatchObject({ name: "BadRequestError" });
  });
});

describe("the one API key rule", () => {
  const longest = "k".repeat(API_KEY_MAX_LENGTH);
  const tooLong = `${longest}k`;

  it("trims, takes an empty key for none, and refuses what cannot be sent in a header or is too long", () => {
    expect(checkApiKey("  abc  ")).toEqual({ ok: true, key: "abc" });
    expect(checkApiKey(" \t ")).toEqual({ ok: true, key: undefined });
    expect(checkApiKey(undefined)).toEqual({ ok: true, key: undefined });
    expect(checkApiKey(longest)).toEqual({ ok: true, key: longest });
    for (const bad of ["two words", "tab\there", "new\nline", "caf\u00e9", tooLong]) {
      const checked = checkApiKey(bad);
      expect(checked.ok ? "accepted" : checked.message).toMatch(/paste it again exactly as issued/);
    }
  });

  it("is the same rule in the client options, the settings and the CLI", () => {
    const entryPoints = (key: string) => ({
      client: (() => {
        try {
          return new IndexDataClient({ baseUrl: "https://x.example", apiKey: key }).options.apiKey !== undefined;
        } catch {
          return false;
        }
      })(),
      settings: checkSettings({ baseUrl: "https://x.example", apiKey: key }).ok,
      cli: (() => {
        try {
          return parseCliArgs(["health", "--api-key", key], {}).apiKey !== undefined;
        } catch {
          return false;
        }
      })(),
    });
    expect(entryPoints(longest)).toEqual({ client: true, settings: true, cli: true });
    expect(entryPoints(tooLong)).toEqual({ client: false, settings: false, cli: false });
    expect(entryPoints("two words")).toEqual({ client: false, settings: false, cli: false });
  });
});

describe("loopback and URLs", () => {
  it("knows loopback hosts", () => {
    expect(["localhost", "127.0.0.1", "127.255.0.9", "[::1]"].every(isLoopbackHost)).toBe(true);
    expect(["example.com", "127.example.com", "10.0.0.1", "[::2]", "localhost.example.com"].some(isLoopbackHost)).toBe(
      false,
    );
  });

  it("checks a base URL once per input: the same frozen check again, another input its own", () => {
    const first = checkBaseUrl("http://127.0.0.1:9/api/v1/");
    expect(first).toEqual({ ok: true, url: "http://127.0.0.1:9" });
    expect(checkBaseUrl("http://127.0.0.1:9/api/v1/")).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(checkBaseUrl("https://indexes.example.com/api")).toEqual({ ok: true, url: "https://indexes.example.com" });
    const refused = checkBaseUrl("ftp://indexes.example.com");
    expect(refused.ok).toBe(false);
    expect(checkBaseUrl("ftp://indexes.example.com")).toBe(refused);
  });

  it("builds the query from defined values only", () => {
    expect(pathWithQuery("/a", { startDate: "2025-01-01", endDate: undefined, windowDays: 30 })).toBe(
      "/a?startDate=2025-01-01&windowDays=30",
    );
    expect(pathWithQuery("/a", {})).toBe("/a");
    expect(pathWithQuery("/a", { q: "a&b=c" })).toBe("/a?q=a%26b%3Dc");
  });
});

describe("rate-limit headers and tiers", () => {
  it("parses x-ratelimit-* and ratelimit-* headers", () => {
    expect(
      parseRateLimit(
        new Headers({ "x-ratelimit-limit": "60", "x-ratelimit-remaining": "59", "x-ratelimit-reset": "42" }),
      ),
    ).toEqual({
      limit: 60,
      remaining: 59,
      resetSeconds: 42,
    });
    expect(parseRateLimit(new Headers({ "ratelimit-limit": "100", "ratelimit-remaining": "0" }))).toEqual({
      limit: 100,
      remaining: 0,
    });
    expect(parseRateLimit(new Headers({ "x-ratelimit-limit": "60" }))).toBeUndefined();
    const now = Date.UTC(2025, 0, 1);
    const epoch = new Headers({
      "x-ratelimit-limit": "1",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": String(now / 1000 + 30),
    });
    expect(parseRateLimit(epoch, now)?.resetSeconds).toBe(30);
  });

  it("parses Retry-After as seconds or an HTTP-date", () => {
    const now = Date.UTC(2025, 0, 1, 12, 0, 0);
    expect(parseRetryAfter("5", now)).toBe(5);
    expect(parseRetryAfter("1.2", now)).toBe(2);
    expect(parseRetryAfter(new Date(now + 45_000).toUTCString(), now)).toBe(45);
    expect(parseRetryAfter(new Date(now + 90_000).toUTCString(), now)).toBe(60); // at most one rate window
    expect(parseRetryAfter(new Date(now - 90_000).toUTCString(), now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it("maps a per-minute limit to a tier, with the older description's anonymous 100 when no key was sent", () => {
    expect(tierFromLimit(60)).toBe("anonymous");
    expect(tierFromLimit(100)).toBe("api-key");
    expect(tierFromLimit(100, false)).toBe("anonymous");
    expect(tierFromLimit(100, true)).toBe("api-key");
    expect(tierFromLimit(1000)).toBe("enterprise");
    expect(tierFromLimit(250)).toBe("unknown");
  });
});

describe("configuration errors are recognisable", () => {
  it("has the family's name and no path", () => {
    try {
      new IndexDataClient({ baseUrl: "" });
      throw new Error("constructor accepted an empty base URL");
    } catch (error) {
      expect(isConfigurationError(error)).toBe(true);
      expect((error as { path?: string }).path).toBeUndefined();
    }
  });
});
