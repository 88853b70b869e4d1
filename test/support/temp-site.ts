import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/**
 * A throwaway folder of files for one describe block: written before its tests (call this before the
 * beforeAll that serves it), removed after. Returns the folder's path once it exists.
 */
export function useTempSite(files: Readonly<Record<string, string | Buffer>>): () => string {
  let root: string | undefined;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "site-"));
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), content);
    }
  });
  afterAll(() => {
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
  });
  return () => {
    if (root === undefined) throw new Error("The site is written in beforeAll; use it from a hook or a test.");
    return root;
  };
}
