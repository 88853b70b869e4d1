/* eslint-disable no-control-regex -- matching control characters is what this file is for */
/*
 * Service text (error messages, index descriptions) reaches cells, the taskpane and terminals. An escape
 * sequence in it could clear a terminal, retitle its window or hide text, and a line break splits a message
 * cell. So every such string loses its C0 and C1 control characters (U+0000–U+001F, U+007F–U+009F), and an
 * escape sequence loses its parameters too, so nothing of "\u001b[2J" is left. Unicode's directional controls
 * (embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, the marks U+200E, U+200F and U+061C) go
 * too: they reorder what is shown, so "\u202Eexe.pdf" reads as "fdp.exe", and nothing of the service needs them.
 */

// CSI (ESC [ or U+009B): parameter bytes, intermediate bytes, one final byte.
const CSI = /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?/g;
// OSC, DCS, SOS, PM, APC (ESC ] P X ^ _ or their C1 forms): a string ended by BEL or ST, or by the text's end.
const CONTROL_STRING =
  /(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?/g;
// Any other escape: ESC, optional intermediate bytes, one final byte.
const OTHER_ESCAPE = /\u001b[\u0020-\u002f]*[\u0030-\u007e]?/g;
const CONTROL_RUN = /[\u0000-\u001f\u007f-\u009f]+/g;
/** Unicode's bidirectional formatting characters (UAX #9): they change the order text is shown in. */
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` without escape sequences, and with each run of other control characters replaced by `separator`
 * (a line break in a message becomes a space for one-line messages; a table cell just drops it). @default ""
 */
export function stripControl(text: string, separator = ""): string {
  return text
    .replace(CONTROL_STRING, "")
    .replace(CSI, "")
    .replace(OTHER_ESCAPE, "")
    .replace(CONTROL_RUN, separator)
    .replace(BIDI_CONTROL, "");
}

/** JSON text with every directional control written as its `\uXXXX` escape: the same data, shown in order. */
export function escapeBidi(json: string): string {
  return json.replace(BIDI_CONTROL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** `text` as a sentence: a full stop added unless it already ends like one. */
export function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}
