import { msToSerial } from "../../../src/formulas/dates";

/**
 * Excel's typing rules, as the workbook fake applies them to what is written through Range.values (or typed),
 * and the shapes Range.values, valueTypes and valuesAsJson read. Where Microsoft documents the rule it is
 * followed; where hosts may differ it is modelled pessimistically, so that only a writer that does not depend
 * on the difference passes:
 * - a leading apostrophe makes the rest text, whatever it looks like (every host);
 * - a cell formatted as text ("@") keeps what is entered as text;
 * - "=", "+", "-" start a formula (documented for Range.values), and so does "@" (Lotus-style entry); any
 *   leading whitespace or control characters (tab, CR, LF, space, NBSP, NUL) before them count as nothing;
 * - numbers, TRUE/FALSE, ISO dates and error codes become numbers, booleans, date serials and error constants;
 * - text longer than 32,767 characters is refused (the write fails).
 */
export const EXCEL_TEXT_LIMIT = 32_767;

export const ERRORS: ReadonlySet<string> = new Set([
  "#N/A",
  "#VALUE!",
  "#REF!",
  "#NAME?",
  "#DIV/0!",
  "#NUM!",
  "#NULL!",
  "#SPILL!",
  "#BUSY!",
  "#CALC!",
  "#FIELD!",
]);

/** What a written value becomes in a cell: a formula, or a constant (an error constant flagged). */
export type Entry = { readonly formula: string } | { readonly value: unknown; readonly error?: boolean };

const NUMBER = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// eslint-disable-next-line no-control-regex -- control characters before a formula sign are the point
const FORMULA_START = /^[\s\u00a0\u0000]*([=+\-@])/;

export function entryOf(input: unknown, format: string): Entry {
  if (typeof input !== "string") {
    if (input === null || input === undefined) return { value: "" };
    if (typeof input === "object")
      throw new Error("Range.values takes numbers, text and booleans; data types go through valuesAsJson");
    return { value: input };
  }
  if (input.length > EXCEL_TEXT_LIMIT)
    throw new Error(`InvalidArgument: a cell holds at most ${EXCEL_TEXT_LIMIT} characters (got ${input.length})`);
  if (input === "") return { value: "" };
  if (input.startsWith("'")) return { value: input.slice(1) };
  if (format === "@") return { value: input };
  if (ERRORS.has(input)) return { value: input, error: true };
  if (NUMBER.test(input)) return { value: Number(input) };
  if (/^\s*(true|false)\s*$/i.test(input)) return { value: input.trim().toUpperCase() === "TRUE" };
  const date = ISO_DATE.exec(input);
  if (date !== null) return { value: msToSerial(Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]))) };
  const sign = FORMULA_START.exec(input);
  if (sign !== null) {
    const rest = input.slice(sign[0].length);
    return { formula: sign[1] === "=" || sign[1] === "@" ? `=${rest}` : `=${sign[1]}${rest}` };
  }
  return { value: input };
}

/** A rich value (data type) held by a cell: a formatted number or an entity, as valuesAsJson gives it. */
export function isRich(
  value: unknown,
): value is { readonly type: string; readonly basicValue?: unknown; readonly text?: string } {
  return typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";
}

/** What Range.values reads for a cell value: a rich value's basic value (an entity reads "#VALUE!"). */
export function basicValue(value: unknown): unknown {
  if (!isRich(value)) return value;
  if (
    value.type === "FormattedNumber" ||
    value.type === "Double" ||
    value.type === "String" ||
    value.type === "Boolean"
  )
    return value.basicValue;
  return "#VALUE!";
}

/** What Range.valueTypes reads. */
export function valueType(value: unknown, error: boolean | undefined): string {
  if (error === true) return "Error";
  if (isRich(value))
    return value.type === "FormattedNumber" || value.type === "Double"
      ? "Double"
      : value.type === "String"
        ? "String"
        : "Error";
  if (value === "" || value === null || value === undefined) return "Empty";
  if (typeof value === "number") return "Double";
  if (typeof value === "boolean") return "Boolean";
  return "String";
}

/** What Range.valuesAsJson reads: the cell value with the basic type and value Excel adds. */
export function jsonOf(value: unknown, error: boolean | undefined): unknown {
  if (isRich(value)) {
    const basic = basicValue(value);
    return { ...value, basicType: valueType(value, false), basicValue: basic };
  }
  const type = valueType(value, error);
  return { type, basicType: type, basicValue: value ?? "" };
}

/** What a cell holds after a valuesAsJson write: the typed value as given (no parsing of text). */
export function entryOfJson(json: unknown): Entry {
  if (!isRich(json)) throw new Error("valuesAsJson takes cell value objects");
  switch (json.type) {
    case "String":
    case "Double":
    case "Boolean":
      return { value: json.basicValue };
    case "Empty":
      return { value: "" };
    case "Error":
      return { value: json.basicValue, error: true };
    default: {
      // Excel keeps a data type as written, without the read-only basic type and value.
      const { basicType: _type, basicValue: _value, ...rich } = json as Record<string, unknown>;
      return { value: rich };
    }
  }
}
