import { Button, Field, Input, Select } from "@fluentui/react-components";
import { useState } from "react";
import { ActionResult } from "../ActionResult/ActionResult";
import { FilePicker } from "../FilePicker/FilePicker";
import type { ActionOutcome } from "../ActionResult/ActionResult.types";
import { ListOrder } from "./ListOrder";
import { ListQuestions } from "./ListQuestions";
import { SymbolPicker } from "./SymbolPicker";
import { useWatchListsStyles } from "./WatchLists.styles";
import type { WatchListsProps } from "./WatchLists.types";

const NEW = "";

/**
 * Watch lists: pick a saved list or start a new one, name it, tick indexes found by search into it, put them in the
 * order the sheet shows, and save it; delete it; hand it to a colleague as a file, or load a colleague's. Every action
 * says how it went in the live region below.
 */
export function WatchLists(props: WatchListsProps) {
  const { lists, indexes, editor, dispatch, busy = false } = props;
  const styles = useWatchListsStyles();
  const [result, setResult] = useState<ActionOutcome | undefined>(undefined);
  const saved = lists.state === "ready" ? lists.value : [];
  const open = saved.find((list) => list.id === editor.listId);
  const act = (action: () => Promise<ActionOutcome> | ActionOutcome) => {
    setResult(undefined);
    void Promise.resolve().then(action).then(setResult);
  };
  const choose = (id: string) => {
    setResult(undefined);
    const list = saved.find((candidate) => candidate.id === id);
    dispatch(list === undefined ? { type: "new" } : { type: "open", list });
  };
  return (
    <div className={styles.root}>
      <Field
        label="Watch list"
        {...(lists.state === "failed" ? { validationMessage: "The workbook's lists could not be read." } : {})}
      >
        <Select value={editor.listId ?? NEW} disabled={busy} onChange={(_event, data) => choose(data.value)}>
          <option value={NEW}>New list</option>
          {saved.map((list) => (
            <option key={list.id} value={list.id}>
              {`${list.name} (${list.symbols.length})`}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="List name">
        <Input
          value={editor.name}
          maxLength={64}
          onChange={(_event, data) => dispatch({ type: "name", name: data.value })}
        />
      </Field>
      <SymbolPicker indexes={indexes} query={editor.query} picked={editor.symbols} dispatch={dispatch} />
      <ListOrder symbols={editor.symbols} dispatch={dispatch} />
      <div className={styles.buttons}>
        <Button appearance="primary" disabled={busy} onClick={() => act(props.onSave)}>
          {open === undefined ? "Save list" : "Save changes"}
        </Button>
        <Button disabled={busy || open === undefined} onClick={() => act(props.onDelete)}>
          Delete list
        </Button>
        <Button disabled={busy || open === undefined} onClick={() => act(props.onExport)}>
          Export list
        </Button>
        <FilePicker
          label="Import list…"
          inputLabel="Watch list file to import"
          disabled={busy}
          onFile={(file) => act(() => props.onImport(file))}
        />
      </div>
      <ActionResult outcome={result} />
      <ListQuestions {...props} act={act} />
    </div>
  );
}
