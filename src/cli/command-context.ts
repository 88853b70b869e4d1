import type { FormulaEnv } from "../excel";
import type { CliArgs } from "./args";

/** What a command runs with: the source, the args, today. Its own module, so commands.ts and each command import it. */
export interface CommandContext {
  readonly env: FormulaEnv;
  readonly args: CliArgs;
  readonly now: Date;
}
