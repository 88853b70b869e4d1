/**
 * Names Excel takes, for what the add-in names in a workbook (a pricing sheet, its table), and the characters refused
 * in any name a person gives (a watch list, a template, a column header): Excel's rules, and one of our own.
 * - A sheet name: at most 31 characters, none of `: \ / ? * [ ]`, not beginning or ending with an apostrophe, not
 *   "History" (Excel keeps it for the change history), unique among the workbook's sheets in any case.
 * - A table name: a letter or underscore first, then letters, digits, underscores and periods, at most 255
 *   characters, not a cell reference, unique among the workbook's tables and names in any case.
 * - Cut on whole characters: a name is shortened between user-perceived characters (grapheme clusters), never inside
 *   one, so no emoji is split into a lone surrogate Excel cannot store.
 * - Invisible characters that reorder or hide text (bidirectional controls, zero-width characters) are refused in
 *   every name a person gives: `abc\u202Egnp.exe` would show as "abcexe.png".
 */

/** The invisible characters refused in a name, with the name Unicode gives each. */
const INVISIBLE: ReadonlyMap<string, string> = new Map([
  ["\u061C", "arabic letter mark"],
  ["\u180E", "mongolian vowel separator"],
  ["\u200B", "zero width space"],
  ["\u200C", "zero width non-joiner"],
  ["\u200D", "zero width joiner"],
  ["\u200E", "left-to-right mark"],
  ["\u200F", "right-to-left mark"],
  ["\u202A", "left-to-right embedding"],
  ["\u202B", "right-to-left embedding"],
  ["\u202C", "pop directional formatting"],
  ["\u202D", "left-to-right override"],
  ["\u202E", "right-to-left override"],
  ["\u2060", "word joiner"],
  ["\u2066", "left-to-right isolate"],
  ["\u2067", "right-to-left isolate"],
  ["\u2068", "first strong isolate"],
  ["\u2069", "pop directional isolate"],
  ["\uFEFF", "zero width no-break space"],
]);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a name a person gave cannot be used, or undefined: an invisible character that reorders or hides text (named,
 * with its code point), or half a character (a lone surrogate, which no file can store).
 */
export function invisibleCharacterProblem(text: string): string | undefined {
  for (const char of text) {
    const name = INVISIBLE.get(char);
    if (name !== undefined) {
      const code = char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0");
      return `it holds U+${code} (${name}), an invisible character that reorders or hides text`;
    }
  }
  return LONE_SURROGATE.test(text) ? "it holds half a character (a lone surrogate)" : undefined;
}

export const SHEET_NAME_CHARS = 31;
const NOT_IN_SHEET_NAMES = /[[\]:*?/\\]/g;
const RESERVED_SHEET_NAMES: ReadonlySet<string> = new Set(["history"]);

/** `text` cut to at most `units` UTF-16 code units (as Excel counts), between whole characters. */
export function cutWhole(text: string, units: number): string {
  if (text.length <= units) return text;
  let cut = "";
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)) {
    if (cut.length + segment.length > units) break;
    cut += segment;
  }
  return cut;
}

function withoutInvisible(text: string): string {
  return [...text].filter((char) => !INVISIBLE.has(char)).join("");
}

/** Excel's sheet rules on a wanted name, before uniqueness: the characters it refuses gone, apostrophes off the ends. */
function sheetBase(wanted: string): string {
  return withoutInvisible(wanted)
    .replace(LONE_SURROGATE, "")
    .replace(NOT_IN_SHEET_NAMES, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Apostrophes and spaces off both ends, as Excel wants a sheet name to begin and end. */
const trimmedForSheet = (text: string) => text.replace(/^[\s']+|[\s']+$/g, "");

/**
 * A name for a new sheet that Excel takes: `wanted` with the characters Excel refuses replaced, cut on whole
 * characters, numbered " (2)", " (3)"… when another sheet has it in any case. `fallback` stands in when nothing of
 * `wanted` is left.
 */
export function freeSheetName(wanted: string, taken: readonly string[], fallback = "Sheet"): string {
  const used = new Set(taken.map((name) => name.toLowerCase()));
  const base = trimmedForSheet(sheetBase(wanted)) || fallback;
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? "" : ` (${n})`;
    const name = `${trimmedForSheet(cutWhole(base, SHEET_NAME_CHARS - suffix.length)) || fallback}${suffix}`;
    if (!used.has(name.toLowerCase()) && !RESERVED_SHEET_NAMES.has(name.toLowerCase())) return name;
  }
}

const TABLE_NAME_CHARS = 255;

/**
 * A table name Excel takes, unique among `taken` (every table and defined name of the workbook) in any case: `wanted`
 * reduced to letters, digits and underscores (a letter first), numbered "_2", "_3"… when taken.
 */
export function freeTableName(wanted: string, taken: readonly string[]): string {
  const used = new Set(taken.map((name) => name.toLowerCase()));
  let base = wanted.replace(/[^A-Za-z0-9_]/g, "_");
  if (!/^[A-Za-z_]/.test(base)) base = `T_${base}`;
  // A name that reads as a cell (AB12) or R1C1 reference is refused: make it plainly a name.
  if (/^[A-Za-z]{1,3}\d+$/.test(base) || /^[RrCc]\d*([Cc]\d*)?$/.test(base)) base = `${base}_`;
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? "" : `_${n}`;
    const name = `${base.slice(0, TABLE_NAME_CHARS - suffix.length)}${suffix}`;
    if (!used.has(name.toLowerCase())) return name;
  }
}

/** A name among `taken` made free by a number, as the pane offers on an import whose list name is taken: "Metals (2)". */
export function numberedName(wanted: string, taken: readonly string[], maxChars: number): string {
  const used = new Set(taken.map((name) => name.toLowerCase()));
  if (!used.has(wanted.toLowerCase())) return wanted;
  for (let n = 2; ; n += 1) {
    const suffix = ` (${n})`;
    const name = `${cutWhole(wanted, maxChars - suffix.length).trimEnd()}${suffix}`;
    if (!used.has(name.toLowerCase())) return name;
  }
}
