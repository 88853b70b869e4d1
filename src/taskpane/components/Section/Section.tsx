import { MessageBar, MessageBarBody, Spinner } from "@fluentui/react-components";
import { useId } from "react";
import { isNotFoundError } from "@index-data/wire";
import { describeError } from "../../model/errors";
import { useSectionStyles } from "./Section.styles";
import type { SectionProps } from "./Section.types";

/** A titled region of the detail view that owns its own loading and failure states. */
export function Section<T>({ title, load, children, notFoundText, actions }: SectionProps<T>) {
  const styles = useSectionStyles();
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h3 id={headingId} className={styles.title}>
          {title}
        </h3>
        {actions}
      </div>
      {load.state === "loading" && <Spinner size="tiny" label={`Loading ${title.toLowerCase()}…`} />}
      {load.state === "failed" &&
        (notFoundText !== undefined && isNotFoundError(load.error) ? (
          <p className={styles.note}>{notFoundText}</p>
        ) : (
          <MessageBar intent="error">
            <MessageBarBody>{describeError(load.error)}</MessageBarBody>
          </MessageBar>
        ))}
      {load.state === "ready" && children(load.value)}
    </section>
  );
}
