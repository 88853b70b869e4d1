import type { FormulaEnv } from "../formulas";
import type { CliArgs } from "./args";
import type { LastKnownAnswers } from "./last-known";

/** The formulas' environment, and where the answers a cache served stale are noted for the terminal's mark. */
export interface CliEnv extends FormulaEnv {
  readonly lastKnown: LastKnownAnswers;
}

/** What a command runs with: the source, the args, today. Its own module, so commands.ts and each command import it. */
export interface CommandContext {
  readonly env: CliEnv;
  readonly args: CliArgs;
  readonly now: Date;
}
