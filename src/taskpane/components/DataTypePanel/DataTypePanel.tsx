import { Button, Spinner } from "@fluentui/react-components";
import { useEffect, useId, useState } from "react";
import { NO_LINKED_TYPES_REASON } from "../../../formulas";
import type { DataTypeAction } from "../../../office";
import { describeDataTypeReport } from "../../model/conversion-outcome";
import { ActionResult } from "../ActionResult/ActionResult";
import type { ActionOutcome } from "../ActionResult/ActionResult.types";
// The Share tab's look: both are a titled group of workbook actions with their outcome below.
import { useSharePanelStyles } from "../SharePanel/SharePanel.styles";
import type { DataTypePanelProps } from "./DataTypePanel.types";

const OUTSIDE_EXCEL_REASON =
  "Converting works on the selected cells of a workbook, so it needs Excel. This page is running without Excel, so it is turned off.";

/**
 * "Data type": Convert to Index turns the selected symbols into Index entities (where Excel has linked data types;
 * INDEX.CARD formulas elsewhere, with the reason shown before and after), Convert to text turns them back. The
 * outcome is said in words, every cell left untouched listed; the ribbon's buttons open the pane to say theirs.
 */
export function DataTypePanel({ actions, host, report }: DataTypePanelProps) {
  const styles = useSharePanelStyles();
  const headingId = useId();
  const noteId = useId();
  const [running, setRunning] = useState<DataTypeAction | undefined>(undefined);
  const [result, setResult] = useState<ActionOutcome | undefined>(
    report === undefined ? undefined : describeDataTypeReport(report),
  );
  useEffect(() => {
    if (report !== undefined) setResult(describeDataTypeReport(report));
  }, [report]);
  const inExcel = host.state === "ready" && host.value.inExcel;
  const linkedTypes = actions.mode() === "entities";
  const reason = host.state === "loading" ? "Checking for Excel…" : OUTSIDE_EXCEL_REASON;
  const run = (action: DataTypeAction) => {
    setRunning(action);
    setResult(undefined);
    actions[action]()
      .then(
        (outcome) => setResult(describeDataTypeReport({ action, outcome })),
        (error: unknown) => setResult(describeDataTypeReport({ action, error })),
      )
      .finally(() => setRunning(undefined));
  };
  const described = inExcel ? {} : { "aria-describedby": noteId };
  const button = (action: DataTypeAction, label: string, primary: boolean) => (
    <Button
      appearance={primary ? "primary" : "secondary"}
      disabled={!inExcel || running !== undefined}
      {...described}
      {...(running === action ? { icon: <Spinner size="extra-tiny" /> } : {})}
      onClick={() => run(action)}
    >
      {label}
    </Button>
  );
  return (
    <section className={styles.group} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Index data type
      </h2>
      <p className={styles.text}>
        Select cells holding index symbols and convert them: each becomes an Index entity that Excel keeps linked to the
        service. Read a field with =A1.Price or =A1.Confidence, open the card from the cell&apos;s icon, and refresh
        with Data &gt; Refresh All. Cells without a known symbol are left as they are, and listed.
      </p>
      {!inExcel && (
        <p id={noteId} className={styles.text} role="note">
          {reason}
        </p>
      )}
      {inExcel && !linkedTypes && (
        <p className={styles.text} role="note">
          {NO_LINKED_TYPES_REASON}
        </p>
      )}
      <div className={styles.buttons}>
        {button("toIndex", "Convert to Index", true)}
        {button("toText", "Convert to text", false)}
      </div>
      <ActionResult outcome={result} />
    </section>
  );
}
