import { Button, Field, Select, Spinner } from "@fluentui/react-components";
import { useId, useState } from "react";
import type { BuildChoice, BuildOutcome } from "../../../office";
import { STARTER_TEMPLATES, type WatchList } from "../../../workbook";
import { describeActionFailure } from "../../model/errors";
import { readText } from "../../text-files";
import { ActionResult } from "../ActionResult/ActionResult";
import type { ActionOutcome } from "../ActionResult/ActionResult.types";
import { ColumnPicker } from "../ColumnPicker/ColumnPicker";
import { FilePicker } from "../FilePicker/FilePicker";
import { usePricingSheetStyles } from "./PricingSheet.styles";
import type { PricingSheetProps } from "./PricingSheet.types";
import {
  choiceFile,
  choiceValue,
  DEFAULT_CHOICE,
  describeChoice,
  loadedTemplate,
  starterChoice,
  TEMPLATE_FILE_BYTES,
  type TemplateChoice,
} from "./template-choice";

export const OUTSIDE_EXCEL_BUILD_REASON =
  "Building a pricing sheet writes a new worksheet into a workbook, so it needs Excel. This page is running without Excel, so it is turned off.";

/** A build that stopped with a choice for the trader, and what to build when they take it. */
interface Pending {
  readonly list: WatchList;
  readonly choice: BuildChoice;
  readonly choiceTemplate: TemplateChoice;
}

const outcomeOf = (outcome: BuildOutcome): ActionOutcome => ({
  intent: outcome.built ? "success" : "error",
  text: outcome.message,
});

/**
 * "Build pricing sheet": a worksheet with a table of the open list's indexes, laid out by the template in use (a
 * starter, the columns picked here, or a desk's own loaded from a file and checked before it is taken), updated in
 * place when built again; when something stands in its way the trader chooses to move the sheet's area, build on a
 * new sheet, or cancel. "Rebuild all pricing sheets" builds every list's sheet again.
 */
export function PricingSheet({ list, lists = [], unsaved = false, host, actions, saveFile }: PricingSheetProps) {
  const styles = usePricingSheetStyles();
  const noteId = useId();
  const pickerId = useId();
  const [choice, setChoice] = useState<TemplateChoice>(DEFAULT_CHOICE);
  const [picking, setPicking] = useState(false);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<ActionOutcome | undefined>(undefined);
  const [pending, setPending] = useState<Pending | undefined>(undefined);
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
  const act = (work: () => Promise<ActionOutcome>) => {
    setRunning(true);
    setResult(undefined);
    setPending(undefined);
    work()
      .then(setResult, (error: unknown) =>
        setResult({ intent: "error", text: describeActionFailure("build the sheet", error) }),
      )
      .finally(() => setRunning(false));
  };
  const build = (target: WatchList, template: TemplateChoice, options?: Parameters<typeof actions.build>[2]) =>
    act(async () => {
      const outcome = await (options === undefined
        ? actions.build(target, template.template)
        : actions.build(target, template.template, options));
      if (outcome.choice !== undefined) setPending({ list: target, choice: outcome.choice, choiceTemplate: template });
      return outcomeOf(outcome);
    });
  const picked = async (file: File) => {
    if (file.size > TEMPLATE_FILE_BYTES) {
      setResult({ intent: "error", text: `${file.name} is too large to be a template; it was not read.` });
      return;
    }
    const loaded = loadedTemplate(file.name, await readText(file), choice);
    setChoice(loaded.choice);
    setResult(loaded.outcome);
  };
  const download = () => {
    const file = choiceFile(choice);
    saveFile(file.name, file.text);
    setResult({
      intent: "success",
      text: `Downloaded the template "${choice.template.name}" as ${file.name}: change it and load it back with Load template.`,
    });
  };
  const blocked = !inExcel || list === undefined;
  return (
    <div className={styles.root}>
      <p className={styles.text}>
        A new worksheet with a table of the list&apos;s indexes, laid out by a template, and the last days charted under
        it. Every cell is a formula, so Refresh, refresh by scope and Freeze work on it. Built again, it updates the
        same sheet, and never writes over a cell it did not write.
      </p>
      <Field label="Template">
        <Select
          value={choiceValue(choice)}
          disabled={running}
          onChange={(_event, data) => setChoice((current) => starterChoice(data.value) ?? current)}
        >
          {STARTER_TEMPLATES.map((starter) => (
            <option key={starter.name} value={`starter:${starter.name}`}>
              {starter.name}
            </option>
          ))}
          {choice.source.kind !== "starter" && <option value={choiceValue(choice)}>{choice.template.name}</option>}
        </Select>
      </Field>
      <p className={styles.text}>{describeChoice(choice)}</p>
      <div className={styles.buttons}>
        <Button
          aria-expanded={picking}
          aria-controls={pickerId}
          disabled={running}
          onClick={() => setPicking(!picking)}
        >
          Choose columns…
        </Button>
        <FilePicker
          label="Load template…"
          inputLabel="Template file to load"
          disabled={running}
          onFile={(file) => void picked(file)}
        />
        <Button disabled={running} onClick={download}>
          Download template
        </Button>
      </div>
      {picking && (
        <ColumnPicker
          id={pickerId}
          template={choice.template}
          onCancel={() => setPicking(false)}
          onApply={(template) => {
            setChoice({ template, source: { kind: "picked" } });
            setPicking(false);
            setResult({
              intent: "success",
              text: `Using your columns: "${template.name}", ${template.columns.length} columns.`,
            });
          }}
        />
      )}
      {reason !== undefined && (
        <p id={noteId} className={styles.text} role="note">
          {reason}
        </p>
      )}
      <div className={styles.buttons}>
        <Button
          appearance="primary"
          disabled={blocked || running}
          aria-describedby={reason !== undefined ? noteId : undefined}
          {...(running ? { icon: <Spinner size="extra-tiny" /> } : {})}
          onClick={() => list !== undefined && build(list, choice)}
        >
          Build pricing sheet
        </Button>
        <Button
          disabled={!inExcel || lists.length === 0 || running}
          onClick={() => act(async () => outcomeOf(await actions.rebuildAll(lists)))}
        >
          Rebuild all pricing sheets
        </Button>
      </div>
      <ActionResult outcome={result} />
      {pending !== undefined && (
        <div className={styles.buttons} role="group" aria-label="What to do instead">
          <Button
            appearance="primary"
            disabled={running}
            onClick={() =>
              build(
                pending.list,
                pending.choiceTemplate,
                pending.choice.kind === "move" ? { origin: pending.choice.origin } : { newSheet: true },
              )
            }
          >
            {pending.choice.kind === "move" ? `Move the sheet's area to ${pending.choice.at}` : "Build on a new sheet"}
          </Button>
          <Button disabled={running} onClick={() => setPending(undefined)}>
            Cancel
          </Button>
        </div>
      )}
    </div>
  );
}
