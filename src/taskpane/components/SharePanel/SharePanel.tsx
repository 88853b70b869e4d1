import { Button, Checkbox, Radio, RadioGroup } from "@fluentui/react-components";
import { ActionResult } from "../ActionResult/ActionResult";
import type { ActionOutcome } from "../ActionResult/ActionResult.types";
import { useId, useState } from "react";
import { describeActionFailure } from "../../model/errors";
import type { CellScope } from "../../../office";
import { FrozenCheck } from "./FrozenCheck";
import { useSharePanelStyles } from "./SharePanel.styles";
import type { SharePanelProps } from "./SharePanel.types";

type Result = ActionOutcome;

const OUTSIDE_EXCEL_SHARE_REASON =
  "Freezing and restoring work on a workbook, so they need Excel. This page is running without Excel, so they are turned off.";

const SCOPES: readonly { readonly value: CellScope; readonly label: string }[] = [
  { value: "selection", label: "Selection" },
  { value: "sheet", label: "Active sheet" },
  { value: "workbook", label: "Whole workbook" },
];

function failure(verb: string, error: unknown): Result {
  return { intent: "error", text: describeActionFailure(verb, error) };
}

/**
 * "Share": freeze INDEX formulas to their values with a receipt (for readers without the add-in), and put
 * them back from the receipt. The outcome is said in words: cells frozen or restored, cells left alone and why.
 */
export function SharePanel({ sheet, host }: SharePanelProps) {
  const styles = useSharePanelStyles();
  const noteId = useId();
  const freezeId = useId();
  const restoreId = useId();
  const [scope, setScope] = useState<CellScope>("sheet");
  const [receiptVisible, setReceiptVisible] = useState(true);
  const [restoreScope, setRestoreScope] = useState<"receipt" | "selection">("receipt");
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<Result | undefined>(undefined);
  const inExcel = host.state === "ready" && host.value.inExcel;
  const reason = host.state === "loading" ? "Checking for Excel…" : OUTSIDE_EXCEL_SHARE_REASON;
  const disabled = !inExcel || running;
  const described = inExcel ? {} : { "aria-describedby": noteId };

  const run = (verb: string, action: () => Promise<Result>) => {
    setRunning(true);
    setResult(undefined);
    action()
      .then(setResult, (error: unknown) => setResult(failure(verb, error)))
      .finally(() => setRunning(false));
  };
  const freeze = () =>
    run("freeze", async () => {
      const outcome = await sheet.freeze(scope, receiptVisible);
      return { intent: outcome.frozen === 0 || outcome.busy.length > 0 ? "warning" : "success", text: outcome.message };
    });
  const restore = () =>
    run("restore", async () => {
      const outcome = await sheet.restore(restoreScope === "selection");
      const intent =
        outcome.changed.length > 0 || outcome.refused.length > 0 || outcome.restored.length === 0
          ? "warning"
          : "success";
      return { intent, text: outcome.message };
    });

  return (
    <div className={styles.root}>
      {!inExcel && (
        <p id={noteId} className={styles.text} role="note">
          {reason}
        </p>
      )}
      <section className={styles.group} aria-labelledby={freezeId}>
        <h2 id={freezeId} className={styles.heading}>
          Freeze for sharing
        </h2>
        <p className={styles.text}>
          Replaces INDEX formulas by the values they show, so the workbook reads the same without the add-in. A receipt
          sheet keeps each formula, its values, the fix date and the service (never your API key).
        </p>
        <RadioGroup
          aria-label="Cells to freeze"
          value={scope}
          onChange={(_e, data) => setScope(data.value as CellScope)}
        >
          {SCOPES.map(({ value, label }) => (
            <Radio key={value} value={value} label={label} disabled={disabled} />
          ))}
        </RadioGroup>
        <Checkbox
          checked={receiptVisible}
          onChange={(_e, data) => setReceiptVisible(data.checked === true)}
          label="Show the receipt sheet (otherwise it is hidden)"
          disabled={disabled}
        />
        <div className={styles.buttons}>
          <Button appearance="primary" disabled={disabled} {...described} onClick={freeze}>
            Freeze for sharing
          </Button>
        </div>
      </section>
      <section className={styles.group} aria-labelledby={restoreId}>
        <h2 id={restoreId} className={styles.heading}>
          Restore formulas
        </h2>
        <p className={styles.text}>
          Puts the formulas back from the receipt, where the frozen cells are now. Cells changed since freezing are
          listed and left alone; a receipt row edited by hand, or frozen by someone else, is refused and named.
        </p>
        <RadioGroup
          aria-label="Formulas to restore"
          value={restoreScope}
          onChange={(_e, data) => setRestoreScope(data.value === "selection" ? "selection" : "receipt")}
        >
          <Radio value="receipt" label="Everything in the receipt" disabled={disabled} />
          <Radio value="selection" label="Cells in the selection" disabled={disabled} />
        </RadioGroup>
        <div className={styles.buttons}>
          <Button disabled={disabled} {...described} onClick={restore}>
            Restore formulas
          </Button>
        </div>
      </section>
      <ActionResult outcome={result} />
      <FrozenCheck sheet={sheet} disabled={disabled} describedBy={inExcel ? undefined : noteId} />
    </div>
  );
}
