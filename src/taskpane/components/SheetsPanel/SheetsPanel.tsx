import { useId, useReducer, useState } from "react";
import { useLoad } from "../../hooks/useLoad";
import { PricingSheet } from "../PricingSheet/PricingSheet";
import { useSharePanelStyles } from "../SharePanel/SharePanel.styles";
import { listEditor, NEW_LIST, unsaved } from "../WatchLists/list-editor";
import { WatchLists } from "../WatchLists/WatchLists";
import type { SheetsPanelProps } from "./SheetsPanel.types";
import { useListActions } from "./useListActions";

const PAGE_ONLY =
  "Without Excel there is no workbook to keep lists in: they are kept for this page only. In Excel they are saved in the workbook and travel with it.";

/** "Sheets": watch lists kept in the workbook, and the pricing sheet built from one. */
export function SheetsPanel({ services, indexes, host }: SheetsPanelProps) {
  const { watchLists, pricingSheet, saveFile } = services;
  const styles = useSharePanelStyles();
  const listsId = useId();
  const sheetId = useId();
  const inWorkbook = host.state === "ready" && host.value.inExcel;
  const store = inWorkbook ? watchLists.workbook : watchLists.page;
  const [revision, setRevision] = useState(0);
  const lists = useLoad(() => store.lists(), `${inWorkbook}|${host.state}|${revision}`, true);
  const [editor, dispatch] = useReducer(listEditor, NEW_LIST);
  const saved = lists.state === "ready" ? lists.value : [];
  const actions = useListActions({
    store,
    inWorkbook,
    editor,
    saved,
    dispatch,
    changed: () => setRevision((n) => n + 1),
    saveFile,
    sheets: pricingSheet,
  });
  const open = saved.find((list) => list.id === editor.listId);
  return (
    <div className={styles.root}>
      <section className={styles.group} aria-labelledby={listsId}>
        <h2 id={listsId} className={styles.heading}>
          Watch lists
        </h2>
        <p className={styles.text}>
          A named list of indexes, in the order its sheet shows them. Lists name symbols only, never a value or a key,
          so a list file is safe to send.
        </p>
        {host.state === "ready" && !inWorkbook && (
          <p className={styles.text} role="note">
            {PAGE_ONLY}
          </p>
        )}
        <WatchLists lists={lists} indexes={indexes} editor={editor} dispatch={dispatch} {...actions} />
      </section>
      <section className={styles.group} aria-labelledby={sheetId}>
        <h2 id={sheetId} className={styles.heading}>
          Pricing sheet
        </h2>
        <PricingSheet
          list={open}
          lists={saved}
          unsaved={unsaved(editor, saved)}
          host={host}
          actions={pricingSheet}
          saveFile={saveFile}
        />
      </section>
    </div>
  );
}
