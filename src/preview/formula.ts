/**
 * A small parser for one INDEX formula as a user types it in the preview:
 * `=INDEX.HISTORY("RTM-NWE-A-1x3", TODAY()-90, , "weekly", TRUE, , "confidence")`.
 * Arguments: strings ("" escapes a quote), numbers, TRUE/FALSE, empty arguments, `{1,2;3,4}` array
 * literals (for ranges), and TODAY() / DATE(y,m,d) with + and - (UTC, like the add-in's dates).
 */

import { msToSerial } from "../formulas";
import { startOfUtcDay } from "@index-data/wire/time";

/** An argument value; `null` is an omitted argument, a matrix stands for a range. */
export type FormulaValue = string | number | boolean | null | FormulaScalar[][];
export type FormulaScalar = string | number | boolean | null;

interface ParsedFormula {
  /** The function id without namespace, upper case: "HISTORY". */
  readonly id: string;
  readonly args: readonly FormulaValue[];
}

export class FormulaSyntaxError extends Error {
  override readonly name = "FormulaSyntaxError" as const;
}

const TOKEN = /\s*(?:("(?:[^"]|"")*")|(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|([A-Za-z_][A-Za-z0-9_.]*)|(.))/y;

interface Token {
  readonly kind: "string" | "number" | "name" | "punct";
  readonly text: string;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const match = TOKEN.exec(text);
    if (!match) break;
    const [, str, num, name, punct] = match;
    if (str !== undefined) tokens.push({ kind: "string", text: str.slice(1, -1).replace(/""/g, '"') });
    else if (num !== undefined) tokens.push({ kind: "number", text: num });
    else if (name !== undefined) tokens.push({ kind: "name", text: name });
    else if (punct !== undefined && punct.trim() !== "") tokens.push({ kind: "punct", text: punct });
  }
  return tokens;
}

/** TODAY() and DATE() give a whole UTC day's serial, counted as Excel counts (1900 leap day included). */
function serialOfUtcDay(ms: number): number {
  return msToSerial(startOfUtcDay(ms));
}

class Parser {
  #at = 0;
  constructor(
    private readonly tokens: readonly Token[],
    private readonly now: Date,
  ) {}

  formula(): ParsedFormula {
    if (this.#peek("=")) this.#at += 1;
    const name = this.#take("name", "a function name such as INDEX.LATEST").text.toUpperCase();
    if (!name.startsWith("INDEX.")) throw new FormulaSyntaxError(`only INDEX functions run here, not ${name}`);
    this.#expect("(");
    const args = this.#arguments();
    this.#expect(")");
    if (this.#at < this.tokens.length)
      throw new FormulaSyntaxError(`unexpected "${this.tokens[this.#at]?.text}" after the formula`);
    return { id: name.slice("INDEX.".length), args };
  }

  #arguments(): FormulaValue[] {
    if (this.#peek(")")) return [];
    const args: FormulaValue[] = [];
    for (;;) {
      args.push(this.#peek(",") || this.#peek(")") ? null : this.#expression());
      if (!this.#peek(",")) return args;
      this.#at += 1;
    }
  }

  #expression(): FormulaValue {
    let value = this.#term();
    while (this.#peek("+") || this.#peek("-")) {
      const sign = this.tokens[this.#at++]?.text === "-" ? -1 : 1;
      const right = this.#term();
      if (typeof value !== "number" || typeof right !== "number")
        throw new FormulaSyntaxError("+ and - work on numbers and dates only");
      value += sign * right;
    }
    return value;
  }

  #term(): FormulaValue {
    const token = this.tokens[this.#at++];
    if (token === undefined) throw new FormulaSyntaxError("the formula ends too early");
    if (token.kind === "string") return token.text;
    if (token.kind === "number") return Number(token.text);
    if (token.text === "-") return -this.#number(this.#term());
    if (token.text === "{") return this.#array();
    if (token.kind === "name") return this.#name(token.text.toUpperCase());
    throw new FormulaSyntaxError(`unexpected "${token.text}"`);
  }

  #name(name: string): FormulaValue {
    if (name === "TRUE" || name === "FALSE") return name === "TRUE";
    this.#expect("(");
    const args = this.#arguments();
    this.#expect(")");
    if (name === "TODAY" && args.length === 0) return serialOfUtcDay(this.now.getTime());
    if (name === "DATE" && args.length === 3) {
      const [y, m, d] = args.map((arg) => this.#number(arg));
      return serialOfUtcDay(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
    }
    throw new FormulaSyntaxError(`${name}() is not supported here; use TODAY(), DATE(y,m,d) or a literal`);
  }

  #array(): FormulaScalar[][] {
    const rows: FormulaScalar[][] = [[]];
    for (;;) {
      const value = this.#expression();
      if (Array.isArray(value)) throw new FormulaSyntaxError("arrays cannot be nested");
      rows[rows.length - 1]?.push(value);
      const next = this.tokens[this.#at++]?.text;
      if (next === "}") break;
      if (next === ";") rows.push([]);
      else if (next !== ",") throw new FormulaSyntaxError('an array literal looks like {"A","B"} or {1;2}');
    }
    if (new Set(rows.map((row) => row.length)).size !== 1)
      throw new FormulaSyntaxError("every row of an array must have the same length");
    return rows;
  }

  #number(value: FormulaValue): number {
    if (typeof value !== "number") throw new FormulaSyntaxError("expected a number");
    return value;
  }

  #peek(text: string): boolean {
    return this.tokens[this.#at]?.text === text && this.tokens[this.#at]?.kind === "punct";
  }

  #expect(text: string): void {
    if (!this.#peek(text))
      throw new FormulaSyntaxError(
        `expected "${text}"${this.#at < this.tokens.length ? ` before "${this.tokens[this.#at]?.text}"` : " at the end"}`,
      );
    this.#at += 1;
  }

  #take(kind: Token["kind"], what: string): Token {
    const token = this.tokens[this.#at];
    if (token?.kind !== kind) throw new FormulaSyntaxError(`expected ${what}`);
    this.#at += 1;
    return token;
  }
}

/** Parses one formula; throws FormulaSyntaxError saying what is wrong. */
export function parseFormula(text: string, now: Date = new Date()): ParsedFormula {
  return new Parser(tokenize(text.trim()), now).formula();
}
