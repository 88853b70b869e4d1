import { SYMBOL_RULE, symbolMeant, validSymbol } from "@index-data/wire";
import { z } from "zod";
import { fileNameOf, plainText, readDataFile, type FileReading } from "./data-file";
import { invisibleCharacterProblem, numberedName } from "./excel-names";

/**
 * A watch list: a named, ordered list of index symbols a trader builds in the pane, keeps in the workbook (so it
 * travels with the file) and hands a colleague as a small JSON file. It names symbols only: no values, no service
 * address, no key, nothing a workbook or a file must not carry.
 */
export interface WatchList {
  /** Stable while the list is renamed: the pricing sheet built from it is found by it. */
  readonly id: string;
  readonly name: string;
  readonly symbols: readonly string[];
}

/** What one list and the workbook may hold: a pricing sheet of 200 rows is already a long one. */
export const WATCH_LIST_LIMITS = { nameChars: 64, symbols: 200, lists: 50, fileChars: 64_000 } as const;

/** The kind a watch list file says it is, so an add-in never reads another JSON file as a list. */
export const WATCH_LIST_FILE_KIND = "index-data-watch-list";

const ListName = z
  .string()
  .trim()
  .min(1)
  .max(WATCH_LIST_LIMITS.nameChars)
  .refine(plainText, { error: "must be plain text (no control characters)" })
  .superRefine((text, context) => {
    const problem = invisibleCharacterProblem(text);
    if (problem !== undefined) context.addIssue({ code: "custom", message: `must be visible text: ${problem}` });
  });

const ListSymbol = z.string().refine((text) => validSymbol(text) === text, { error: `must be ${SYMBOL_RULE}` });

const ListSymbols = z
  .array(ListSymbol)
  .min(1)
  .max(WATCH_LIST_LIMITS.symbols)
  .refine((symbols) => new Set(symbols).size === symbols.length, { error: "names a symbol twice" });

/** The exported file: its kind and version, the list's name and its symbols, nothing else. */
const WatchListFile = z.strictObject({
  kind: z.literal(WATCH_LIST_FILE_KIND),
  version: z.literal(1),
  name: ListName,
  symbols: ListSymbols,
});

const LIST_ID = /^[A-Za-z0-9_-]{8,32}$/;

/** What the workbook's setting holds: every list, each with its id. */
const StoredLists = z.strictObject({
  version: z.literal(1),
  lists: z
    .array(z.strictObject({ id: z.string().regex(LIST_ID), name: ListName, symbols: ListSymbols }))
    .max(WATCH_LIST_LIMITS.lists),
});

/** A list as the pane drafts it, before it has an id. */
export type ListDraft = Pick<WatchList, "name" | "symbols">;

/** The lists after a change, and the list changed; or why the change cannot be made. */
export type ListChange =
  | { readonly ok: true; readonly lists: readonly WatchList[]; readonly list: WatchList }
  | { readonly ok: false; readonly problem: string };

/** Why a draft's symbols cannot make a list (none, too many, twice, not a symbol), or undefined. */
function symbolsProblem(symbols: readonly string[]): string | undefined {
  if (symbols.length === 0) return "Pick at least one index for the list.";
  if (symbols.length > WATCH_LIST_LIMITS.symbols)
    return `A list holds at most ${WATCH_LIST_LIMITS.symbols} indexes; this one has ${symbols.length}.`;
  const parsed = ListSymbols.safeParse(symbols);
  return parsed.success ? undefined : `The list's symbols are not all index symbols, once each.`;
}

/** `lists` with `draft` added under `id`, or why it cannot be. */
export function addList(lists: readonly WatchList[], draft: ListDraft, id: string): ListChange {
  if (lists.length >= WATCH_LIST_LIMITS.lists)
    return { ok: false, problem: `A workbook holds at most ${WATCH_LIST_LIMITS.lists} watch lists: delete one first.` };
  return replaceList([...lists, { id, name: "", symbols: [] }], { id, ...draft });
}

/** `lists` with `list` in place of the list of its id (renamed, its symbols changed), or why it cannot be. */
export function replaceList(lists: readonly WatchList[], list: WatchList): ListChange {
  if (!lists.some((known) => known.id === list.id))
    return { ok: false, problem: "That list is no longer in this workbook." };
  const problem = listNameProblem(list.name, lists, list.id) ?? symbolsProblem(list.symbols);
  if (problem !== undefined) return { ok: false, problem };
  const changed = { id: list.id, name: list.name.trim(), symbols: [...list.symbols] };
  return { ok: true, lists: lists.map((known) => (known.id === list.id ? changed : known)), list: changed };
}

