import { mergeClasses } from "@fluentui/react-components";
import { ABSENT } from "../../model/format";
import { useFieldListStyles } from "./FieldList.styles";
import type { FieldListProps } from "./FieldList.types";

/** A definition list of figures; absent figures say so in words rather than showing 0 or a blank. */
export function FieldList({ rows, label }: FieldListProps) {
  const styles = useFieldListStyles();
  return (
    <dl className={styles.list} aria-label={label}>
      {rows.map(({ label: term, value }) => (
        <div key={term} className={styles.row}>
          <dt className={styles.term}>{term}</dt>
          <dd
            className={mergeClasses(value === undefined || value === ABSENT ? styles.absent : styles.value)}
            data-absent={value === undefined || value === ABSENT ? "true" : undefined}
          >
            {value ?? ABSENT}
          </dd>
        </div>
      ))}
    </dl>
  );
}
