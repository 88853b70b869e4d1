import { Button } from "@fluentui/react-components";
import { useId, useState } from "react";
import type { CorrectedCell, FrozenCheckOutcome, SheetActions } from "../../../office";
import { describeActionFailure } from "../../model/errors";
import { ActionResult } from "../ActionResult/ActionResult";
import type { ActionOutcome } from "../ActionResult/ActionResult.types";
import { useSharePanelStyles } from "./SharePanel.styles";

export interface FrozenCheckProps {
  readonly sheet: Pick<SheetActions, "checkFrozen">;
  /** Outside Excel, or while another Share action runs. */
  readonly disabled: boolean;
  /** The note saying why the actions are off, when they are. */
  readonly describedBy: string | undefined;
}

/** A figure as the table shows it: a number as the service gave it, a status as written, a day no longer published. */
function shown(value: number | string | undefined): string {
  return value === undefined ? "no longer published" : String(value);
}

function intentOf(outcome: FrozenCheckOutcome): ActionOutcome["intent"] {
  if (outcome.state === "unreachable") return "error";
  return outcome.state === "checked" && outcome.corrected.length === 0 && outcome.unchecked.length === 0
    ? "success"
    : "warning";
}

function CorrectedTable({ cells }: { cells: readonly CorrectedCell[] }) {
  const styles = useSharePanelStyles();
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>Frozen cells corrected since</caption>
      <thead>
        <tr>
          {["Cell", "Date", "Frozen", "Now"].map((heading) => (
            <th key={heading} scope="col" className={styles.cell}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {cells.map((cell) => (
          <tr key={cell.cell}>
            <th scope="row" className={styles.cell}>
              {cell.cell}
            </th>
            <td className={styles.cell}>{cell.date}</td>
            <td className={styles.cell}>{shown(cell.frozen)}</td>
            <td className={styles.cell}>{shown(cell.now)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * "Check against the service": the active sheet's frozen cells whose published day the service has corrected since,
 * from the receipt, each with its day, the value frozen and the value now. It reads only; the workbook is unchanged.
 */
export function FrozenCheck({ sheet, disabled, describedBy }: FrozenCheckProps) {
  const styles = useSharePanelStyles();
  const headingId = useId();
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<FrozenCheckOutcome | undefined>(undefined);
  const [failure, setFailure] = useState<ActionOutcome | undefined>(undefined);
  const check = () => {
    setRunning(true);
    setOutcome(undefined);
    setFailure(undefined);
    sheet
      .checkFrozen()
      .then(setOutcome, (error: unknown) =>
        setFailure({ intent: "error", text: describeActionFailure("check against the service", error) }),
      )
      .finally(() => setRunning(false));
  };
  const result = failure ?? (outcome === undefined ? undefined : { intent: intentOf(outcome), text: outcome.message });
  return (
    <section className={styles.group} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Check against the service
      </h2>
      <p className={styles.text}>
        Compares the active sheet&apos;s frozen cells, as the receipt records them, with what the service publishes for
        the same days now, and lists every cell whose value has been corrected since. Nothing is changed.
      </p>
      <div className={styles.buttons}>
        <Button disabled={disabled || running} aria-describedby={describedBy} onClick={check}>
          Check against the service
        </Button>
      </div>
      <ActionResult outcome={result} />
      {outcome !== undefined && outcome.corrected.length > 0 && <CorrectedTable cells={outcome.corrected} />}
      {outcome !== undefined && outcome.unchecked.length > 0 && (
        <ul className={styles.text} aria-label="Frozen cells not checked">
          {outcome.unchecked.map(({ cell, reason }) => (
            <li key={`${cell} ${reason}`}>
              {cell}: {reason}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
