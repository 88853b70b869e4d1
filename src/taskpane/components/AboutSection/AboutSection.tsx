import { useEffect, useId, useState } from "react";
import type { Diagnostic } from "@index-data/wire/diagnostics";
import { useAboutSectionStyles } from "./AboutSection.styles";
import type { AboutSectionProps } from "./AboutSection.types";

/** The time of day a failure was noted, as the user's clock shows it. */
function timeOf(at: number): string {
  return new Date(at).toLocaleTimeString();
}

/**
 * About the add-in, and the failures it recorded instead of showing (a refused storage write, a hint Office would
 * not give): what a user reads out to support. The key never appears: the recorder takes it out of every message.
 */
export function AboutSection({ diagnostics, shown = 10 }: AboutSectionProps) {
  const styles = useAboutSectionStyles();
  const headingId = useId();
  const listId = useId();
  const [recent, setRecent] = useState<readonly Diagnostic[]>(() => diagnostics.recent());
  useEffect(() => {
    setRecent(diagnostics.recent());
    return diagnostics.subscribe(() => setRecent(diagnostics.recent()));
  }, [diagnostics]);
  const listed = recent.slice(0, shown);
  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        About
      </h2>
      <p className={styles.text}>Index Data for Excel: INDEX functions, the Index data type and this pane.</p>
      <h3 id={listId} className={styles.subtitle}>
        Recent problems
      </h3>
      {listed.length === 0 ? (
        <p className={styles.text}>Nothing went wrong in this session.</p>
      ) : (
        <ul className={styles.list} aria-labelledby={listId}>
          {listed.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className={styles.item}>
              {timeOf(entry.at)} · {entry.where}: {entry.message}
            </li>
          ))}
        </ul>
      )}
      {recent.length > listed.length && (
        <p className={styles.text}>
          {recent.length - listed.length} older {recent.length - listed.length === 1 ? "problem" : "problems"} not
          shown.
        </p>
      )}
    </section>
  );
}
