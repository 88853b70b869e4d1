import { main } from "../../src/cli/main";

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI in this process (fast; today injectable) with an empty environment. */
export async function runCli(argv: readonly string[], now?: Date): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    env: {},
    now: now === undefined ? undefined : () => now,
  });
  return { code, stdout, stderr };
}

/** What a refused or failed run gives: exit `code`, nothing on stdout, and `stderr` as said. */
export function failed(code: number, stderr: string): CliRun {
  return { code, stdout: "", stderr };
}
