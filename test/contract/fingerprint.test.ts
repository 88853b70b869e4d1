import { createHash } from "node:crypto";
import { keyFingerprint, sha256Hex } from "@index-data/wire";
import { blockFingerprint } from "../../src/workbook/receipts/values-fingerprint";

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

/**
 * Digests the hand-written SHA-256 gave before @noble/hashes replaced it (computed with packages/wire's fingerprint.ts
 * at c904d9c, then pinned here): every name and receipt stored before the change is found again after it.
 */
const BEFORE_NOBLE: ReadonlyArray<readonly [string, string]> = [
  ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
  ["a".repeat(55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"],
  ["a".repeat(56), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"],
  ["a".repeat(64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"],
  ["clé · 指数 · 🚀", "cda39a33b9637b85278bbef252f3eadcd1147242135a4ae50c55a0204148464c"],
  ['[[1.8459,"RTM-NWE-A-1x3",null,true]]', "a45672e54756dfc381f1163a74634b519e95c4ebf1fa1deaa87bd7b729749265"],
];

describe("the digests stored before the change", () => {
  it.each(BEFORE_NOBLE.map(([text, digest]) => [text.length, text, digest]))(
    "of %d characters is the digest the hand-written SHA-256 gave",
    (_length, text, digest) => {
      expect(sha256Hex(text)).toBe(digest);
    },
  );

  it("names a known limit and a gateway's store as before", () => {
    expect(keyFingerprint("ik_live_0123456789abcdef")).toBe("9b7dbf589fa75591");
    expect(keyFingerprint("https://indexes.example.com\nik_live_0123456789abcdef")).toBe("5aa9a0d17103f215");
  });

  it("fingerprints a frozen block as the receipts already written hold it", async () => {
    await expect(
      blockFingerprint([
        [45658, 1.8459],
        [45659, "#N/A"],
      ]),
    ).resolves.toBe("values-sha256:22fc2c220477c8f105b072295e7140de2ca068e3499613d488bf2328ba2bf423");
    const card = {
      type: "Entity",
      text: "RTM-NWE-A-1x3",
      properties: {
        Price: { type: "Double", basicValue: 1.8459 },
        Symbol: { type: "String", basicValue: "RTM-NWE-A-1x3" },
      },
    };
    await expect(blockFingerprint([["RTM-NWE-A-1x3"]], [[card]])).resolves.toBe(
      "cards-sha256:029393203dd664e2105d22f25378a3adf15c6b3e02bcd9e0d63a584813fdd0b5",
    );
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
