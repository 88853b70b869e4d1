/**
 * Formulas between A1 and R1C1 notation, as Range.formulasR1C1 reads and writes them: a reference relative to
 * the formula's cell in A1 (B2 seen from C3) is R[-1]C[-1] in R1C1, an absolute one ($B$2) is R2C2. Text in
 * quotes is left alone; a name followed by "(" is a function, not a cell.
 */
const A1_CELL = /(?<![A-Za-z0-9_.$])(\$?)([A-Z]{1,3})(\$?)(\d+)(?![A-Za-z0-9_(])/g;
const R1C1_CELL = /(?<![A-Za-z0-9_.$])R(\[-?\d+\]|\d+)?C(\[-?\d+\]|\d+)?(?![A-Za-z0-9_(])/g;

function columnIndex(letters: string): number {
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index;
}

function columnLetters(index: number): string {
  let letters = "";
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Applies `change` to the parts of `formula` outside string literals. */
function outsideStrings(formula: string, change: (part: string) => string): string {
  return formula
    .split(/("(?:[^"]|"")*")/)
    .map((part, index) => (index % 2 === 1 ? part : change(part)))
    .join("");
}

/** `formula` (A1) as written in the cell at zero-based (row, column), in R1C1. */
export function toR1C1(formula: string, row: number, column: number): string {
  return outsideStrings(formula, (part) =>
    part.replace(A1_CELL, (_all, absColumn: string, letters: string, absRow: string, digits: string) => {
      const r = Number(digits);
      const c = columnIndex(letters);
      const rowPart = absRow === "$" ? `R${r}` : r - 1 === row ? "R" : `R[${r - 1 - row}]`;
      const columnPart = absColumn === "$" ? `C${c}` : c - 1 === column ? "C" : `C[${c - 1 - column}]`;
      return `${rowPart}${columnPart}`;
    }),
  );
}

function axis(spec: string | undefined, base: number): { index: number; absolute: boolean } {
  if (spec === undefined) return { index: base + 1, absolute: false };
  if (spec.startsWith("[")) return { index: base + 1 + Number(spec.slice(1, -1)), absolute: false };
  return { index: Number(spec), absolute: true };
}

/** `formula` (R1C1) written into the cell at zero-based (row, column), in A1. */
export function fromR1C1(formula: string, row: number, column: number): string {
  return outsideStrings(formula, (part) =>
    part.replace(R1C1_CELL, (_all, rowSpec: string | undefined, columnSpec: string | undefined) => {
      const r = axis(rowSpec, row);
      const c = axis(columnSpec, column);
      return `${c.absolute ? "$" : ""}${columnLetters(c.index)}${r.absolute ? "$" : ""}${r.index}`;
    }),
  );
}
