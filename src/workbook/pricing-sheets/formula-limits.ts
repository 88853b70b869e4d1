/**
 * Excel's limits on a formula, checked before anything is written ("Excel specifications and limits"): a formula holds
 * at most 8,192 characters, and a text constant in it at most 255 (a longer one is refused when the formula is
 * entered). The builder checks every formula it writes, and a template's formulas are checked with the longest
 * symbol a list may hold.
 */
export const FORMULA_LIMITS = { formulaChars: 8_192, textChars: 255 } as const;

const TEXT_CONSTANT = /"((?:[^"]|"")*)"/g;

/** Why Excel would refuse `formula`, or undefined when it is within both limits. */
export function formulaLimitProblem(formula: string): string | undefined {
  if (formula.length > FORMULA_LIMITS.formulaChars)
    return `it is ${formula.length.toLocaleString("en-US")} characters long; Excel takes formulas of at most ${FORMULA_LIMITS.formulaChars.toLocaleString("en-US")}`;
  for (const [, quoted = ""] of formula.matchAll(TEXT_CONSTANT)) {
    const text = quoted.replace(/""/g, '"');
    if (text.length > FORMULA_LIMITS.textChars)
      return `its text "${text.slice(0, 24)}…" is ${text.length} characters long; Excel takes at most ${FORMULA_LIMITS.textChars} in a formula's text`;
  }
  return undefined;
}
