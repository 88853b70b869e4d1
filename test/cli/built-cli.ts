import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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
  // The CLI compiles against @index-data/wire as installed, as `npm run build:cli` does: here a build of its own in
  // the folder's node_modules (found first by the compiled CLI), so no suite races another over packages/wire/dist.
  const wire = join(dir, "node_modules", "@index-data", "wire");
  const exec = promisify(execFile);
  await exec(process.execPath, [
    TSC,
    "-p",
    join(ROOT, "packages", "wire", "tsconfig.build.json"),
    "--outDir",
    join(wire, "dist"),
  ]);
  copyFileSync(join(ROOT, "packages", "wire", "package.json"), join(wire, "package.json"));
  const types = join(wire, "dist");
  const config = {
    extends: join(ROOT, "tsconfig.cli.json"),
    compilerOptions: {
      outDir: join(dir, "build", "cli"),
      paths: {
        "@index-data/wire": [join(types, "index.d.ts")],
        "@index-data/wire/*": [join(types, "*", "index.d.ts")],
      },
    },
  };
  writeFileSync(join(dir, "tsconfig.cli.json"), JSON.stringify(config));
  await exec(process.execPath, [TSC, "-p", join(dir, "tsconfig.cli.json")]);
  mkdirSync(join(dir, "bin"));
  copyFileSync(join(ROOT, "bin", "index-data.js"), join(dir, "bin", "index-data.js"));
  return join(dir, "bin", "index-data.js");
}

/** Removes what `buildCli` made. */
export function removeBuiltCli(bin: string): void {
  if (bin !== "") rmSync(dirname(dirname(bin)), { recursive: true, force: true });
}
