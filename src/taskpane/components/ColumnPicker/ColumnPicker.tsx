import { Button, Checkbox, Field, Input, Select } from "@fluentui/react-components";
import { useId, useState } from "react";
import { checkTemplate, COLUMN_CHOICES, pickedKeys, templateOf, type ColumnGroup } from "../../../workbook";
import { useColumnPickerStyles } from "./ColumnPicker.styles";
import type { ColumnPickerProps } from "./ColumnPicker.types";
import { ChoiceOptions } from "../ChoiceOptions/ChoiceOptions";

const GROUPS: readonly ColumnGroup[] = ["Latest fix", "Change", "Volatility", "Forward"];
const PANEL_DAYS: readonly { readonly value: string; readonly label: string }[] = [
  { value: "", label: "No panel" },
  { value: "30", label: "Last 30 days" },
  { value: "90", label: "Last 90 days" },
  { value: "180", label: "Last 180 days" },
  { value: "366", label: "Last year" },
];

/**
 * The columns of a pricing sheet, picked instead of written as JSON: every column the builder offers, by group (the
 * latest fix and what stands behind it, the change over each period INDEX.CHANGE takes, volatility, forward prices),
 * each with its number format and marks; the panel of the last days under the table; a name. "Use these columns"
 * makes them the template in use, which downloads as a file like any other.
 */
export function ColumnPicker({ id, template, onApply, onCancel }: ColumnPickerProps) {
  const styles = useColumnPickerStyles();
  const headingId = useId();
  const [keys, setKeys] = useState<ReadonlySet<string>>(() => new Set(pickedKeys(template)));
  const [days, setDays] = useState(template.panel === undefined ? "" : String(template.panel.days));
  const [name, setName] = useState(template.name);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const toggle = (key: string) =>
    setKeys((picked) => {
      const next = new Set(picked);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const apply = () => {
    if (keys.size === 0) {
      setProblem("Pick at least one column.");
      return;
    }
    const panel = days === "" ? undefined : { days: Number(days), chart: true };
    const checked = checkTemplate(templateOf(name, [...keys], panel));
    if (!checked.ok) setProblem(`These columns cannot make a template: ${checked.problem}.`);
    else onApply(checked.value);
  };
  return (
    <section id={id} className={styles.root} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        Columns of the sheet
      </h3>
      <p className={styles.text}>
        Tick the columns the sheet shows, in this order after the Index column. Each comes with its number format and
        its marks (a change up in green and down in red, stale and low-confidence values in red).
      </p>
      {GROUPS.map((group) => (
        <fieldset key={group} className={styles.group}>
          <legend className={styles.legend}>{group}</legend>
          {COLUMN_CHOICES.filter((choice) => choice.group === group).map(({ column, description }) => (
            <Checkbox
              key={column.key}
              label={column.header}
              title={description}
              checked={keys.has(column.key)}
              onChange={() => toggle(column.key)}
            />
          ))}
        </fieldset>
      ))}
      <Field label="Under the table, charted">
        <Select value={days} onChange={(_event, data) => setDays(data.value)}>
          <ChoiceOptions choices={PANEL_DAYS} />
        </Select>
      </Field>
      <Field label="Template name" validationMessage={problem ?? null}>
        <Input value={name} maxLength={64} onChange={(_event, data) => setName(data.value)} />
      </Field>
      <div className={styles.buttons}>
        <Button appearance="primary" onClick={apply}>
          Use these columns
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </section>
  );
}
