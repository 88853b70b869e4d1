import { isCellError } from "../../../src/formulas/cell-error";

/** The #VALUE! (or other CellError) an argument parser throws, as plain data; fails if it returns or throws anything else. */
export function refusalOf(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (isCellError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a CellError");
}
