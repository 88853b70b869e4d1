import { KeyScrubber } from "../../gateway/src/logs/key-scrub";

/** The upstream key out of JSON texts, however an echo spells it; the bytes left alone when it holds none. */
const KEY = "demo-apikey-4f1c9a7e2b";
const scrubber = new KeyScrubber(KEY);
const escaped = (text: string) => [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");

test("a text without the key keeps its bytes, escapes and all", () => {
  const text = '{"a":"x\\u0041\\/y","b":[1, 2.50, {"c":null}]}';
  expect(scrubber.scrubJson(text)).toBe(text);
});

test("the key goes from every string, keys of objects too, whether raw, escaped, in capitals, base64 at any offset or hex", () => {
  const spellings = [
    KEY,
    escaped(KEY),
    KEY.toUpperCase(),
    ...[0, 1, 2].map((offset) => Buffer.from(`${"p".repeat(offset)}${KEY}`).toString("base64")),
    Buffer.from(KEY).toString("base64url"),
    Buffer.from(KEY).toString("hex"),
  ];
  // Written by hand: the escaped spelling stays a JSON escape in the text, the key only once decoded.
  const text = `{"note":"x","${escaped(KEY)}":[${spellings.map((spelling) => `"${spelling}"`).join(",")}]}`;
  expect(JSON.parse(text)).toHaveProperty([KEY]);
  const clean = scrubber.scrubJson(text);
  const value = JSON.parse(clean) as Record<string, unknown>;
  expect(Object.keys(value)).toEqual(["note", "[upstream key]"]);
  const strings = value["[upstream key]"] as string[];
  strings.forEach((string, i) => {
    expect({ i, string: string.includes("[upstream key]") }).toEqual({ i, string: true });
    expect(string.toLowerCase()).not.toContain(KEY.toLowerCase());
  });
});

test("nesting of any depth is no problem: the text is walked without recursion", () => {
  const depth = 200_000;
  const text = `${"[".repeat(depth)}"${escaped(KEY)}"${"]".repeat(depth)}`;
  const clean = scrubber.scrubJson(text);
  expect(clean.length).toBe(2 * depth + '"[upstream key]"'.length);
  expect(clean).not.toContain("\\u");
});
