import { DEFAULT_TEMPLATE, readTemplateFile, type PricingTemplate } from "../../../workbook";
import type { ActionOutcome } from "../ActionResult/ActionResult.types";

/** The template the builder uses, and where it came from (said beside the Build button). */
export interface TemplateChoice {
  readonly template: PricingTemplate;
  /** The file it was loaded from; undefined for the default. */
  readonly file?: string;
}

export const DEFAULT_CHOICE: Readonly<TemplateChoice> = { template: DEFAULT_TEMPLATE };

/** A template file is read whole; anything larger is no template (and is not read). */
export const TEMPLATE_FILE_BYTES = 200_000;

/** What the pane says of the template in use. */
export function describeChoice(choice: TemplateChoice): string {
  const columns = choice.template.columns.length;
  const from = choice.file === undefined ? "the default" : `loaded from ${choice.file}`;
  return `Template: "${choice.template.name}", ${from}: ${columns} columns besides the index.`;
}

/** A desk's template file, read and checked: the new choice, or the current one kept and why. */
export function loadedTemplate(
  name: string,
  text: string,
  current: TemplateChoice,
): { readonly choice: TemplateChoice; readonly outcome: ActionOutcome } {
  const read = readTemplateFile(text);
  if (!read.ok)
    return {
      choice: current,
      outcome: {
        intent: "error",
        text: `${name} cannot be used as a template: ${read.problem}. The template in use is still "${current.template.name}".`,
      },
    };
  const choice = { template: read.value, file: name };
  return { choice, outcome: { intent: "success", text: `Loaded the template "${read.value.name}" from ${name}.` } };
}
