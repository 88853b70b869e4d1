import { Field, Select } from "@fluentui/react-components";
import { useEffect, useState } from "react";
import { parseDataTypeRefresh, type DataTypeRefresh } from "../../../client/settings";
import { indexDomain } from "../../../office/data-type-domain";
import { DATA_TYPE_REFRESH_CHOICES, dataTypeRefreshHint } from "./settings-form";
import type { DataTypeRefreshFieldProps } from "./SettingsPanel.types";

/**
 * "Refresh Index data types": how often Excel refreshes the cells Convert to Index linked. Applies at once (no
 * Save), as the Load with workbooks switch does: it changes the data domain, not the connection.
 */
export function DataTypeRefreshField({ dataType = indexDomain() }: DataTypeRefreshFieldProps) {
  const [refresh, setRefresh] = useState<DataTypeRefresh | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const linkedTypes = dataType.supported();
  useEffect(() => {
    let live = true;
    void dataType.refresh().then((value) => live && setRefresh(value), () => live && setRefresh(0));
    return () => void (live = false);
  }, [dataType]);
  const change = (value: DataTypeRefresh) => {
    setRefresh(value);
    setProblem(undefined);
    dataType.setRefresh(value).catch((error: unknown) => {
      setProblem(`Saved, but Excel did not take it: ${error instanceof Error ? error.message : String(error)}`);
    });
  };
  return (
    <Field
      label="Refresh Index data types"
      hint={dataTypeRefreshHint(linkedTypes)}
      {...(problem !== undefined ? { validationState: "warning", validationMessage: problem } : {})}
    >
      <Select
        value={String(refresh ?? 0)}
        disabled={refresh === undefined || !linkedTypes}
        onChange={(_event, data) => {
          const value = parseDataTypeRefresh(data.value);
          if (value !== undefined) change(value);
        }}
      >
        {DATA_TYPE_REFRESH_CHOICES.map(({ value, label }) => (
          <option key={value} value={String(value)}>
            {label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
