/**
 * The upstream key taken out of JSON an upstream (buggy or hostile) sends back: in every string of the text, object
 * keys too, however JSON spells it (`\u0061`, `\/`), in any letter case, and in the usual encodings a careless or
 * hostile echo uses (base64, base64url, hex, percent-encoding). An upstream that knows the key can always hide it in
 * some other way; this takes out the spellings a person or a log search would recognise.
 */

const REDACTED = "[upstream key]";
/** Encoded spellings shorter than this would match ordinary text; the literal key is always taken out. */
const MIN_ENCODED_LENGTH = 12;
/** A JSON string literal, in a text already known to be JSON. */
const STRING_LITERAL = /"(?:[^"\\]|\\[\s\S])*"/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The characters of base64 text that stand for the key's bytes alone, for each of the three places the key can
 * start at within a longer encoded value (its first and last characters also carry the neighbouring bytes).
 */
function base64Cores(key: Buffer, alphabet: "base64" | "base64url"): string[] {
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset += 1) {
    const encoded = Buffer.concat([Buffer.alloc(offset), key]).toString(alphabet);
    const first = Math.ceil((offset * 8) / 6);
    const last = Math.floor(((offset + key.length) * 8) / 6);
    cores.push(encoded.slice(first, last));
  }
  return cores;
}

/** The spellings of `key` to take out, longest first. */
function spellingsOf(key: string): string[] {
  const bytes = Buffer.from(key, "utf8");
  const encoded = [
    ...base64Cores(bytes, "base64"),
    ...base64Cores(bytes, "base64url"),
    bytes.toString("hex"),
    encodeURIComponent(key),
  ].filter((form) => form.length >= MIN_ENCODED_LENGTH && form !== key);
  return [...new Set([key, ...encoded])].sort((a, b) => b.length - a.length);
}

/** Takes the desk's upstream key out of the JSON texts an upstream sends. */
export class KeyScrubber {
  /** Every spelling, for replacing. */
  private readonly pattern: RegExp;
  /** The same, without the global flag's state, for asking whether a string holds one. */
  private readonly holds: RegExp;
  private readonly spellings: readonly string[];

  constructor(key: string) {
    this.spellings = spellingsOf(key).map((form) => form.toLowerCase());
    const source = spellingsOf(key).map(escapeRegExp).join("|");
    this.pattern = new RegExp(source, "gi");
    this.holds = new RegExp(source, "i");
  }

  /** `text` with every spelling of the key replaced. */
  scrubText(text: string): string {
    return text.replace(this.pattern, REDACTED);
  }

  /**
   * A JSON text with the key taken out of its strings; the same bytes when none holds it. Linear in the text and
   * never recursive, so no nesting, however deep, can exhaust the stack.
   */
  scrubJson(json: string): string {
    // Without a backslash every string of a JSON text is a verbatim part of it: no spelling there, none anywhere.
    const lower = json.toLowerCase();
    if (!json.includes("\\") && !this.spellings.some((form) => lower.includes(form))) return json;
    return json.replace(STRING_LITERAL, (literal) => {
      // Only a string with an escape can spell the key other than as its raw text shows.
      if (!literal.includes("\\") && !this.holds.test(literal)) return literal;
      const value = JSON.parse(literal) as string;
      const clean = this.scrubText(value);
      return clean === value ? literal : JSON.stringify(clean);
    });
  }
}
