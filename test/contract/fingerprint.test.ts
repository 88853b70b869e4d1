import { createHash } from "node:crypto";
import { keyFingerprint, sha256Hex } from "@index-data/wire";

/**
 * One SHA-256 for every name made from a key (issue 30, item 3): it must be SHA-256 itself, so that what was stored
 * under the names made before (the known-limit entry, the gateway's store prefix, a receipt's values fingerprint)
 * is found again under the names made now.
 */
const node = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

describe("sha256Hex", () => {
  // Lengths around the padding's edges (55, 56, 63, 64 bytes), multi-byte UTF-8, and more than one block.
  const texts = ["", "abc", "a".repeat(55), "a".repeat(56), "a".repeat(63), "a".repeat(64), "a".repeat(65)];
  texts.push("clé · 指数 · 🚀", "x".repeat(1000), JSON.stringify([[1, "RTM-NWE-A-1x3", null, true]]));

  it.each(texts.map((text) => [text.length, text]))("of %d characters is node:crypto's SHA-256", (_length, text) => {
    expect(sha256Hex(text)).toBe(node(text));
  });

  it("gives the FIPS 180-4 example its published digest", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

describe("keyFingerprint", () => {
  it("is the name the known-limit entry had (a SHA-256 prefix of 8 bytes): kept limits are read again", () => {
    const key = "ik_live_0123456789abcdef";
    expect(keyFingerprint(key)).toBe(node(key).slice(0, 16));
  });

  it("is the gateway's store prefix as it was (SHA-256/16 of upstream and key): Redis data stays readable", () => {
    const named = `https://indexes.example.com\nik_live_0123456789abcdef`;
    expect(keyFingerprint(named)).toBe(createHash("sha256").update(named).digest("hex").slice(0, 16));
  });

  it("differs for keys that differ in one character and never contains the key", () => {
    expect(keyFingerprint("ik_live_a")).not.toBe(keyFingerprint("ik_live_b"));
    expect(keyFingerprint("ik_live_a")).toMatch(/^[0-9a-f]{16}$/);
  });
});
