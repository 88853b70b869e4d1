/**
 * What "Restore formulas" may write: a formula of the add-in's own namespace, parsed as Excel reads it, not
 * pattern-matched. It must call at least one INDEX.* function; its other parts may only be literals (text,
 * numbers, TRUE/FALSE, array constants), cell references in A1 or R1C1 notation (on this workbook's sheets),
 * operators and parentheses, and the date helpers TODAY, DATE, EDATE and EOMONTH that INDEX arguments are
 * written with. Any other function (WEBSERVICE, HYPERLINK, IMAGE, INDIRECT, FILTERXML, RTD…), a defined name
 * (it can stand for any formula), a structured or external reference ([Book.xlsx], DDE's cmd|), or text that
 * does not parse, is refused with the reason.
 */
type FormulaVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** Functions restore writes besides INDEX.*: pure date arithmetic, nothing that fetches, links or looks anything up. */
const PURE_FUNCTIONS: ReadonlySet<string> = new Set(["TODAY", "DATE", "EDATE", "EOMONTH"]);

const INDEX_FUNCTION = /^INDEX\.[A-Z]+$/;
const A1_CELL = /^\$?[A-Z]{1,3}\$?\d{1,7}$/;
const R1C1_CELL = /^R(?:\[-?\d{1,7}\]|\d{1,7})?C(?:\[-?\d{1,5}\]|\d{1,5})?$/;
/** Characters Excel never allows in a sheet name; in a reference they mean an external or odd link. */
const NOT_IN_SHEET_NAMES = /[[\]:\\/?*]/;

type TokenKind = "string" | "number" | "word" | "sheet" | "punct";
interface Token {
  readonly kind: TokenKind;
  readonly text: string;
}

class Refusal extends Error {}

const TOKEN =
  /\s*(?:("(?:[^"]|"")*")|('(?:[^']|'')+'!)|(R(?:\[-?\d+\]|\d+)?C(?:\[-?\d+\]|\d+)?(?![A-Za-z0-9_.$(!])|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|[A-Za-z_\\$][A-Za-z0-9_.$]*!?)|(<>|<=|>=|[-+*/^&%(),;:{}=<>@#!|[\]]))/y;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (match === null) {
      if (text.slice(start).trim() === "") break;
      throw new Refusal(
        `it has a character a formula of the add-in never holds ("${text.slice(start).trimStart().slice(0, 1)}")`,
      );
    }
    const [, str, quotedSheet, word, punct] = match;
    if (str !== undefined) tokens.push({ kind: "string", text: str });
    else if (quotedSheet !== undefined)
      tokens.push({ kind: "sheet", text: quotedSheet.slice(1, -2).replace(/''/g, "'") });
    else if (word !== undefined && /^[\d.]/.test(word)) tokens.push({ kind: "number", text: word });
    else if (word?.endsWith("!")) tokens.push({ kind: "sheet", text: word.slice(0, -1) });
    else if (word !== undefined) tokens.push({ kind: "word", text: word });
    else if (punct !== undefined) tokens.push({ kind: "punct", text: punct });
  }
  return tokens;
}

function isCell(text: string): boolean {
  const upper = text.toUpperCase();
  return A1_CELL.test(upper) || R1C1_CELL.test(upper);
}

/** A recursive-descent reader of the formula grammar above; it only checks, it computes nothing. */
class FormulaReader {
  #at = 0;
  /** The INDEX functions called, by the name after `INDEX.`, in order. */
  readonly indexFunctions: string[] = [];
  /** Cell references read (a range counts once). */
  references = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  read(): void {
    this.#expression();
    if (this.#at < this.tokens.length) throw new Refusal(`"${this.tokens[this.#at]?.text}" cannot follow the formula`);
  }

  #expression(): void {
    this.#operand();
    while (this.#punct("+", "-", "*", "/", "^", "&", "=", "<>", "<", ">", "<=", ">=")) this.#operand();
  }

  #operand(): void {
    while (this.#punct("-", "+", "@")) {
      // Unary signs and the implicit-intersection operator Excel may add: they change nothing restore cares about.
    }
    this.#primary();
    while (this.#punct("%")) {
      // A percentage: a literal divided by 100.
    }
  }

