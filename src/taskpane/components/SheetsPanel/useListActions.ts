import { useState } from "react";
import { readText } from "../../text-files";
import { isWatchListProblem, type WatchListStore } from "../../../office";
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
    onDelete: () =>
      running("delete the list", async () => {
        const list = options.saved.find((known) => known.id === editor.listId);
        if (list === undefined) return { intent: "warning", text: "No saved list is open." };
        await store.remove(list.id);
        dispatch({ type: "new" });
        changed();
        return { intent: "success", text: `Deleted the list "${list.name}".` };
      }),
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
    onImport: (file: File) =>
      running("import the list", async () => {
        if (file.size > 2 * WATCH_LIST_LIMITS.fileChars)
          return {
            intent: "error",
            text: `${file.name} is too large to be a watch list; it was not read. Nothing was added.`,
          };
        const list = await store.importFile(await readText(file));
        opened(list);
        return { intent: "success", text: `Imported the list "${list.name}" (${count(list)}) ${where}.` };
      }),
  };
}
