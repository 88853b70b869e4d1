import { Field, Switch } from "@fluentui/react-components";
import { useEffect, useState } from "react";
import { LOAD_WITH_WORKBOOKS_LABEL, startupControl } from "../../../office/startup";
import type { StartupSwitchProps } from "./SettingsPanel.types";

/** "Load with workbooks that use Index Data": applies at once (no Save), as Office's own toggles do. */
export function StartupSwitch({ startup = startupControl() }: StartupSwitchProps) {
  const [on, setOn] = useState<boolean | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void startup.isOn().then((value) => live && setOn(value), () => live && setOn(true));
    return () => void (live = false);
  }, [startup]);
  const change = (value: boolean) => {
    setOn(value);
    setProblem(undefined);
    startup.setOn(value).catch((error: unknown) => {
      setProblem(`Saved, but Excel did not take it: ${error instanceof Error ? error.message : String(error)}`);
    });
  };
  return (
    <Field
      hint="Starts Index Data when such a workbook opens, so its INDEX cells calculate and Refresh works without opening this pane."
      {...(problem !== undefined ? { validationState: "warning", validationMessage: problem } : {})}
    >
      <Switch
        label={LOAD_WITH_WORKBOOKS_LABEL}
        checked={on ?? true}
        disabled={on === undefined}
        onChange={(_event, data) => change(data.checked)}
      />
    </Field>
  );
}