  #primary(): void {
    const token = this.tokens[this.#at++];
    if (token === undefined) throw new Refusal("it ends too early");
    if (token.kind === "string" || token.kind === "number") return;
    if (token.kind === "sheet") return this.#sheetReference(token.text);
    if (token.kind === "punct" && token.text === "(") return this.#group();
    if (token.kind === "punct" && token.text === "{") return this.#arrayConstant();
    if (token.kind === "word") return this.#word(token.text);
    throw new Refusal(`"${token.text}" cannot start a value`);
  }

  #group(): void {
    this.#expression();
    this.#expect(")");
  }

  #word(text: string): void {
    const upper = text.toUpperCase();
    if (this.#peek("(")) return this.#call(upper);
    if (upper === "TRUE" || upper === "FALSE") return;
    if (isCell(text)) {
      this.references += 1;
      return this.#rangeEnd();
    }
    if (/[[\]]/.test(text)) throw new Refusal(`it refers to a table or another workbook (${text})`);
    throw new Refusal(`it uses the name ${text}, and a name can stand for any formula`);
  }

  #call(name: string): void {
    if (INDEX_FUNCTION.test(name)) this.indexFunctions.push(name.slice("INDEX.".length));
    else if (!PURE_FUNCTIONS.has(name)) throw new Refusal(`it calls ${name}, which is not an INDEX function`);
    this.#expect("(");
    if (this.#punct(")")) return;
    for (;;) {
      if (!this.#peek(",") && !this.#peek(")")) this.#expression();
      if (this.#punct(")")) return;
      if (!this.#punct(",")) throw new Refusal(`")" is missing${this.#where()}`);
    }
  }

  #sheetReference(sheet: string): void {
    if (sheet === "" || NOT_IN_SHEET_NAMES.test(sheet))
      throw new Refusal(`it refers to another workbook or an odd sheet name (${sheet})`);
    const cell = this.tokens[this.#at++];
    if (cell?.kind !== "word" || !isCell(cell.text)) throw new Refusal(`only cell references may follow ${sheet}!`);
    this.references += 1;
    this.#rangeEnd();
  }

  #rangeEnd(): void {
    if (!this.#punct(":")) return;
    const cell = this.tokens[this.#at++];
    if (cell?.kind !== "word" || !isCell(cell.text)) throw new Refusal("a range must end with a cell, e.g. A1:B9");
  }

  #arrayConstant(): void {
    for (;;) {
      this.#punct("-");
      const token = this.tokens[this.#at++];
      const literal =
        token?.kind === "string" ||
        token?.kind === "number" ||
        (token?.kind === "word" && /^(TRUE|FALSE)$/i.test(token.text));
      if (!literal) throw new Refusal("an array constant holds only text, numbers and TRUE/FALSE");
      if (this.#punct("}")) return;
      if (!this.#punct(",", ";")) throw new Refusal('an array constant looks like {"A","B";1,2}');
    }
  }

  #peek(text: string): boolean {
    const token = this.tokens[this.#at];
    return token?.kind === "punct" && token.text === text;
  }

  #punct(...texts: string[]): boolean {
    const token = this.tokens[this.#at];
    if (token?.kind !== "punct" || !texts.includes(token.text)) return false;
    this.#at += 1;
    return true;
  }

  #expect(text: string): void {
    if (!this.#punct(text)) throw new Refusal(`"${text}" is missing${this.#where()}`);
  }

  #where(): string {
    return this.#at < this.tokens.length ? ` before "${this.tokens[this.#at]?.text}"` : " at the end";
  }
}

/** What a formula of the grammar above is made of, or why it is not one. */
export type FormulaReading =
  | { readonly ok: true; readonly indexFunctions: readonly string[]; readonly references: number }
  | { readonly ok: false; readonly reason: string };

/** Reads `formula` by the grammar above: the INDEX functions it calls and how many cells it refers to. */
export function readFormula(formula: string): FormulaReading {
  if (!formula.startsWith("=")) return { ok: false, reason: "it is not a formula" };
  if (formula.length > 8_192) return { ok: false, reason: "it is longer than any formula Excel holds" };
  try {
    const reader = new FormulaReader(tokenize(formula.slice(1)));
    reader.read();
    return { ok: true, indexFunctions: reader.indexFunctions, references: reader.references };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.message };
    throw error;
  }
}

/** Whether restore may write `formula` into a cell, and if not, why (in words for the restore message). */
export function restorableFormula(formula: string): FormulaVerdict {
  const reading = readFormula(formula);
  if (!reading.ok) return reading;
  return reading.indexFunctions.length === 0 ? { ok: false, reason: "it calls no INDEX function" } : { ok: true };
}
