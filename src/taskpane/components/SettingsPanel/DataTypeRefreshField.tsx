import { Field, Select } from "@fluentui/react-components";
import { parseDataTypeRefresh, type DataTypeRefresh } from "../../../settings";
import { DATA_TYPE_REFRESH_CHOICES, dataTypeRefreshHint } from "./settings-form";
import type { DataTypeRefreshFieldProps } from "./SettingsPanel.types";
import { useAppliedSetting } from "./useAppliedSetting";
import { ChoiceOptions } from "../ChoiceOptions/ChoiceOptions";

/**
 * "Refresh Index data types": how often Excel refreshes the cells Convert to Index linked. Applies at once (no
 * Save), as the Load with workbooks switch does: it changes the data domain, not the connection.
 */
export function DataTypeRefreshField({ dataType }: DataTypeRefreshFieldProps) {
  const {
    value: refresh,
    change,
    validation,
  } = useAppliedSetting<DataTypeRefresh>(
    () => dataType.refresh(),
    (value) => dataType.setRefresh(value),
    0,
    dataType,
  );
  const linkedTypes = dataType.supported();
  return (
    <Field label="Refresh Index data types" hint={dataTypeRefreshHint(linkedTypes)} {...validation}>
      <Select
        value={String(refresh ?? 0)}
        disabled={refresh === undefined || !linkedTypes}
        onChange={(_event, data) => {
          const value = parseDataTypeRefresh(data.value);
          if (value !== undefined) change(value);
        }}
      >
        <ChoiceOptions choices={DATA_TYPE_REFRESH_CHOICES} />
      </Select>
    </Field>
  );
}
