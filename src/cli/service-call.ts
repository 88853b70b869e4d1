import { ask, faultWithCatalogue, subjectOf } from "../client";
import type { SourceAnswer, SourceArgs, SourceData, SourceName } from "../client";
import { type ErrorSubject, faultOf } from "@index-data/wire";
import type { CliEnv } from "./command-context";
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

/**
 * Asks the source's method `name` with `args`; a failure (a symbol's 404 settled with the catalogue) becomes a
 * ServiceFailure about the subject the request itself names (`subjectOf`). An answer a cache served stale is noted
 * in `env.lastKnown`, so the output is marked.
 */
export async function answer<N extends SourceName>(
  env: CliEnv,
  name: N,
  args: SourceArgs<N>,
): Promise<SourceAnswer<N>> {
  try {
    const served = await ask(env.source, name, args);
    // Its age is read at receipt: the source dates a stale answer back from the moment it arrived.
    if (served.meta.servedStale) env.lastKnown.note(served.meta.producedAt, Date.now());
    return served;
  } catch (error) {
    const subject = subjectOf(name, args);
    const fault = await faultWithCatalogue(faultOf(error, subject), subject, env.source);
    throw new ServiceFailure(TERMINAL_WORDING[fault.kind](fault, subject), fault.kind === "bad-request");
  }
}

/** Like `answer`, without where the data came from. */
export async function served<N extends SourceName>(env: CliEnv, name: N, args: SourceArgs<N>): Promise<SourceData<N>> {
  return (await answer(env, name, args)).data;
}
