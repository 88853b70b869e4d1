/* eslint-disable no-control-regex -- matching control characters is what this file is for */
/**
 * Text the gateway copies from a request, a claim or an upstream into an error message, a log line or a metric label,
 * made safe for whoever reads it there: no control character (an ANSI escape such as `\x1b[2J` clears a terminal)
 * and no bidirectional or invisible formatting character (U+202E shows `txt.exe` as `exe.txt`), and bounded in length.
 */

/**
 * C0 and C1 controls, DEL, the bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F,
 * U+202A–U+202E, U+2066–U+2069), zero-width characters, the line and paragraph separators, and the byte order mark.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/g;

/** `text` with each unsafe character written as its code point (`\u202e`), visible and inert. */
export function escapeUnsafe(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Whether `text` holds a character `escapeUnsafe` would write out. */
export function hasUnsafe(text: string): boolean {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(text);
}

/**
 * `text` cut to at most `maxBytes` bytes of UTF-8 (never inside a character; "…" marks the cut), then its unsafe
 * characters escaped. The cut comes first, so a hostile text costs its reader no more than the bound.
 */
export function safeText(text: string, maxBytes: number): string {
  return escapeUnsafe(cutToBytes(text, maxBytes));
}

/** `text` within `maxBytes` bytes of UTF-8, ending in "…" when it was cut. */
export function cutToBytes(text: string, maxBytes: number): string {
  // Most texts are short ASCII: a character is at most 3 bytes per UTF-16 unit, so this needs no encoding.
  if (text.length * 3 <= maxBytes) return text;
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return text;
  const room = Math.max(0, maxBytes - 3);
  // Back off continuation bytes (10xxxxxx) so the cut falls between characters.
  let end = room;
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return `${bytes.subarray(0, end).toString("utf8")}…`;
}
