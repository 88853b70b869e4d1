import { Field, Switch } from "@fluentui/react-components";
import { LOAD_WITH_WORKBOOKS_LABEL } from "../../../office";
import type { StartupSwitchProps } from "./SettingsPanel.types";
import { useAppliedSetting } from "./useAppliedSetting";

/** "Load with workbooks that use Index Data": applies at once (no Save), as Office's own toggles do. */
export function StartupSwitch({ startup }: StartupSwitchProps) {
  const {
    value: on,
    change,
    validation,
  } = useAppliedSetting(
    () => startup.isOn(),
    (value: boolean) => startup.setOn(value),
    true,
    startup,
  );
  return (
    <Field
      hint="Starts Index Data when such a workbook opens, so its INDEX cells calculate and Refresh works without opening this pane."
      {...validation}
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
