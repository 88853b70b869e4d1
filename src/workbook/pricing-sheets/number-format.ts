/**
 * A template's number formats may only change how a value looks, never what it says. Excel's format code has up to
 * four sections, `positive;negative;zero;text`; a section of quoted text alone shows that text in place of the value
 * (`"6.2160"` shows a fixed price, `;;;` shows nothing), and a negative section without a minus sign shows a loss as
 * a gain (`0.00;0.00`). Refused, each with the reason:
 * - a section that shows no value (literal text only, or empty);
 * - a negative section without a minus sign (or the accountant's parentheses);
 * - a condition (`[<0]`, `[>=100]`), which decides by value which section shows and so can hide any of them;
 * - more than four sections.
 */

/** One section's parts, outside quotes, escapes and brackets: what it shows of the value, and its marks. */
interface Section {
  readonly showsValue: boolean;
  readonly minus: boolean;
  readonly condition: boolean;
}

const VALUE_CODES = /[0#?@]|general|[ymdhs]|e[+-]/i;

/** The format's sections, split on semicolons that are not quoted, escaped or bracketed. */
function sections(format: string): string[] {
  const found: string[] = [];
  let current = "";
  for (let i = 0; i < format.length; i += 1) {
    const char = format[i] as string;
    if (char === '"') {
      const end = format.indexOf('"', i + 1);
      const stop = end < 0 ? format.length : end;
      current += format.slice(i, stop + 1);
      i = stop;
    } else if (char === "\\" || char === "_" || char === "*") {
      current += format.slice(i, i + 2);
      i += 1;
    } else if (char === "[") {
      const end = format.indexOf("]", i + 1);
      const stop = end < 0 ? format.length : end;
      current += format.slice(i, stop + 1);
      i = stop;
    } else if (char === ";") {
      found.push(current);
      current = "";
    } else current += char;
  }
  found.push(current);
  return found;
}

/** What one section shows: its codes read outside quoted text, escapes and brackets. */
function readSection(section: string): Section {
  let codes = "";
  let minus = false;
  let condition = false;
  let elapsed = false;
  for (let i = 0; i < section.length; i += 1) {
    const char = section[i] as string;
    if (char === '"') {
      const end = section.indexOf('"', i + 1);
      const text = section.slice(i + 1, end < 0 ? section.length : end);
      if (text.includes("-")) minus = true;
      i = end < 0 ? section.length : end;
    } else if (char === "\\" || char === "_" || char === "*") {
      if (char === "\\" && section[i + 1] === "-") minus = true;
      i += 1;
    } else if (char === "[") {
      const end = section.indexOf("]", i + 1);
      const inside = section.slice(i + 1, end < 0 ? section.length : end);
      if (/^[<>=]/.test(inside)) condition = true;
      if (/^(h+|m+|s+)$/i.test(inside)) elapsed = true;
      i = end < 0 ? section.length : end;
    } else {
      if (char === "-" || char === "(") minus = true;
      codes += char;
    }
  }
  return { showsValue: elapsed || VALUE_CODES.test(codes), minus, condition };
}

const ORDINAL = ["first (positive)", "second (negative)", "third (zero)", "fourth (text)"] as const;

/** Why `format` may not be a column's number format, or undefined when it shows every value as it is. */
export function numberFormatProblem(format: string): string | undefined {
  const parts = sections(format);
  if (parts.length > 4) return `it has ${parts.length} sections; a number format has at most four`;
  for (const [i, part] of parts.entries()) {
    const which = ORDINAL[i] ?? `section ${i + 1}`;
    if (part.trim() === "") return `its ${which} section is empty, so those values would not show`;
    const section = readSection(part);
    if (section.condition) return `its ${which} section has a condition, which can hide values`;
    if (!section.showsValue)
      return `its ${which} section is text only, so it would show that text instead of the value`;
    if (i === 1 && !section.minus)
      return 'its negative section has no minus sign, so a fall would show as a rise (write "-0.00" or "(0.00)")';
  }
  return undefined;
}
