import { Button, Spinner } from "@fluentui/react-components";
import { ActionResult } from "../ActionResult/ActionResult";
import type { ActionOutcome } from "../ActionResult/ActionResult.types";
import { useId, useState } from "react";
import type { InsertOutcome } from "../../../office";
import { useInsertActionsStyles } from "./InsertActions.styles";
import type { InsertActionsProps } from "./InsertActions.types";

type Result = ActionOutcome;

function describeOutcome(outcome: InsertOutcome): Result {
  if (outcome.note !== undefined) return { intent: "warning", text: outcome.note };
  const chart = outcome.chartName !== undefined ? ` and added the chart "${outcome.chartName}"` : "";
  return { intent: "success", text: `Inserted into ${outcome.address}${chart}.` };
}

/** The insert actions; each writes into the active cell. */
export function InsertActions({ symbol, historyStart, historyLabel, workbook, host }: InsertActionsProps) {
  const styles = useInsertActionsStyles();
  const noteId = useId();
  const [running, setRunning] = useState<string | undefined>(undefined);
  const [result, setResult] = useState<Result | undefined>(undefined);
  const inExcel = host.state === "ready" && host.value.inExcel;
  const reason =
    host.state === "ready"
      ? host.value.reason
      : host.state === "loading"
        ? "Checking for Excel…"
        : "Excel was not found.";

  const run = (name: string, action: () => Promise<InsertOutcome>) => {
    setRunning(name);
    setResult(undefined);
    action()
      .then((outcome) => setResult(describeOutcome(outcome)))
      .catch((error: unknown) =>
        setResult({
          intent: "error",
          text: `Could not insert: ${error instanceof Error ? error.message : String(error)}`,
        }),
      )
      .finally(() => setRunning(undefined));
  };
  const actions = [
    { name: "Insert latest value", act: () => workbook.insertLatest(symbol) },
    { name: `Insert history (${historyLabel}) + chart`, act: () => workbook.insertHistory(symbol, historyStart) },
    {
      name: `Insert monthly averages (${historyLabel})`,
      act: () => workbook.insertMonthlyAverages(symbol, historyStart),
    },
    { name: "Insert forward curve + chart", act: () => workbook.insertForward(symbol) },
    { name: "Insert audit card", act: () => workbook.insertAuditCard(symbol) },
    { name: "Insert card", act: () => workbook.insertCard(symbol) },
  ];
  return (
    <div>
      {!inExcel && (
        <p id={noteId} className={styles.note} role="note">
          {reason}
        </p>
      )}
      <div className={styles.buttons}>
        {actions.map(({ name, act }) => (
          <Button
            key={name}
            disabled={!inExcel || running !== undefined}
            {...(inExcel ? {} : { "aria-describedby": noteId })}
            {...(running === name ? { icon: <Spinner size="extra-tiny" /> } : {})}
            onClick={() => run(name, act)}
          >
            {name}
          </Button>
        ))}
      </div>
      <ActionResult outcome={result} />
    </div>
  );
}
