import { numberText, propertyText, type EntityProperty } from "../excel";
import type { Outcome, PreviewCell } from "./outcome";

/**
 * `=A1.Confidence` in the preview: the lines are the cells A1, A2, … of column A, and a line may read one field
 * of the entity another line shows, as Excel's dot notation does (`=A1.[As of]` for names with spaces).
 * Field names match without regard to case, as in Excel.
 */
interface CellReference {
  /** 1-based line (row) number. */
  readonly row: number;
  readonly field: string;
}

const REFERENCE = /^=?\s*A(\d+)\.(?:\[([^\]]+)\]|([A-Za-z_][A-Za-z0-9_]*))\s*$/i;

/** The reference a line holds, or undefined when the line is a formula to evaluate. */
export function parseCellReference(text: string): CellReference | undefined {
  const match = REFERENCE.exec(text.trim());
  if (match === null) return undefined;
  return { row: Number(match[1]), field: (match[2] ?? match[3] ?? "").trim() };
}

function fieldError(code: string, message: string): Outcome {
  return { state: "error", code, message, raw: false };
}

/** What `=A<row>.<field>` shows, given what A<row> shows now: its error, the field, or #FIELD!. */
function fieldOutcome(source: Outcome, reference: CellReference): Outcome {
  const cell = `A${reference.row}`;
  if (source.state !== "value") return source;
  const only = source.rows.length === 1 && source.rows[0]?.length === 1 ? source.rows[0][0] : undefined;
  if (only?.kind !== "entity")
    return fieldError("#FIELD!", `${cell} holds no card (entity), so it has no field "${reference.field}"`);
  const wanted = reference.field.toLowerCase();
  const name = Object.keys(only.entity.properties).find((label) => label.toLowerCase() === wanted);
  const property = name === undefined ? undefined : only.entity.properties[name];
  if (property === undefined) {
    return fieldError(
      "#FIELD!",
      `${cell} has no field "${reference.field}"; its fields: ${Object.keys(only.entity.properties).join(", ")}`,
    );
  }
  // An Index entity the service could not give: its fields are #N/A, and its card's Error says why.
  if (property.type === "Error") return fieldError("#N/A", propertyText(only.entity.properties["Error"] ?? property));
  return { state: "value", rows: [[previewCellOf(property)]] };
}

function previewCellOf(property: EntityProperty): PreviewCell {
  switch (property.type) {
    case "String":
      return { kind: "text", text: property.basicValue };
    case "Boolean":
      return { kind: "boolean", value: property.basicValue, text: property.basicValue ? "TRUE" : "FALSE" };
    case "Entity":
      return { kind: "entity", entity: property, text: property.text };
    case "FormattedNumber":
      return {
        kind: "date",
        value: property.basicValue,
        text: numberText(property.basicValue, property.numberFormat),
        numberFormat: property.numberFormat,
      };
    case "Error":
      return { kind: "error", code: "#N/A", message: "", text: "#N/A" };
    default:
      return {
        kind: "number",
        value: property.basicValue,
        text: numberText(property.basicValue, property.numberFormat),
      };
  }
}

/** The outcomes of the page's lines by row, so reference lines follow the line they read (refreshes included). */
export class PreviewSheet {
  readonly #outcomes = new Map<number, Outcome>();
  readonly #watchers = new Map<number, ((outcome: Outcome) => void)[]>();

  constructor(readonly rows: number) {}

  set(row: number, outcome: Outcome): void {
    this.#outcomes.set(row, outcome);
    for (const watcher of this.#watchers.get(row) ?? []) watcher(outcome);
  }

  /** Shows `=A<row>.<field>` on `show` now and whenever A<row> changes; #REF! for no such line or itself. */
  follow(reference: CellReference, ownRow: number, show: (outcome: Outcome) => void): void {
    if (reference.row < 1 || reference.row > this.rows || reference.row === ownRow) {
      show(
        fieldError(
          "#REF!",
          `A${reference.row} is ${reference.row === ownRow ? "this line itself" : "not a line of this page"}; lines are A1 to A${this.rows}`,
        ),
      );
      return;
    }
    const watch = (outcome: Outcome) => show(fieldOutcome(outcome, reference));
    this.#watchers.set(reference.row, [...(this.#watchers.get(reference.row) ?? []), watch]);
    watch(this.#outcomes.get(reference.row) ?? { state: "busy" });
  }
}
