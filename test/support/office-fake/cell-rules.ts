import { parseRect } from "../../../src/workbook/sheet-address";
import { msToSerial } from "../../../src/formulas/dates";
import { basicValue } from "./excel-typing";
import { inside } from "./cell-grid";
import type { FakeRule, FakeWorkbook } from "./fake-workbook";

/**
 * What a custom conditional format does to a cell, as Excel decides it: its formula is read relative to the format's
 * first cell (`$C2` in a format on B2:B9 is C5 for B5), evaluated on the cells' values, and the first format (the
 * highest priority) whose formula is TRUE gives the cell its fill and font. The formulas read here are the ones the
 * builder writes: AND, OR, NOT, ISNUMBER, ISERROR, ISBLANK, LEN, ABS, TODAY, comparisons and arithmetic.
 */
export interface CellMark {
  readonly fill?: string | undefined;
  readonly font?: string | undefined;
}

type Value = number | string | boolean | { readonly error: string };

const TOKEN =
  /\s*(?:("(?:[^"]|"")*")|(\d+(?:\.\d+)?)|(\$?[A-Z]{1,3}\$?\d+)(?![A-Z(])|([A-Z][A-Z0-9.]*)(?=\()|(<>|<=|>=|[-+*/(),=<>&]))/y;

function tokens(formula: string): string[] {
  const found: string[] = [];
  TOKEN.lastIndex = 0;
  const text = formula.replace(/^=/, "");
  while (TOKEN.lastIndex < text.length) {
    const match = TOKEN.exec(text);
    if (match === null) throw new Error(`the fake cannot read "${text.slice(TOKEN.lastIndex)}" in ${formula}`);
    found.push(match[0].trim());
  }
  return found;
}

const isError = (value: Value): value is { error: string } => typeof value === "object";
const asNumber = (value: Value): number =>
  typeof value === "number" ? value : typeof value === "boolean" ? Number(value) : NaN;

function compare(op: string, a: Value, b: Value): boolean {
  const order = (x: Value) => (typeof x === "number" ? 0 : typeof x === "string" ? 1 : 2);
  const sign =
    order(a) !== order(b)
      ? order(a) - order(b)
      : typeof a === "string" && typeof b === "string"
        ? a.toLowerCase().localeCompare(b.toLowerCase())
        : asNumber(a) - asNumber(b);
  return (
    { "=": sign === 0, "<>": sign !== 0, "<": sign < 0, ">": sign > 0, "<=": sign <= 0, ">=": sign >= 0 }[op] ?? false
  );
}

type Operators = ReadonlyMap<string, (a: number, b: number) => number>;

const SUM: Operators = new Map([
  ["+", (a, b) => a + b],
  ["-", (a, b) => a - b],
]);
const PRODUCT: Operators = new Map([
  ["*", (a, b) => a * b],
  ["/", (a, b) => a / b],
]);

class RuleReader {
  private at = 0;
  constructor(
    private readonly list: readonly string[],
    private readonly cell: (reference: string) => Value,
    private readonly today: number,
  ) {}

  read(): Value {
    const value = this.comparison();
    if (this.at !== this.list.length) throw new Error(`the fake cannot read ${this.list.join("")}`);
    return value;
  }

  private comparison(): Value {
    const left = this.sum();
    const op = this.list[this.at];
    if (op === undefined || !["=", "<>", "<", ">", "<=", ">="].includes(op)) return left;
    this.at += 1;
    const right = this.sum();
    if (isError(left)) return left;
    if (isError(right)) return right;
    return compare(op, left, right);
  }

  private sum(): Value {
    return this.level(() => this.product(), SUM);
  }

  private product(): Value {
    return this.level(() => this.unary(), PRODUCT);
  }

