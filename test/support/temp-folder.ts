import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A throwaway folder for the suite, or the describe block this is called in: made under the system's temporary
 * folder on first use (from a hook or a test), and removed with all it holds (tokens, keys, logs) once the block's
 * tests are done. Jest runs afterAll hooks in the order they are declared, so call this below the afterAll that stops
 * whatever still reads the folder (a gateway given a file in it).
 */
export function useTempFolder(prefix: string): () => string {
  let folder: string | undefined;
  afterAll(() => {
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
    folder = undefined;
  });
  return () => (folder ??= mkdtempSync(join(tmpdir(), prefix)));
}
