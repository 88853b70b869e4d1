import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { useTempFolder } from "./temp-folder";

/**
 * A throwaway folder of files for one describe block: written before its tests (call this before the
 * beforeAll that serves it), removed after. Returns the folder's path once it exists.
 */
export function useTempSite(files: Readonly<Record<string, string | Buffer>>): () => string {
  const folder = useTempFolder("site-");
  let written = false;
  beforeAll(() => {
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(folder(), path)), { recursive: true });
      writeFileSync(join(folder(), path), content);
    }
    written = true;
  });
  return () => {
    if (!written) throw new Error("The site is written in beforeAll; use it from a hook or a test.");
    return folder();
  };
}
