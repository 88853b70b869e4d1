import { keyTransportAllowed } from "@index-data/wire";

/**
 * The kinds of row an options table holds (serve-options.ts): each row is one flag, what it takes, its words for
 * `--help` and for the reference, and how it is read. The parser (cli/args.ts), the help (cli/help.ts), the typed
 * options and the reference's flag table are all made from the rows, so a flag is named once.
 */

/** A command line the gateway refuses: exit code 2, with the reason and the usage. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** What a flag was given as: a value's text, each text of a repeated flag, or whether a switch was given. */
export type Given = string | readonly string[] | boolean | undefined;

interface RowWords {
  /** Its default as the reference says it: `required`, `none`, `127.0.0.1`. */
  readonly otherwise: string;
  /** One line for `--help`, which an installed gateway carries whole. */
  readonly help: string;
  /** The reference's cell (Markdown), when it has more to say than the help line. */
  readonly reference?: string;
}

/** One option: its flag (with `--`), what it takes (absent: a switch), its words, and how it is read. */
export interface OptionRow<T = unknown> extends RowWords {
  readonly flag: `--${string}`;
  readonly value?: string;
  /** Given more than once, each kept. */
  readonly repeated?: true;
  /** The option from what was given; throws a UsageError naming the flag. */
  readonly read: (given: Given) => T;
}

/** A flag that takes one value, read by `read` from its text (undefined when it was not given). */
export function valueRow<T>(
  flag: `--${string}`,
  value: string,
  words: RowWords & { readonly read: (text: string | undefined, flag: string) => T },
): OptionRow<T> {
  return { ...words, flag, value, read: (given) => words.read(typeof given === "string" ? given : undefined, flag) };
}

/** A flag given as often as needed, read from all its texts. */
export function repeatedRow<T>(
  flag: `--${string}`,
  value: string,
  words: RowWords & { readonly read: (texts: readonly string[], flag: string) => T },
): OptionRow<T> {
  return {
    ...words,
    flag,
    value,
    repeated: true,
    read: (given) => words.read(Array.isArray(given) ? given : [], flag),
  };
}

/** A switch: read from whether it was given. */
export function switchRow<T = boolean>(
  flag: `--${string}`,
  words: RowWords & { readonly read?: (given: boolean) => T },
): OptionRow<T> {
  const read = words.read ?? ((given: boolean) => given as T);
  return { ...words, flag, read: (given) => read(given === true) };
}

/** A table of rows, by the name its option has in code. */
export type OptionTable = Readonly<Record<string, OptionRow>>;

type ReadOf<R> = R extends OptionRow<infer T> ? T : never;
type Undefinable<S extends OptionTable> = {
  [K in keyof S]: undefined extends ReadOf<S[K]> ? K : never;
}[keyof S];

/**
 * The options a table reads, typed from its rows: an option that may be absent is an optional property, never one
 * holding `undefined` (the parser leaves it out).
 */
export type OptionsOf<S extends OptionTable> = {
  readonly [K in Exclude<keyof S, Undefinable<S>>]: ReadOf<S[K]>;
} & {
  readonly [K in Undefinable<S>]?: Exclude<ReadOf<S[K]>, undefined>;
};

/** A whole number from `min` to `max`, or undefined when not given. */
export function wholeNumber(flag: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= min && n <= max))
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got "${text}".`);
  return n;
}

/** An https URL (or http to this machine), or a UsageError naming the flag. */
export function httpsUrl(flag: string, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // Expected: not a URL; the usage error says what to give.
    throw new UsageError(`${flag} must be a URL such as https://login.microsoftonline.com/<tenant>/v2.0.`);
  }
  if (!keyTransportAllowed(url.href)) throw new UsageError(`${flag} must be https (or http to this machine).`);
  return text;
}
