import type { WatchList } from "../../../workbook";

/**
 * The watch-list editor's state and rules, without React: which list is open (a saved one, or a new draft), its name,
 * its symbols in the order the sheet will show them, and the search that picks them. The view renders it; the hook
 * performs the store's calls and dispatches what they answered.
 */
export interface ListEditorState {
  /** The saved list being edited; undefined while drafting a new one. */
  readonly listId: string | undefined;
  readonly name: string;
  readonly symbols: readonly string[];
  readonly query: string;
}

export type ListEditorEvent =
  | { readonly type: "new" }
  | { readonly type: "open"; readonly list: WatchList }
  | { readonly type: "name"; readonly name: string }
  | { readonly type: "query"; readonly query: string }
  | { readonly type: "toggle"; readonly symbol: string }
  | { readonly type: "move"; readonly index: number; readonly by: -1 | 1 }
  | { readonly type: "remove"; readonly index: number };

export const NEW_LIST: Readonly<ListEditorState> = { listId: undefined, name: "", symbols: [], query: "" };

/** The symbols with the one at `index` swapped with its neighbour `by` away (nothing when there is none). */
function moved(symbols: readonly string[], index: number, by: -1 | 1): readonly string[] {
  const other = index + by;
  if (index < 0 || other < 0 || other >= symbols.length) return symbols;
  const next = [...symbols];
  [next[index], next[other]] = [next[other] as string, next[index] as string];
  return next;
}

export function listEditor(state: ListEditorState, event: ListEditorEvent): ListEditorState {
  switch (event.type) {
    case "new":
      return NEW_LIST;
    case "open":
      return { listId: event.list.id, name: event.list.name, symbols: event.list.symbols, query: "" };
    case "name":
      return { ...state, name: event.name };
    case "query":
      return { ...state, query: event.query };
    case "toggle":
      return {
        ...state,
        symbols: state.symbols.includes(event.symbol)
          ? state.symbols.filter((symbol) => symbol !== event.symbol)
          : [...state.symbols, event.symbol],
      };
    case "move":
      return { ...state, symbols: moved(state.symbols, event.index, event.by) };
    case "remove":
      return { ...state, symbols: state.symbols.filter((_, i) => i !== event.index) };
  }
}

/** True when the editor differs from the saved list it shows (or holds anything while drafting). */
export function unsaved(state: ListEditorState, lists: readonly WatchList[]): boolean {
  const saved = lists.find((list) => list.id === state.listId);
  if (saved === undefined) return state.name.trim() !== "" || state.symbols.length > 0;
  return saved.name !== state.name.trim() || saved.symbols.join("\n") !== state.symbols.join("\n");
}

/** Search results shown at once: enough to pick from, few enough for a 320 px pane and a screen reader. */
export const MATCHES_SHOWN = 25;
