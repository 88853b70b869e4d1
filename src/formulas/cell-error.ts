/** The Excel errors a formula of ours can show. `#N/A`: no value to show; `#VALUE!`: the formula or its setup is wrong. */
const CELL_ERROR_CODES = ["#N/A", "#VALUE!"] as const;
export type CellErrorCode = (typeof CELL_ERROR_CODES)[number];

/**
 * An error a cell shows, with a message that says what to do. The pure layer returns it as a value;
 * it extends Error only so that argument parsing can stop early with `throw` and be caught in one place.
 */
export class CellError extends Error {
  override readonly name = "CellError" as const;
  readonly code: CellErrorCode;

  constructor(code: CellErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** Checks `name` as well as `instanceof`: the preview and the runtime may hold separate copies of this class. */
export function isCellError(value: unknown): value is CellError {
  if (value instanceof CellError) return true;
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as { name?: unknown; code?: unknown; message?: unknown };
  return (
    candidate.name === "CellError" &&
    (CELL_ERROR_CODES as readonly unknown[]).includes(candidate.code) &&
    typeof candidate.message === "string"
  );
}

/** `#VALUE!` for a bad argument: names the argument, what it got and what is allowed. */
export function invalidArgument(argument: string, allowed: string, got?: unknown): CellError {
  const shown = got === undefined ? "" : ` (got ${describeValue(got)})`;
  return new CellError("#VALUE!", `${argument}: ${allowed}${shown}`);
}

/** `#N/A` with a message. */
export function notAvailable(message: string): CellError {
  return new CellError("#N/A", message);
}

/** A short, safe rendering of what a user passed, for error messages. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return "nothing";
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return "a range";
  return typeof value;
}
