/**
 * A stand-in for Excel's custom functions runtime: the `CustomFunctions` global the functions bundle
 * expects (`associate`, `Error`, `ErrorCode`). It records the associations so the harness can invoke them.
 */

const ERROR_CODES = {
  invalidValue: "#VALUE!",
  notAvailable: "#N/A",
  divisionByZero: "#DIV/0!",
  invalidNumber: "#NUM!",
  nullReference: "#NULL!",
  invalidName: "#NAME?",
  invalidReference: "#REF!",
} as const;

/** What CustomFunctions.Error carries in the real runtime. */
export class StandInError extends Error {
  override readonly name = "CustomFunctions.Error";
  readonly code: string;
  constructor(code: string = ERROR_CODES.invalidValue, message?: string) {
    super(message ?? "");
    this.code = code;
  }
}

type RegisteredFunction = (...args: unknown[]) => unknown;

export interface CustomFunctionsStandIn {
  readonly functions: ReadonlyMap<string, RegisteredFunction>;
}

/** Installs the global once (before the functions bundle runs) and returns what it records. */
export function installCustomFunctionsStandIn(target: Record<string, unknown>): CustomFunctionsStandIn {
  const functions = new Map<string, RegisteredFunction>();
  const associate = (idOrMappings: string | Record<string, RegisteredFunction>, fn?: RegisteredFunction): void => {
    if (typeof idOrMappings === "string") {
      if (fn !== undefined) functions.set(idOrMappings.toUpperCase(), fn);
      return;
    }
    for (const [id, mapped] of Object.entries(idOrMappings)) functions.set(id.toUpperCase(), mapped);
  };
  target["CustomFunctions"] = { associate, Error: StandInError, ErrorCode: ERROR_CODES };
  return { functions };
}

export function isStandInError(value: unknown): value is StandInError {
  return value instanceof StandInError;
}
