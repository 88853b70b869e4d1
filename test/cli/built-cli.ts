import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";

const ROOT = join(__dirname, "..", "..");
const TSC = join(ROOT, "node_modules", "typescript", "bin", "tsc");

/**
 * Compiles the CLI with its real tsconfig into a folder of its own under test-artifacts/ (so a suite never
 * races `npm pack` writing build/cli) and puts the real bin script beside it. Returns the bin's path.
 * Inside the repository, so the compiled code finds zod in node_modules as an installed package would.
 */
export async function buildCli(): Promise<string> {
  const base = join(ROOT, "test-artifacts");
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(join(base, "cli-"));
  // The CLI compiles against @index-data/wire as installed: its build (packages/wire/dist), as `npm run build:cli` does.
  await promisify(execFile)(process.execPath, [TSC, "-p", join(ROOT, "packages", "wire", "tsconfig.build.json")]);
  await promisify(execFile)(process.execPath, [
    TSC,
    "-p",
    join(ROOT, "tsconfig.cli.json"),
    "--outDir",
    join(dir, "build", "cli"),
  ]);
  mkdirSync(join(dir, "bin"));
  copyFileSync(join(ROOT, "bin", "index-data.js"), join(dir, "bin", "index-data.js"));
  return join(dir, "bin", "index-data.js");
}

/** Removes what `buildCli` made. */
export function removeBuiltCli(bin: string): void {
  if (bin !== "") rmSync(dirname(dirname(bin)), { recursive: true, force: true });
}
