import { Button, Field, Select } from "@fluentui/react-components";
import { useId, useState } from "react";
import { describeOutcome, describePlan, type RefreshPlan, type RefreshScope } from "../../../office";
import { describeError } from "../../model/errors";
import { useRefreshBarStyles } from "./RefreshBar.styles";
import type { ScopedRefreshProps } from "./RefreshBar.types";
import { ChoiceOptions } from "../ChoiceOptions/ChoiceOptions";

const SCOPES: readonly { readonly value: RefreshScope; readonly label: string }[] = [
  { value: "selection", label: "Selection" },
  { value: "sheet", label: "Active sheet" },
  { value: "workbook", label: "Whole workbook" },
  { value: "stale", label: "Stale cells only" },
];

function isScope(value: string): value is RefreshScope {
  return SCOPES.some((scope) => scope.value === value);
}

/**
 * Refresh by scope: works out the plan first (cells, requests: one per distinct resource) and shows it; a
 * plan above CONFIRM_ABOVE_CELLS cells waits for the user to confirm, a smaller one runs at once.
 */
export function ScopedRefresh({ actions, disabledReason }: ScopedRefreshProps) {
  const styles = useRefreshBarStyles();
  const noteId = useId();
  const [scope, setScope] = useState<RefreshScope>("selection");
  const [busy, setBusy] = useState(false);
  const [plan, setPlan] = useState<RefreshPlan | undefined>(undefined);
  const [said, setSaid] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const disabled = disabledReason !== undefined || busy;

  const go = (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    work()
      .catch((cause: unknown) => setError(describeError(cause)))
      .finally(() => setBusy(false));
  };
  const run = async (ready: RefreshPlan) => {
    setPlan(undefined);
    setSaid(describeOutcome(await actions.runRefresh(ready)));
  };
  const start = () =>
    go(async () => {
      const next = await actions.planRefresh(scope);
      setSaid(describePlan(next));
      if (next.needsConfirmation) setPlan(next);
      else if (next.addresses.length > 0) await run(next);
    });

  return (
    <div className={styles.line}>
      <Field label="Refresh scope" size="small">
        <Select
          size="small"
          value={scope}
          disabled={disabled}
          aria-describedby={disabledReason !== undefined ? noteId : undefined}
          onChange={(_e, data) => isScope(data.value) && setScope(data.value)}
        >
          <ChoiceOptions choices={SCOPES} />
        </Select>
      </Field>
      <Button size="small" disabled={disabled || plan !== undefined} onClick={start}>
        Refresh scope
      </Button>
      {disabledReason !== undefined && (
        <p id={noteId} className={styles.text} role="note">
          {disabledReason}
        </p>
      )}
      <div aria-live="polite">
        {said !== undefined && <p className={styles.text}>{said}</p>}
        {plan !== undefined && (
          <div className={styles.line}>
            <p className={styles.text}>That is more than the add-in refreshes without asking. Refresh them?</p>
            <Button size="small" appearance="primary" disabled={busy} onClick={() => go(() => run(plan))}>
              Refresh {plan.addresses.length} cells
            </Button>
            <Button size="small" disabled={busy} onClick={() => setPlan(undefined)}>
              Cancel
            </Button>
          </div>
        )}
        {error !== undefined && (
          <p className={styles.stale} role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
