import { Button, Field, Input } from "@fluentui/react-components";
import { useState } from "react";
import type { ActionOutcome } from "../ActionResult/ActionResult.types";
import { useWatchListsStyles } from "./WatchLists.styles";
import type { WatchListsProps } from "./WatchLists.types";

/**
 * What the lists wait for the trader's word on: a list with a pricing sheet to delete (the sheet with it, or kept as
 * the trader's own), and a file whose list's name is taken (imported under another, a free one offered).
 */
export function ListQuestions(
  props: WatchListsProps & { readonly act: (action: () => Promise<ActionOutcome> | ActionOutcome) => void },
) {
  const { deleting, importing, busy = false, act } = props;
  const styles = useWatchListsStyles();
  return (
    <>
      {deleting !== undefined && (
        <div className={styles.buttons} role="group" aria-label={`Delete the list "${deleting.list.name}"`}>
          <Button disabled={busy} onClick={() => act(() => props.onConfirmDelete(true))}>
            Delete the list and its sheet
          </Button>
          <Button disabled={busy} onClick={() => act(() => props.onConfirmDelete(false))}>
            Delete the list, keep the sheet
          </Button>
          <Button disabled={busy} onClick={() => act(props.onCancelDelete)}>
            Cancel
          </Button>
        </div>
      )}
      {importing !== undefined && (
        <ImportAs
          key={`${importing.file}|${importing.suggested}`}
          file={importing.file}
          suggested={importing.suggested}
          busy={busy}
          onImport={(name) => act(() => props.onImportAs(name))}
          onCancel={() => act(props.onCancelImport)}
        />
      )}
    </>
  );
}

/** The name an imported list takes instead of its own, which is taken: a free one offered to start from. */
function ImportAs(props: {
  readonly file: string;
  readonly suggested: string;
  readonly busy: boolean;
  readonly onImport: (name: string) => void;
  readonly onCancel: () => void;
}) {
  const styles = useWatchListsStyles();
  const [name, setName] = useState(props.suggested);
  return (
    <div className={styles.root} role="group" aria-label={`Import ${props.file} under another name`}>
      <Field label="Name for the imported list">
        <Input value={name} maxLength={64} onChange={(_event, data) => setName(data.value)} />
      </Field>
      <div className={styles.buttons}>
        <Button appearance="primary" disabled={props.busy} onClick={() => props.onImport(name)}>
          Import under this name
        </Button>
        <Button disabled={props.busy} onClick={props.onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
