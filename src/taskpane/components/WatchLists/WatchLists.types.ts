import type { IndexSummary } from "@index-data/wire";
import type { Answered } from "../../../client";
import type { WatchList } from "../../../workbook";
import type { Loadable } from "../../hooks/useLoad";
import type { ActionOutcome } from "../ActionResult/ActionResult.types";
import type { ListEditorEvent, ListEditorState } from "./list-editor";

export interface WatchListsProps {
  /** The workbook's lists as last loaded. */
  readonly lists: Loadable<readonly WatchList[]>;
  /** The catalogue, searched to pick a list's indexes. */
  readonly indexes: Loadable<Answered<readonly IndexSummary[]>>;
  readonly editor: ListEditorState;
  readonly dispatch: (event: ListEditorEvent) => void;
  /** Saves the editor's list (new or changed): resolves with what it says; the list is then open. */
  readonly onSave: () => Promise<ActionOutcome>;
  readonly onDelete: () => Promise<ActionOutcome>;
  /** Hands the open list to the person as a file. */
  readonly onExport: () => ActionOutcome;
  /** Adds the list of a file the person picked. */
  readonly onImport: (file: File) => Promise<ActionOutcome>;
  /** While one of the actions above runs, the others wait. @default false */
  readonly busy?: boolean;
  /** A list to delete whose pricing sheet waits for the trader's word. @default undefined */
  readonly deleting?: { readonly list: WatchList; readonly sheet: string } | undefined;
  /** Deletes the waiting list, and its sheet with it when `removeSheet`. */
  readonly onConfirmDelete: (removeSheet: boolean) => Promise<ActionOutcome>;
  readonly onCancelDelete: () => ActionOutcome;
  /** A file whose list's name is taken, waiting for another name. @default undefined */
  readonly importing?: { readonly file: string; readonly suggested: string } | undefined;
  /** Imports the waiting file's list under `name`. */
  readonly onImportAs: (name: string) => Promise<ActionOutcome>;
  readonly onCancelImport: () => ActionOutcome;
}

export interface SymbolPickerProps {
  readonly indexes: Loadable<Answered<readonly IndexSummary[]>>;
  readonly query: string;
  readonly picked: readonly string[];
  readonly dispatch: (event: ListEditorEvent) => void;
}

export interface ListOrderProps {
  readonly symbols: readonly string[];
  readonly dispatch: (event: ListEditorEvent) => void;
}
