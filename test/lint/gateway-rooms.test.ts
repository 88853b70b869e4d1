import { join } from "node:path";
import { measureRooms, readImports, type FileImports } from "./import-graph";

/*
 * The gateway's code in rooms by job (gateway/src/README.md), measured from its real imports: few loose files, few
 * floors, and no import running back up, so a reader finds a file by its job and reads the code from the ground up.
 */
const GATEWAY_SOURCES = join(__dirname, "..", "..", "gateway", "src");

const MAX_LOOSE_FILES = 8;
const MAX_FLOORS = 10;

describe("the gateway's rooms", () => {
  const rooms = measureRooms(readImports(GATEWAY_SOURCES));

  it(`keeps at most ${MAX_LOOSE_FILES} files loose beside its rooms`, () => {
    expect(rooms.looseFiles).toContain("compose.ts");
    expect(rooms.looseFiles.length).toBeLessThanOrEqual(MAX_LOOSE_FILES);
  });

  it(`stands on at most ${MAX_FLOORS} floors, with no import running back up`, () => {
    expect(rooms.backUp).toEqual([]);
    expect(rooms.floors).toBeGreaterThan(1);
    expect(rooms.floors).toBeLessThanOrEqual(MAX_FLOORS);
  });
});

describe("the rooms' measure", () => {
  const planted = (edges: Record<string, string[]>): FileImports => new Map(Object.entries(edges));

  it("counts a folder as one room and floors from the ground up", () => {
    const rooms = measureRooms(
      planted({
        "main.ts": ["serving/resolver.ts"],
        "serving/resolver.ts": ["serving/queue.ts", "store/store.ts"],
        "serving/queue.ts": ["store/store.ts"],
        "store/store.ts": [],
        "version.ts": [],
      }),
    );
    expect(rooms).toEqual({ looseFiles: ["main.ts", "version.ts"], floors: 3, backUp: [] });
  });

  it("reports each import between rooms that import each other, and still counts floors", () => {
    const rooms = measureRooms(
      planted({
        "answer-rules.ts": ["store/store.ts"],
        "store/stored-answer.ts": ["answer-rules.ts"],
        "store/store.ts": [],
        "serving/resolver.ts": ["store/store.ts"],
      }),
    );
    expect(rooms.backUp).toEqual([
      { from: "answer-rules.ts", to: "store/store.ts" },
      { from: "store/stored-answer.ts", to: "answer-rules.ts" },
    ]);
    expect(rooms.floors).toBe(2);
  });
});
