import type { z } from "zod";

/**
 * Reading a JSON file a person hands the add-in (a watch list a colleague sent, a desk's pricing template) or a
 * workbook setting another copy of the add-in wrote: bounded, parsed, checked by a zod schema, and every refusal
 * names the field it is about in words a trader can act on ("columns[2].formula: …"). Nothing is taken on trust:
 * the file may come from anyone.
 */
export type FileReading<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

/** A field's path as a person reads it: columns[2].formula. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const part of path) {
    if (typeof part === "number") text += `[${part}]`;
    else text += text === "" ? String(part) : `.${String(part)}`;
  }
  return text;
}

/** One issue in words: what is wrong with the field, not zod's own phrasing where it is technical. */
function issueText(issue: z.core.$ZodIssue, fields: string): string {
  const at = fieldPath(issue.path);
  const where = at === "" ? "" : `${at}: `;
  switch (issue.code) {
    case "unrecognized_keys":
      return issue.keys.map((key) => `${at === "" ? key : `${at}.${key}`}: is not a field here (${fields})`).join("; ");
    case "invalid_type":
      return issue.input === undefined ? `${where}is missing` : `${where}must be ${article(issue.expected)}`;
    case "too_big":
      return `${where}${bound(issue.origin, "at most", issue.maximum)}`;
    case "too_small":
      return `${where}${issue.origin === "string" ? "must not be empty" : bound(issue.origin, "at least", issue.minimum)}`;
    case "invalid_value":
      return `${where}must be ${issue.values.map((value) => JSON.stringify(value)).join(" or ")}`;
    default:
      return `${where}${issue.message}`;
  }
}

/** "at most 200 entries", "at most 64 characters", "must be at least 2". */
function bound(origin: string, limit: string, value: number | bigint): string {
  if (origin === "array") return `${limit} ${value} entr${value === 1 ? "y" : "ies"}`;
  if (origin === "string") return `${limit} ${value} characters`;
  return `must be ${limit} ${value}`;
}

function article(expected: string): string {
  if (expected === "int") return "a whole number";
  if (expected === "object" || expected === "array") return `an ${expected}`;
  return `a ${expected}`;
}

/**
 * `text` as `what` (e.g. "a watch list file"): at most `maxChars` characters of JSON matching `schema`. The first
 * problem is named; `fields` lists what such a file holds, for the message about a field it should not.
 */
export function readDataFile<T>(
  text: string,
  schema: z.ZodType<T>,
  what: string,
  options: { readonly maxChars: number; readonly fields: string },
): FileReading<T> {
  if (text.length > options.maxChars)
    return { ok: false, problem: `${what} holds at most ${options.maxChars.toLocaleString("en-US")} characters` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Expected: a file that is not JSON is refused in words. The parser's own message quotes the text, so it is left
    // out: a hostile file's content is not echoed into the pane.
    return { ok: false, problem: `it is not ${what}: it is not JSON` };
  }
  const parsed = schema.safeParse(json, { reportInput: true });
  if (parsed.success) return { ok: true, value: parsed.data };
  const first = parsed.error.issues[0];
  return { ok: false, problem: first === undefined ? `it is not ${what}` : issueText(first, options.fields) };
}

/** Text a person typed (a name): no control characters, which a workbook or the pane would show as garbage. */
export function plainText(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(text);
}

/** A file name made of a name a person gave: its letters, digits and dashes (`fallback` when none), then `suffix`. */
export function fileNameOf(name: string, fallback: string, suffix: string): string {
  const stem = name
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `${stem === "" ? fallback : stem}${suffix}`;
}
