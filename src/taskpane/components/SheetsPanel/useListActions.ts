import { useState } from "react";
import { readText } from "../../text-files";
import { isWatchListProblem, type PricingSheetActions, type WatchListStore } from "../../../office";
import { watchListFile, watchListFileName, WATCH_LIST_LIMITS, type WatchList } from "../../../workbook";
import { describeActionFailure } from "../../model/errors";
import type { ActionOutcome } from "../ActionResult/ActionResult.types";
import type { ListEditorEvent, ListEditorState } from "../WatchLists/list-editor";

interface ListActionsOptions {
  readonly store: WatchListStore;
  readonly inWorkbook: boolean;
  readonly editor: ListEditorState;
  readonly saved: readonly WatchList[];
  readonly dispatch: (event: ListEditorEvent) => void;
  /** The lists changed: load them again. */
  readonly changed: () => void;
  readonly saveFile: (name: string, text: string) => void;
  /** The builder's sheets: a list with one is deleted only once the trader said what becomes of its sheet. */
  readonly sheets: Pick<PricingSheetActions, "sheetOf" | "release">;
}

/** A list to delete whose sheet is waiting for the trader's word. */
export interface DeleteQuestion {
  readonly list: WatchList;
  readonly sheet: string;
}

/** A file whose list's name is taken: imported under another once the trader names it. */
export interface ImportQuestion {
  readonly file: string;
  readonly text: string;
  readonly suggested: string;
}

/** A refusal the store worded (a taken name, a hostile file) as it is; anything else as a failed action. */
function failure(verb: string, error: unknown): ActionOutcome {
  return { intent: "error", text: isWatchListProblem(error) ? error.message : describeActionFailure(verb, error) };
}

const count = (list: WatchList) => `${list.symbols.length} ${list.symbols.length === 1 ? "index" : "indexes"}`;

/** The store's calls behind the list buttons, each ending in the words the pane says; `busy` while one runs. */
export function useListActions(options: ListActionsOptions) {
  const { store, editor, dispatch, changed } = options;
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<DeleteQuestion | undefined>(undefined);
  const [importing, setImporting] = useState<ImportQuestion | undefined>(undefined);
  const where = options.inWorkbook ? "in this workbook" : "for this page only";
  const running = async (verb: string, work: () => Promise<ActionOutcome>): Promise<ActionOutcome> => {
    setBusy(true);
    try {
      return await work();
    } catch (error) {
      return failure(verb, error);
    } finally {
      setBusy(false);
    }
  };
  const opened = (list: WatchList) => {
    dispatch({ type: "open", list });
    changed();
  };
  /** Imports a file's list (under `name` where given); a taken name asks for another, with a free one suggested. */
  const imported = async (file: string, text: string, name?: string): Promise<ActionOutcome> => {
    try {
      const list = await store.importFile(text, name);
      setImporting(undefined);
      opened(list);
      return { intent: "success", text: `Imported the list "${list.name}" (${count(list)}) ${where}.` };
    } catch (error) {
      if (!isWatchListProblem(error) || error.suggestedName === undefined) throw error;
      setImporting({ file, text, suggested: error.suggestedName });
      return { intent: "warning", text: error.message };
    }
  };
  return {
    busy,
    onSave: () =>
      running("save the list", async () => {
        const draft = { name: editor.name, symbols: editor.symbols };
        const list =
          editor.listId === undefined ? await store.create(draft) : await store.update({ id: editor.listId, ...draft });
        opened(list);
        return { intent: "success", text: `Saved the list "${list.name}" (${count(list)}) ${where}.` };
      }),
    deleting,
    onDelete: () =>
      running("delete the list", async () => {
        const list = options.saved.find((known) => known.id === editor.listId);
        if (list === undefined) return { intent: "warning", text: "No saved list is open." };
        const sheet = options.inWorkbook ? await options.sheets.sheetOf(list.id) : undefined;
        if (sheet !== undefined) {
          setDeleting({ list, sheet });
          return {
            intent: "warning",
            text: `The list "${list.name}" has a pricing sheet, "${sheet}". Delete the sheet with the list, or keep it as a sheet of your own?`,
          };
        }
        await store.remove(list.id);
        dispatch({ type: "new" });
        changed();
        return { intent: "success", text: `Deleted the list "${list.name}".` };
      }),
    onConfirmDelete: (removeSheet: boolean) =>
      running("delete the list", async () => {
        if (deleting === undefined) return { intent: "warning", text: "No list is waiting to be deleted." };
        setDeleting(undefined);
        await store.remove(deleting.list.id);
        const sheet = await options.sheets.release(deleting.list.id, removeSheet);
        dispatch({ type: "new" });
        changed();
        return { intent: "success", text: `Deleted the list "${deleting.list.name}". ${sheet}`.trim() };
      }),
    onCancelDelete: (): ActionOutcome => {
      setDeleting(undefined);
      return { intent: "success", text: "Nothing was deleted." };
    },
    onExport: (): ActionOutcome => {
      const list = options.saved.find((known) => known.id === editor.listId);
      if (list === undefined) return { intent: "warning", text: "Save the list before exporting it." };
      const name = watchListFileName(list.name);
      options.saveFile(name, watchListFile(list));
      return {
        intent: "success",
        text: `Exported the saved list "${list.name}" as ${name}: its name and symbols, nothing else. A colleague adds it with Import list.`,
      };
    },
    importing,
    onImport: (file: File) =>
      running("import the list", async () => {
        if (file.size > 2 * WATCH_LIST_LIMITS.fileChars)
          return {
            intent: "error",
            text: `${file.name} is too large to be a watch list; it was not read. Nothing was added.`,
          };
        return imported(file.name, await readText(file));
      }),
    onImportAs: (name: string) =>
      running("import the list", async () => {
        if (importing === undefined) return { intent: "warning", text: "No file is waiting to be imported." };
        return imported(importing.file, importing.text, name);
      }),
    onCancelImport: (): ActionOutcome => {
      setImporting(undefined);
      return { intent: "success", text: "Nothing was added." };
    },
  };
}