/** The JSON text of a list's file, for a colleague to load: kind, version, name, symbols. */
export function watchListFile(list: Pick<WatchList, "name" | "symbols">): string {
  const file: z.infer<typeof WatchListFile> = {
    kind: WATCH_LIST_FILE_KIND,
    version: 1,
    name: list.name,
    symbols: [...list.symbols],
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** A file name for the list's file: its name in plain letters, digits and dashes. */
export function watchListFileName(name: string): string {
  return fileNameOf(name, "watch-list", ".watchlist.json");
}

/** A list file's name and symbols, or what is wrong with it (its field named). */
export function readWatchListFile(text: string): FileReading<Pick<WatchList, "name" | "symbols">> {
  const read = readDataFile(text, WatchListFile, "a watch list file", {
    maxChars: WATCH_LIST_LIMITS.fileChars,
    fields: "a watch list file holds kind, version, name and symbols",
  });
  return read.ok ? { ok: true, value: { name: read.value.name, symbols: read.value.symbols } } : read;
}

/** The workbook setting's text for `lists`. */
export function storedListsText(lists: readonly WatchList[]): string {
  return JSON.stringify({ version: 1, lists });
}

/** The lists a workbook setting holds (none when there is no setting), or what is wrong with it. */
export function readStoredLists(text: unknown): FileReading<WatchList[]> {
  if (text === undefined || text === null || text === "") return { ok: true, value: [] };
  if (typeof text !== "string") return { ok: false, problem: "the workbook's watch lists are not text" };
  const read = readDataFile(text, StoredLists, "the workbook's watch lists", {
    maxChars: WATCH_LIST_LIMITS.lists * WATCH_LIST_LIMITS.fileChars,
    fields: "each list holds id, name and symbols",
  });
  return read.ok ? { ok: true, value: read.value.lists } : read;
}

/**
 * Why a list's name cannot be used among `lists` (empty, too long, control characters, or another list's name in
 * any case), or undefined. `except` is the list being renamed.
 */
export function listNameProblem(name: string, lists: readonly WatchList[], except?: string): string | undefined {
  const parsed = ListName.safeParse(name);
  if (!parsed.success) {
    const trimmed = name.trim();
    if (trimmed === "") return "Give the list a name.";
    if (trimmed.length > WATCH_LIST_LIMITS.nameChars)
      return `A list's name holds at most ${WATCH_LIST_LIMITS.nameChars} characters.`;
    const invisible = invisibleCharacterProblem(trimmed);
    if (invisible !== undefined) return `A list's name must be visible text: ${invisible}.`;
    return "A list's name must be plain text (no control characters).";
  }
  const taken = lists.some((list) => list.id !== except && list.name.toLowerCase() === parsed.data.toLowerCase());
  return taken ? `There is already a list named "${parsed.data}" in this workbook: choose another name.` : undefined;
}

/**
 * The symbols of `symbols` the catalogue does not list, each said with the catalogue's spelling where only its case
 * differs ("did you mean"), or undefined when all are known.
 */
export function unknownSymbolsProblem(symbols: readonly string[], catalogue: readonly string[]): string | undefined {
  const known = new Set(catalogue);
  const unknown = symbols.filter((symbol) => !known.has(symbol));
  if (unknown.length === 0) return undefined;
  const named = unknown.slice(0, 5).map((symbol) => {
    const meant = symbolMeant(symbol, catalogue);
    return meant === undefined ? `"${symbol}"` : `"${symbol}" (did you mean "${meant}"?)`;
  });
  const more = unknown.length > 5 ? ` and ${unknown.length - 5} more` : "";
  const these = unknown.length === 1 ? "is not an index" : "are not indexes";
  return `${named.join(", ")}${more} ${these} of this service: check the symbols (INDEX.LIST() shows every index).`;
}

/** A name for an imported list whose own is taken in this workbook: its name numbered, "Metals (2)". */
export function freeListName(name: string, lists: readonly WatchList[]): string {
  return numberedName(
    name.trim(),
    lists.map((list) => list.name),
    WATCH_LIST_LIMITS.nameChars,
  );
}
