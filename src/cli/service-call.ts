import { type ErrorSubject, faultOf, faultWithCatalogue, type Served } from "../client";
import type { FormulaEnv } from "../excel";
import { TERMINAL_WORDING } from "./terminal-wording";

/**
 * A request to the service failed; the message is already in the terminal's words. Exit code 1, or 2 when the
 * service refused an argument the user typed (`commandLine`): the command line is what to fix.
 */
export class ServiceFailure extends Error {
  override readonly name = "ServiceFailure" as const;
  readonly commandLine: boolean;

  constructor(message: string, commandLine = false) {
    super(message);
    this.commandLine = commandLine;
  }
}

/** A failure in the terminal's words, classified once by the client (`faultOf`). */
export function terminalMessage(error: unknown, subject: ErrorSubject): string {
  const fault = faultOf(error, subject);
  return TERMINAL_WORDING[fault.kind](fault, subject);
}

/** Runs one request; a failure (a symbol's 404 settled with the catalogue) becomes a ServiceFailure. */
export async function served<T>(env: FormulaEnv, subject: ErrorSubject, request: () => Promise<Served<T>>): Promise<T> {
  try {
    return (await request()).data;
  } catch (error) {
    const fault = await faultWithCatalogue(faultOf(error, subject), subject, env.source);
    throw new ServiceFailure(TERMINAL_WORDING[fault.kind](fault, subject), fault.kind === "bad-request");
  }
}