  /** One level of arithmetic, left to right: operands read by `next`, joined by `operators`; an error wins. */
  private level(next: () => Value, operators: Operators): Value {
    let value = next();
    for (;;) {
      const apply = operators.get(this.list[this.at] ?? "");
      if (apply === undefined) return value;
      this.at += 1;
      const right = next();
      if (isError(value) || isError(right)) return isError(value) ? value : right;
      value = apply(asNumber(value), asNumber(right));
    }
  }

  private unary(): Value {
    if (this.list[this.at] !== "-") return this.primary();
    this.at += 1;
    const value = this.unary();
    return isError(value) ? value : -asNumber(value);
  }

  private primary(): Value {
    const token = this.list[this.at++];
    if (token === undefined) throw new Error("the rule ends too early");
    if (token.startsWith('"')) return token.slice(1, -1).replace(/""/g, '"');
    if (/^\d/.test(token)) return Number(token);
    if (token === "(") {
      const value = this.comparison();
      this.at += 1;
      return value;
    }
    if (this.list[this.at] === "(") return this.call(token);
    return this.cell(token);
  }

  private call(name: string): Value {
    this.at += 1;
    const args: Value[] = [];
    while (this.list[this.at] !== ")") {
      args.push(this.comparison());
      if (this.list[this.at] === ",") this.at += 1;
    }
    this.at += 1;
    const [first = ""] = args;
    switch (name) {
      case "AND":
        return args.find(isError) ?? args.every((arg) => arg === true || asNumber(arg) !== 0);
      case "OR":
        return args.find(isError) ?? args.some((arg) => arg === true || asNumber(arg) !== 0);
      case "NOT":
        return isError(first) ? first : !(first === true || asNumber(first) !== 0);
      case "ISNUMBER":
        return typeof first === "number";
      case "ISERROR":
        return isError(first);
      case "ISBLANK":
        return first === "";
      case "LEN":
        return isError(first) ? first : String(first).length;
      case "ABS":
        return isError(first) ? first : Math.abs(asNumber(first));
      case "TODAY":
        return this.today;
      default:
        throw new Error(`the fake does not evaluate ${name} in a conditional format`);
    }
  }
}

/** The value a rule reads from a cell: its shown value (a data type's basic value), an error as itself. */
function valueAt(book: FakeWorkbook, sheet: string, row: number, column: number): Value {
  const cell = book.read(sheet, row, column);
  if (cell.error === true) return { error: String(cell.value) };
  const value = basicValue(cell.value);
  return typeof value === "number" || typeof value === "boolean" ? value : String(value ?? "");
}

/** Whether `rule` holds for the cell at (row, column) of `sheet`, on `today` (a UTC day, as TODAY() gives it). */
export function ruleHolds(
  book: FakeWorkbook,
  sheet: string,
  rule: FakeRule,
  row: number,
  column: number,
  today: Date,
): boolean {
  if (rule.formula === undefined) return false;
  const cell = (reference: string): Value => {
    const rect = parseRect(reference.replace(/\$/g, ""));
    if (rect === undefined) throw new Error(`bad reference ${reference}`);
    const r = /\$\d/.test(reference) ? rect.top : rect.top + row - rule.rect.top;
    const c = /^\$/.test(reference) ? rect.left : rect.left + column - rule.rect.left;
    return valueAt(book, sheet, r, c);
  };
  const day = msToSerial(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  return new RuleReader(tokens(rule.formula), cell, day).read() === true;
}

/** The fill and font the sheet's conditional formats give the cell at `address` on `today`; {} when none holds. */
export function cellMark(book: FakeWorkbook, address: string, today: Date): CellMark {
  const at = parseRect(address);
  if (at === undefined) throw new Error(`bad address ${address}`);
  const rule = book
    .sheet(at.sheet)
    .rules.find(
      (candidate) =>
        inside(candidate.rect, at.top, at.left) && ruleHolds(book, at.sheet, candidate, at.top, at.left, today),
    );
  if (rule === undefined) return {};
  return { fill: rule.fill, font: rule.font };
}
