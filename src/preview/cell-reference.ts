import { numberText, propertyText, type EntityCellValue, type EntityProperty } from "../formulas";
import type { Outcome, PreviewCell } from "./outcome";

/**
 * `=A1.Confidence` in the preview: the lines are the cells A1, A2, … of column A, and a line may read one field
 * of the entity another line shows, as Excel's dot notation does (`=A1.[As of]` for names with spaces), or call
 * one of its reference methods, `=A1.History("-30D")`. Names match without regard to case, as in Excel.
 */
interface CellReference {
  /** 1-based line (row) number. */
  readonly row: number;
  readonly field: string;
  /** A method call's arguments as typed between the parentheses ("" for none); undefined for a field. */
  readonly call?: string;
}

const REFERENCE = /^=?\s*A(\d+)\.(?:\[([^\]]+)\]|([A-Za-z_][A-Za-z0-9_]*))\s*(?:\((.*)\))?\s*$/i;

/** The reference a line holds, or undefined when the line is a formula to evaluate. */
export function parseCellReference(text: string): CellReference | undefined {
  const match = REFERENCE.exec(text.trim());
  if (match === null) return undefined;
  const field = (match[2] ?? match[3] ?? "").trim();
  return match[4] === undefined ? { row: Number(match[1]), field } : { row: Number(match[1]), field, call: match[4] };
}

/**
 * Calls the custom function `id` as Excel calls a reference method: the entity first, then the arguments typed;
 * shows each outcome, and returns what cancels it.
 */
export type MethodCall = (
  entity: EntityCellValue,
  id: string,
  args: string,
  show: (outcome: Outcome) => void,
  ownRow: number,
) => () => void;

function fieldError(code: string, message: string): Outcome {
  return { state: "error", code, message, raw: false };
}

/**
 * The entity A<row> shows alone, which a reference reads a `member` ("field" or "method") of; else what the line
 * shows instead: A<row>'s own error, or #FIELD! when it holds no card.
 */
function entityOf(source: Outcome, reference: CellReference, member: string): EntityCellValue | Outcome {
  if (source.state !== "value") return source;
  const only = source.rows.length === 1 && source.rows[0]?.length === 1 ? source.rows[0][0] : undefined;
  if (only?.kind === "entity") return only.entity;
  return fieldError("#FIELD!", `A${reference.row} holds no card (entity), so it has no ${member} "${reference.field}"`);
}

/** Whether what a reference reads is an entity, not what its line shows instead. */
const isEntity = (read: EntityCellValue | Outcome): read is EntityCellValue => !("state" in read);

/** What `=A<row>.<field>` shows, given what A<row> shows now: its error, the field, or #FIELD!. */
function fieldOutcome(source: Outcome, reference: CellReference): Outcome {
  const cell = `A${reference.row}`;
  const entity = entityOf(source, reference, "field");
  if (!isEntity(entity)) return entity;
  const wanted = reference.field.toLowerCase();
  const name = Object.keys(entity.properties).find((label) => label.toLowerCase() === wanted);
  const property = name === undefined ? undefined : entity.properties[name];
  if (property === undefined) {
    return fieldError(
      "#FIELD!",
      `${cell} has no field "${reference.field}"; its fields: ${Object.keys(entity.properties).join(", ")}`,
    );
  }
  if (property.type === "Function")
    return fieldError("#VALUE!", `${name} is a method of ${cell}: call it, e.g. =${cell}.${name}()`);
  // An Index entity the service could not give: its fields are #N/A, and its card's Error says why.
  if (property.type === "Error") return fieldError("#N/A", propertyText(entity.properties["Error"] ?? property));
  return { state: "value", rows: [[previewCellOf(property)]] };
}

/** The method `=A<row>.<name>(…)` calls on what A<row> shows: its entity and function id, or what the line shows instead. */
function methodOf(source: Outcome, reference: CellReference): { entity: EntityCellValue; id: string } | Outcome {
  const cell = `A${reference.row}`;
  const entity = entityOf(source, reference, "method");
  if (!isEntity(entity)) return entity;
  const wanted = reference.field.toLowerCase();
  const methods = Object.entries(entity.properties).filter(([, property]) => property.type === "Function");
  const found = methods.find(([label]) => label.toLowerCase() === wanted)?.[1];
  if (found?.type === "Function") return { entity, id: found.id };
  const names = methods.map(([label]) => label).join(", ");
  return fieldError(
    "#FIELD!",
    `${cell} has no method "${reference.field}"${names === "" ? " (this Excel has no reference methods)" : `; its methods: ${names}`}`,
  );
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
    case "Function":
      return { kind: "text", text: propertyText(property) };
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

  constructor(
    readonly rows: number,
    private readonly call?: MethodCall,
  ) {}

  set(row: number, outcome: Outcome): void {
    this.#outcomes.set(row, outcome);
    for (const watcher of this.#watchers.get(row) ?? []) watcher(outcome);
  }

  /**
   * Shows `=A<row>.<field>` (or the method call `=A<row>.<name>(…)`) on `show` now and whenever A<row> changes;
   * #REF! for no such line or itself.
   */
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
    let cancel = () => undefined as void;
    const watch = (outcome: Outcome) => {
      cancel();
      const args = reference.call;
      const method = args === undefined ? undefined : methodOf(outcome, reference);
      if (method === undefined) show(fieldOutcome(outcome, reference));
      else if ("state" in method) show(method);
      else if (args !== undefined && this.call !== undefined)
        cancel = this.call(method.entity, method.id, args, show, ownRow);
    };
    this.#watchers.set(reference.row, [...(this.#watchers.get(reference.row) ?? []), watch]);
    watch(this.#outcomes.get(reference.row) ?? { state: "busy" });
  }
}
