import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { measureRooms, readImports, type FileImports } from "./import-graph";

/*
 * The whole tree's imports, measured from the real files: no circles, no import running back up (between the floors
 * the lint draws, between the shared package's folders, and between the rooms of a floor laid out by feature), no folder holding more than a share of the
 * code, and no two files of the add-in with one name, so a reader finds each file by its job and reads from the
 * ground up.
 */
const REPO = join(__dirname, "..", "..");
/** The code of every package (not its tests): the add-in, the shared package, the gateway, the reference service. */
const PACKAGES = ["src", "packages/wire/src", "gateway/src", "reference-service/src"];
/** Floors of the add-in laid out in rooms by feature: their rooms stand in layers too. */
const IN_ROOMS = ["src/office", "src/workbook"];
const MAX_SHARE = 0.15;

/** Each file as a room of its own, so that the rooms that import each other are files in a circle. */
function fileByFile(imports: FileImports): FileImports {
  const own = (file: string) => file.split("/").join(":");
  return new Map([...imports].map(([file, targets]) => [own(file), targets.map(own)]));
}

/** Each folder's share of the code (the lines, not blank, of the files directly in it), largest first. */
function folderShares(lines: ReadonlyMap<string, number>): Array<{ folder: string; share: number }> {
  const total = [...lines.values()].reduce((sum, count) => sum + count, 0);
  const byFolder = new Map<string, number>();
  for (const [file, count] of lines) {
    const folder = file.slice(0, file.lastIndexOf("/"));
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + count);
  }
  return [...byFolder]
    .map(([folder, count]) => ({ folder, share: count / total }))
    .sort((a, b) => b.share - a.share || a.folder.localeCompare(b.folder));
}

/** The names two or more files share, each with its files (faces apart: every folder has its index.ts). */
function sharedNames(files: readonly string[]): string[] {
  const byName = new Map<string, string[]>();
  for (const file of files) {
    const name = file.slice(file.lastIndexOf("/") + 1).replace(/\.tsx?$/, "");
    if (name !== "index") byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  return [...byName].filter(([, paths]) => paths.length > 1).map(([name, paths]) => `${name}: ${paths.join(", ")}`);
}

/** Every .ts and .tsx file under `folder` (from the repository's root), declarations apart. */
function codeFiles(folder: string): string[] {
  return readdirSync(join(REPO, folder), { recursive: true, encoding: "utf8" })
    .map((file) => file.split("\\").join("/"))
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".d.ts"))
    .map((file) => `${folder}/${file}`);
}

describe("the whole tree's imports", () => {
  const imports = new Map(PACKAGES.map((folder) => [folder, readImports(join(REPO, folder))]));
  const of = (folder: string): FileImports => imports.get(folder) ?? new Map();

  it("read every package, each a floor above another (so the checks below cannot pass by reading nothing)", () => {
    for (const folder of PACKAGES) {
      expect(of(folder).size).toBeGreaterThan(10);
      expect(measureRooms(of(folder)).floors).toBeGreaterThan(1);
    }
  });

  it("have no circles: no file imports, on any path, a file that imports it", () => {
    for (const folder of PACKAGES)
      expect({ folder, circles: measureRooms(fileByFile(of(folder))).backUp }).toEqual({
        folder,
        circles: [],
      });
  });

  // The gateway's rooms, with their floors and loose files, are measured in gateway-rooms.test.ts.
  it("never run back up: between the floors the lint draws, the shared package's folders, and the rooms of a floor", () => {
    const floors = {
      src: of("src"),
      "packages/wire/src": of("packages/wire/src"),
      "reference-service/src": of("reference-service/src"),
    };
    for (const [folder, floorImports] of Object.entries(floors))
      expect({ folder, backUp: measureRooms(floorImports).backUp }).toEqual({ folder, backUp: [] });
    for (const folder of IN_ROOMS) {
      const rooms = measureRooms(readImports(join(REPO, folder)));
      expect({ folder, backUp: rooms.backUp }).toEqual({ folder, backUp: [] });
      expect(rooms.floors).toBeGreaterThan(2);
    }
  });

  it(`keep every folder under ${MAX_SHARE * 100}% of the code`, () => {
    const lines = new Map(
      PACKAGES.flatMap(codeFiles).map((file) => {
        const text = readFileSync(join(REPO, file), "utf8");
        return [file, text.split("\n").filter((line) => line.trim() !== "").length] as const;
      }),
    );
    const [largest] = folderShares(lines);
    expect(largest?.share).toBeGreaterThan(0);
    expect(folderShares(lines).filter(({ share }) => share > MAX_SHARE)).toEqual([]);
  });

  it("give no two files of the add-in one name", () => {
    const files = codeFiles("src");
    expect(files.length).toBeGreaterThan(100);
    expect(sharedNames(files)).toEqual([]);
  });
});

describe("the measures", () => {
  const planted = (edges: Record<string, string[]>): FileImports => new Map(Object.entries(edges));

  it("find a circle of files inside one folder, which rooms alone would not see", () => {
    const imports = planted({ "mcp/server.ts": ["mcp/call-tool.ts"], "mcp/call-tool.ts": ["mcp/server.ts"] });
    expect(measureRooms(imports).backUp).toEqual([]);
    expect(measureRooms(fileByFile(imports)).backUp).toEqual([
      { from: "mcp:server.ts", to: "mcp:call-tool.ts" },
      { from: "mcp:call-tool.ts", to: "mcp:server.ts" },
    ]);
  });

  it("take each of the shared package's folders as a room, so a circle through three of them runs back up", () => {
    const layered = planted({
      "errors/fault.ts": ["headers/parse.ts"],
      "headers/parse.ts": ["time/day.ts"],
      "resources/table.ts": ["errors/fault.ts", "headers/parse.ts"],
      "time/day.ts": [],
    });
    expect(measureRooms(layered)).toMatchObject({ floors: 4, backUp: [] });
    const circle = planted({ ...Object.fromEntries(layered), "headers/parse.ts": ["resources/table.ts"] });
    expect(measureRooms(circle).backUp).toHaveLength(4);
  });

  it("share the code out by the folder each file is directly in, and name each name two files share", () => {
    const lines = new Map([
      ["src/office/index.ts", 10],
      ["src/office/freeze/freeze.ts", 30],
      ["src/workbook/receipts/receipt.ts", 60],
    ]);
    expect(folderShares(lines)).toEqual([
      { folder: "src/workbook/receipts", share: 0.6 },
      { folder: "src/office/freeze", share: 0.3 },
      { folder: "src/office", share: 0.1 },
    ]);
    expect(sharedNames(["src/a/index.ts", "src/b/index.ts", "src/a/receipt.ts", "src/b/receipt.ts"])).toEqual([
      "receipt: src/a/receipt.ts, src/b/receipt.ts",
    ]);
  });
});
