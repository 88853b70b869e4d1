import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

/**
 * A folder's import graph as its rooms see it, the way `farm-studio look` draws one folder: each loose file is a
 * room, and each subfolder is one room whatever it holds. A room stands above every room it imports (its floor is
 * one more than the highest of theirs); an arrow that runs back up is one between rooms that import each other, on
 * any path, so that no floor can be given to them.
 */

/** Each file (a path relative to the folder, `/`-separated) and the files of the folder it imports. */
export type FileImports = ReadonlyMap<string, readonly string[]>;

/** One import from one room to another. */
export interface Arrow {
  readonly from: string;
  readonly to: string;
}

/** What a folder's rooms measure. */
export interface Rooms {
  /** The files directly in the folder. */
  readonly looseFiles: readonly string[];
  /** How many floors the rooms stand on (the longest chain of imports between rooms, counting both ends). */
  readonly floors: number;
  /** Room to room imports between rooms that import each other, file to file. */
  readonly backUp: readonly Arrow[];
}

/** The room a file stands in: its first folder, or itself when it is loose. */
export function roomOf(file: string): string {
  const slash = file.indexOf("/");
  return slash === -1 ? file : `${file.slice(0, slash)}/`;
}

/** The rooms' strongly connected parts (Tarjan's), each as the set of rooms in it. */
function circles(rooms: readonly string[], arrows: ReadonlyMap<string, ReadonlySet<string>>): Map<string, number> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const part = new Map<string, number>();
  const stack: string[] = [];
  let next = 0;
  let parts = 0;
  const visit = (room: string): void => {
    index.set(room, next);
    low.set(room, next);
    next += 1;
    stack.push(room);
    for (const to of arrows.get(room) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(room, Math.min(low.get(room) ?? 0, low.get(to) ?? 0));
      } else if (!part.has(to)) low.set(room, Math.min(low.get(room) ?? 0, index.get(to) ?? 0));
    }
    if (low.get(room) !== index.get(room)) return;
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      part.set(top, parts);
      if (top === room) break;
    }
    parts += 1;
  };
  for (const room of rooms) if (!index.has(room)) visit(room);
  return part;
}

/** The rooms of a folder's graph: its loose files, its floors, and the arrows that run back up. */
export function measureRooms(imports: FileImports): Rooms {
  const files = [...imports.keys()];
  const rooms = [...new Set(files.map(roomOf))].sort();
  const arrows = new Map<string, Set<string>>(rooms.map((room) => [room, new Set<string>()]));
  for (const [file, targets] of imports)
    for (const target of targets) if (roomOf(target) !== roomOf(file)) arrows.get(roomOf(file))?.add(roomOf(target));
  const part = circles(rooms, arrows);
  const backUp: Arrow[] = [];
  for (const [file, targets] of imports)
    for (const target of targets)
      if (roomOf(target) !== roomOf(file) && part.get(roomOf(target)) === part.get(roomOf(file)))
        backUp.push({ from: file, to: target });
  // Floors over the parts, so that a circle cannot make the count run for ever; each part stands as one room.
  const floorOf = new Map<number, number>();
  const floor = (room: string): number => {
    const own = part.get(room) ?? -1;
    const known = floorOf.get(own);
    if (known !== undefined) return known;
    floorOf.set(own, 1);
    let highest = 0;
    for (const member of rooms.filter((r) => part.get(r) === own))
      for (const to of arrows.get(member) ?? []) if (part.get(to) !== own) highest = Math.max(highest, floor(to));
    floorOf.set(own, highest + 1);
    return highest + 1;
  };
  const floors = Math.max(0, ...rooms.map(floor));
  return { looseFiles: files.filter((file) => !file.includes("/")).sort(), floors, backUp };
}

/** Every `.ts` and `.tsx` file under `folder`, relative to it. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".d.ts"))
    .map((file) => file.split("\\").join("/"))
    .sort();
}

/** The files of `folder` each of its files imports (type-only imports, re-exports and `import()` too), read from disk. */
export function readImports(folder: string): FileImports {
  const files = sourceFiles(folder);
  const known = new Set(files);
  const resolveIn = (file: string, specifier: string): string | undefined => {
    if (!specifier.startsWith(".")) return undefined;
    const base = relative(folder, resolve(folder, dirname(file), specifier))
      .split("\\")
      .join("/");
    const bare = base.replace(/\.(js|ts|tsx)$/, "");
    return [`${bare}.ts`, `${bare}.tsx`, `${bare}/index.ts`].find((candidate) => known.has(candidate));
  };
  return new Map(
    files.map((file) => {
      const text = readFileSync(join(folder, file), "utf8");
      const named = ts.preProcessFile(text, true, true).importedFiles.map((imported) => imported.fileName);
      const targets = named.map((specifier) => resolveIn(file, specifier)).filter((t) => t !== undefined);
      return [file, [...new Set(targets)]];
    }),
  );
}
