import {
  DEFAULT_TEMPLATE,
  readTemplateFile,
  STARTER_TEMPLATES,
  templateFile,
  templateFileName,
  templateOf,
  type PricingTemplate,
} from "../../../workbook";
import type { ActionOutcome } from "../ActionResult/ActionResult.types";

/**
 * The template the builder uses, and where it came from (said beside the Build button): a starter the add-in ships
 * (the default among them), the columns the trader picked, or a desk's file. Whatever it is, it downloads as a file
 * to start one's own from.
 */
export type TemplateSource =
  { readonly kind: "starter" } | { readonly kind: "picked" } | { readonly kind: "file"; readonly file: string };

export interface TemplateChoice {
  readonly template: PricingTemplate;
  readonly source: TemplateSource;
}

export const DEFAULT_CHOICE: Readonly<TemplateChoice> = { template: DEFAULT_TEMPLATE, source: { kind: "starter" } };

/** A template file is read whole; anything larger is no template (and is not read). */
export const TEMPLATE_FILE_BYTES = 200_000;

/** The value of the template list's entry for a choice: a starter by its name, or where the template came from. */
export function choiceValue(choice: TemplateChoice): string {
  return choice.source.kind === "starter" ? `starter:${choice.template.name}` : choice.source.kind;
}

/** The starter a list entry names, or undefined. */
export function starterChoice(value: string): TemplateChoice | undefined {
  const template = STARTER_TEMPLATES.find((starter) => `starter:${starter.name}` === value);
  return template === undefined ? undefined : { template, source: { kind: "starter" } };
}

/** What the pane says of the template in use. */
export function describeChoice(choice: TemplateChoice): string {
  const columns = choice.template.columns.length;
  const panel = choice.template.panel;
  const under = panel === undefined ? "no panel under the table" : `the last ${panel.days} days under the table`;
  const from =
    choice.source.kind === "file"
      ? `loaded from ${choice.source.file}`
      : choice.source.kind === "picked"
        ? "the columns you picked"
        : choice.template === DEFAULT_TEMPLATE
          ? "the default"
          : "a starter template";
  return `Template: "${choice.template.name}", ${from}: ${columns} columns besides the index, ${under}.`;
}

/** The columns a trader picked, as the template in use. */
export function pickedChoice(name: string, keys: readonly string[], days: number | undefined): TemplateChoice {
  const panel = days === undefined ? undefined : { days, chart: true };
  return { template: templateOf(name, keys, panel), source: { kind: "picked" } };
}

/** The template in use as a file to download: its name and text. */
export function choiceFile(choice: TemplateChoice): { readonly name: string; readonly text: string } {
  return { name: templateFileName(choice.template.name), text: templateFile(choice.template) };
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
  const choice = { template: read.value, source: { kind: "file", file: name } } as const;
  return { choice, outcome: { intent: "success", text: `Loaded the template "${read.value.name}" from ${name}.` } };
}
