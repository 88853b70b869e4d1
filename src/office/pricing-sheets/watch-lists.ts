import {
  addList,
  freeListName,
  readStoredLists,
  readWatchListFile,
  replaceList,
  storedListsText,
  unknownSymbolsProblem,
  type ListChange,
  type ListDraft,
  type WatchList,
} from "../../workbook";
import { excelRun, type ExcelRun } from "../host/undo-group";

/**
 * The workbook's watch lists, kept in a workbook setting (Excel.SettingCollection, ExcelApi 1.4: stored in the file,
 * per add-in, never shown on a sheet), so they travel with the workbook. A list holds symbols only. What the setting
 * holds is read as untrusted (another copy of the add-in, or anyone, may have written it): a setting this add-in
 * cannot read is left exactly as it is and every change refused, saying so, rather than overwritten.
 */
export const WATCH_LISTS_SETTING = "indexData.watchLists.v1";

/** A change the store refused, with the words the pane shows. */
export class WatchListProblem extends Error {
  override readonly name = "WatchListProblem" as const;
  constructor(
    message: string,
    /** Where an imported list's name is taken: a free one the pane offers instead ("Metals (2)"). */
    readonly suggestedName?: string,
  ) {
    super(message);
  }
}

/** Checks `name` as well as `instanceof`: the pane and the runtime may be separate realms. */
export function isWatchListProblem(error: unknown): error is WatchListProblem {
  return error instanceof WatchListProblem || (error as { name?: unknown } | null)?.name === "WatchListProblem";
}

export interface WatchListStore {
  /** Every list of the workbook, in the order they were made. */
  lists(): Promise<readonly WatchList[]>;
  create(draft: ListDraft): Promise<WatchList>;
  /** Renames a list or changes its symbols (their order is the sheet's row order). */
  update(list: WatchList): Promise<WatchList>;
  remove(id: string): Promise<void>;
  /**
   * Adds the list of a colleague's file (watchListFile's JSON): the file checked field by field, every symbol
   * against the catalogue, the name (the file's, or `name` in its place) against the workbook's lists; anything wrong
   * is refused, naming it, and nothing is written. A name another list has is refused with a free one suggested.
   */
  importFile(text: string, name?: string): Promise<WatchList>;
}

/** The catalogue's symbols, for checking an imported list (the engine's own read: one request, shared). */
export type CatalogueSymbols = () => Promise<readonly string[]>;

/** One read of the setting, and the text to write back (nothing when `write` is undefined). */
type SettingWork<T> = (stored: unknown) => { readonly write?: string; readonly result: T };
type SettingRun = <T>(work: SettingWork<T>) => Promise<T>;

function listsIn(stored: unknown): readonly WatchList[] {
  const read = readStoredLists(stored);
  if (read.ok) return read.value;
  throw new WatchListProblem(
    `This workbook's watch lists cannot be read (${read.problem}). They are left as they are; nothing was changed.`,
  );
}

/** 12 random bytes, base64url: 16 characters. */
function newListId(): string {
  let binary = "";
  for (const byte of crypto.getRandomValues(new Uint8Array(12))) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_");
}

function applied(change: ListChange): { write: string; result: WatchList } {
  if (!change.ok) throw new WatchListProblem(change.problem);
  return { write: storedListsText(change.lists), result: change.list };
}

function storeOver(access: SettingRun, newId: () => string, catalogue: CatalogueSymbols): WatchListStore {
  const create = (draft: ListDraft) => access((stored) => applied(addList(listsIn(stored), draft, newId())));
  return {
    lists: () => access((stored) => ({ result: listsIn(stored) })),
    create,
    update: (list) => access((stored) => applied(replaceList(listsIn(stored), list))),
    remove: (id) =>
      access((stored) => {
        const lists = listsIn(stored);
        return { write: storedListsText(lists.filter((list) => list.id !== id)), result: undefined };
      }),
    async importFile(text, name) {
      const read = readWatchListFile(text);
      if (!read.ok) throw new WatchListProblem(`The file cannot be loaded: ${read.problem}. Nothing was added.`);
      const unknown = unknownSymbolsProblem(read.value.symbols, await catalogue());
      if (unknown !== undefined) throw new WatchListProblem(`${unknown} Nothing was added.`);
      const wanted = (name ?? read.value.name).trim();
      return access((stored) => {
        const lists = listsIn(stored);
        if (lists.some((list) => list.name.toLowerCase() === wanted.toLowerCase()))
          throw new WatchListProblem(
            `There is already a list named "${wanted}" in this workbook: import it under another name. Nothing was added yet.`,
            freeListName(wanted, lists),
          );
        return applied(addList(lists, { name: wanted, symbols: read.value.symbols }, newId()));
      });
    },
  };
}

/** The lists of the workbook Excel has open, each change one read and one write of the setting in one batch. */
export function excelWatchListStore(
  catalogue: CatalogueSymbols,
  run: ExcelRun = excelRun,
  newId: () => string = newListId,
): WatchListStore {
  const access: SettingRun = (work) =>
    run(async (context) => {
      const setting = context.workbook.settings.getItemOrNullObject(WATCH_LISTS_SETTING);
      setting.load("value");
      await context.sync();
      const { write, result } = work(setting.isNullObject ? undefined : setting.value);
      if (write !== undefined) {
        context.workbook.settings.add(WATCH_LISTS_SETTING, write);
        await context.sync();
      }
      return result;
    });
  return storeOver(access, newId, catalogue);
}

/** Lists kept for this page only, where there is no workbook (the pane in a browser without Excel). */
export function memoryWatchListStore(catalogue: CatalogueSymbols, newId: () => string = newListId): WatchListStore {
  let stored: string | undefined;
  const access: SettingRun = async (work) => {
    const { write, result } = work(stored);
    if (write !== undefined) stored = write;
    return result;
  };
  return storeOver(access, newId, catalogue);
}
