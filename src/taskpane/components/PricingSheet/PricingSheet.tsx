import { Button, Spinner } from "@fluentui/react-components";
import { readText } from "../../text-files";
import { useId, useState } from "react";
import { describeActionFailure } from "../../model/errors";
import { ActionResult } from "../ActionResult/ActionResult";
import { FilePicker } from "../FilePicker/FilePicker";
import type { ActionOutcome } from "../ActionResult/ActionResult.types";
import { usePricingSheetStyles } from "./PricingSheet.styles";
import type { PricingSheetProps } from "./PricingSheet.types";
import {
  DEFAULT_CHOICE,
  describeChoice,
  loadedTemplate,
  TEMPLATE_FILE_BYTES,
  type TemplateChoice,
} from "./template-choice";

export const OUTSIDE_EXCEL_BUILD_REASON =
  "Building a pricing sheet writes a new worksheet into a workbook, so it needs Excel. This page is running without Excel, so it is turned off.";

/**
 * "Build pricing sheet": a worksheet with a table of the open list's indexes, laid out by the template in use (the
 * default, or a desk's own loaded from a file and checked before it is taken), updated in place when built again.
 */
export function PricingSheet({ list, unsaved = false, host, actions }: PricingSheetProps) {
  const styles = usePricingSheetStyles();
  const noteId = useId();
  const [choice, setChoice] = useState<TemplateChoice>(DEFAULT_CHOICE);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<ActionOutcome | undefined>(undefined);
  const inExcel = host.state === "ready" && host.value.inExcel;
  const reason = !inExcel
    ? host.state === "loading"
      ? "Checking for Excel…"
      : OUTSIDE_EXCEL_BUILD_REASON
    : list === undefined
      ? "Save a watch list (or open one) to build its sheet."
      : unsaved
        ? "The open list has changes that are not saved: the sheet is built from the saved list."
        : undefined;
  const build = () => {
    if (list === undefined) return;
    setRunning(true);
    setResult(undefined);
    actions
      .build(list, choice.template)
      .then(
        (outcome) => setResult({ intent: outcome.built ? "success" : "error", text: outcome.message }),
        (error: unknown) => setResult({ intent: "error", text: describeActionFailure("build the sheet", error) }),
      )
      .finally(() => setRunning(false));
  };
  const picked = async (file: File) => {
    if (file.size > TEMPLATE_FILE_BYTES) {
      setResult({ intent: "error", text: `${file.name} is too large to be a template; it was not read.` });
      return;
    }
    const loaded = loadedTemplate(file.name, await readText(file), choice);
    setChoice(loaded.choice);
    setResult(loaded.outcome);
  };
  const blocked = !inExcel || list === undefined;
  return (
    <div className={styles.root}>
      <p className={styles.text}>
        A new worksheet with a table of the list&apos;s indexes: latest, as of, change 1D/1W/1M/YTD, confidence, status,
        30-day volatility and the 1M and 3M forward, stale, carried and low-confidence values marked, and the last 90
        days charted under it. Every cell is a formula, so Refresh, refresh by scope and Freeze work on it. Built again,
        it updates the same sheet.
      </p>
      <p className={styles.text}>{describeChoice(choice)}</p>
      {reason !== undefined && (
        <p id={noteId} className={styles.text} role="note">
          {reason}
        </p>
      )}
      <div className={styles.buttons}>
        <Button
          appearance="primary"
          disabled={blocked || running}
          {...(reason !== undefined ? { "aria-describedby": noteId } : {})}
          {...(running ? { icon: <Spinner size="extra-tiny" /> } : {})}
          onClick={build}
        >
          Build pricing sheet
        </Button>
        <FilePicker
          label="Load template…"
          inputLabel="Template file to load"
          disabled={running}
          onFile={(file) => void picked(file)}
        />
        <Button disabled={running || choice.file === undefined} onClick={() => setChoice(DEFAULT_CHOICE)}>
          Use the default template
        </Button>
      </div>
      <ActionResult outcome={result} />
    </div>
  );
}
